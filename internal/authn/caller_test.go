package authn_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// The caller an endpoint reads is the token's user in the request's language, or a visitor; the
// owner and staff own a thing, nobody else does, a visitor never.
func TestCallerFromTheRequest(t *testing.T) {
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{signer.KeyID(): signer.PublicKey()}, nil), nil)
	now := time.Now()
	token := func(sub string, role authn.Role) string {
		tok, _ := signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: sub, Session: "s", Role: role, Name: "Ayşe " + sub, ID: "j", IssuedAt: now.Unix(), ExpiresAt: now.Add(time.Minute).Unix()})
		return tok
	}
	callerOf := func(tok string, lang i18n.Lang) authn.Caller {
		req := httptest.NewRequest("GET", "/x", nil)
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		var got authn.Caller
		h := auth.Middleware(httptestHandler(func(ctx context.Context) { got = authn.CallerFrom(httpx.WithLang(ctx, lang)) }))
		h.ServeHTTP(httptest.NewRecorder(), req)
		return got
	}
	customer := callerOf(token("c1", authn.RoleCustomer), i18n.EN)
	if customer != (authn.Caller{ID: "c1", Role: authn.RoleCustomer, Name: "Ayşe c1", Lang: i18n.EN}) || !customer.SignedIn() || customer.Staff() {
		t.Errorf("customer: %+v", customer)
	}
	if !customer.Owns("c1") || customer.Owns("c2") || customer.Owns("") {
		t.Error("a customer owns their own things only")
	}
	staff := callerOf(token("a1", authn.RoleAdmin), i18n.TR)
	if !staff.Staff() || !staff.Owns("c1") || staff.Lang != i18n.TR {
		t.Errorf("staff: %+v", staff)
	}
	visitor := callerOf("", i18n.TR)
	if visitor.SignedIn() || visitor.Owns("") || visitor.Owns("c1") || visitor.Lang != i18n.TR {
		t.Errorf("visitor: %+v", visitor)
	}
	if expired := callerOf("x.y.z", i18n.EN); expired.SignedIn() {
		t.Errorf("a bad token makes a caller: %+v", expired)
	}
}

// httptestHandler runs f with the request's context.
type httptestHandler func(ctx context.Context)

func (f httptestHandler) ServeHTTP(_ http.ResponseWriter, r *http.Request) { f(r.Context()) }

// A sandbox key's token names the customer's sandbox id: its caller is marked sandbox, owns what
// that id owns and not what the customer's live account owns, and LiveID finds the customer.
func TestSandboxCallerIsASecondAccount(t *testing.T) {
	live := "c-123"
	sbx := authn.SandboxID(live)
	if sbx != "sbx_c-123" || !authn.IsSandbox(sbx) || authn.IsSandbox(live) || authn.IsSandbox("sbx_") {
		t.Fatalf("SandboxID(%q) = %q, IsSandbox wrong", live, sbx)
	}
	if authn.LiveID(sbx) != live || authn.LiveID(live) != live {
		t.Fatalf("LiveID(%q) = %q, LiveID(%q) = %q", sbx, authn.LiveID(sbx), live, authn.LiveID(live))
	}
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{signer.KeyID(): signer.PublicKey()}, nil), nil)
	now := time.Now()
	tok, _ := signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: sbx, Session: "s", Role: authn.RoleCustomer, ID: "j", IssuedAt: now.Unix(),
		ExpiresAt: now.Add(time.Minute).Unix(), Key: "k1", Scope: authn.ScopeWrite, Sandbox: true})
	req := httptest.NewRequest("GET", "/x", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	var c authn.Caller
	auth.Middleware(httptestHandler(func(ctx context.Context) { c = authn.CallerFrom(ctx) })).ServeHTTP(httptest.NewRecorder(), req)
	if !c.Sandbox || c.ID != sbx || c.Key != "k1" {
		t.Fatalf("caller = %+v, want the sandbox id, marked", c)
	}
	if c.Owns(live) || !c.Owns(sbx) {
		t.Fatalf("a sandbox caller owns %q: %v, %q: %v", live, c.Owns(live), sbx, c.Owns(sbx))
	}
}
