package api

import (
	"bytes"
	"context"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/auth"
)

// KVKK requests (auth/privacy*.go): a signed-in person's from Settings, a visitor's through the
// site's form confirmed by a mailed link, their copies as one ZIP, and staff's list.

type (
	privacyAskRequest   struct{ Kind, Password string }
	privacyEmailRequest struct {
		Email, Kind string
		Lang        i18n.Lang
		IP          string
	}
	privacyConfirmRequest struct{ Token string }
	privacyListRequest    struct{ State, Before string }
	privacyRequests       struct {
		Requests []auth.PrivacyRequest `json:"requests"`
	}
	// asked answers a visitor's request without saying whether the address has an account.
	asked struct {
		Sent bool `json:"sent"`
	}
)

// WithPrivacy adds the KVKK requests' endpoints over p.
func (e Endpoints) WithPrivacy(p auth.Privacy) Endpoints {
	e.privacy = p
	e.PrivacyAsk = func(ctx context.Context, request any) (any, error) {
		a := request.(privacyAskRequest)
		r, err := p.Ask(ctx, authn.CallerFrom(ctx), a.Kind, a.Password)
		return withStatus{http.StatusCreated, r}, err
	}
	e.PrivacyMine = func(ctx context.Context, _ any) (any, error) {
		list, err := p.Mine(ctx, authn.CallerFrom(ctx))
		return privacyRequests{Requests: list}, err
	}
	e.PrivacyAskByEmail = func(ctx context.Context, request any) (any, error) {
		r := request.(privacyEmailRequest)
		return withStatus{http.StatusAccepted, asked{Sent: true}}, p.AskByEmail(ctx, r.Email, r.Kind, r.Lang, r.IP)
	}
	e.PrivacyConfirm = func(ctx context.Context, request any) (any, error) {
		return p.Confirm(ctx, request.(privacyConfirmRequest).Token)
	}
	e.AdminPrivacy = func(ctx context.Context, request any) (any, error) {
		r := request.(privacyListRequest)
		return p.StaffRequests(ctx, authn.CallerFrom(ctx), r.State, r.Before)
	}
	e.AdminPrivacyOne = func(ctx context.Context, request any) (any, error) {
		return p.StaffRequest(ctx, authn.CallerFrom(ctx), request.(string))
	}
	return e
}

// withStatus answers body with a status other than 200: 201 for a request made, 202 for one
// taken whose outcome is mailed.
type withStatus struct {
	code int
	body any
}

func decodePrivacyAsk(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Kind     string `json:"kind"`
		Password string `json:"password"` // an erasure's confirmation
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	return privacyAskRequest{Kind: strings.TrimSpace(b.Kind), Password: b.Password}, nil
}

func decodePrivacyEmail(trusted httpx.TrustedProxies) func(context.Context, *http.Request) (any, error) {
	return func(ctx context.Context, r *http.Request) (any, error) {
		var b struct {
			Email string `json:"email"`
			Kind  string `json:"kind"`
		}
		if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
			return nil, err
		}
		return privacyEmailRequest{Email: b.Email, Kind: strings.TrimSpace(b.Kind), Lang: httpx.LangFrom(ctx), IP: clientOf(trusted, r).IP}, nil
	}
}

func decodePrivacyConfirm(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Token string `json:"token"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	return privacyConfirmRequest{Token: strings.TrimSpace(b.Token)}, nil
}

func decodePrivacyList(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return privacyListRequest{State: q.Get("state"), Before: q.Get("before")}, nil
}

// privacyCopy serves a ready copy as a ZIP: the signed-in owner's by id, or a visitor's by the
// mailed ?token=. The archive is built whole before the first byte, so a failure is an error
// answer, never half a file.
func privacyCopy(p auth.Privacy, byToken bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if p == nil {
			encodeError(ctx, httpx.ErrUnavailable, w)
			return
		}
		c := authn.CallerFrom(ctx)
		id, token := r.PathValue("id"), ""
		if byToken {
			id, token = "", r.URL.Query().Get("token")
		}
		name, err := p.CopyName(ctx, c, id, token)
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		var buf bytes.Buffer
		if err := p.Copy(ctx, c, id, token, &buf); err != nil {
			encodeError(ctx, err, w)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "application/zip")
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
		h.Set("Content-Length", strconv.Itoa(buf.Len()))
		h.Set("Cache-Control", "private, no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		_, _ = w.Write(buf.Bytes())
	}
}

// decodeMarketing reads PUT me/consents/marketing: {"given": bool}, required.
func decodeMarketing(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Given *bool `json:"given"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
		return nil, err
	}
	if b.Given == nil {
		return nil, errs.Fields{"given": "required"}
	}
	return *b.Given, nil
}
