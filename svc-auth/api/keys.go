package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/keys"
)

// API keys (svc-auth/keys): a customer's own from the panel, staff's list and revocation, and
// the exchange of a key for an access token that the gateway makes for every request a key
// signs.

type (
	keyRevokeRequest struct{ ID string }
	keyPageRequest   struct{ After string }
	keyExchange      struct{ Secret, IP string }
	keyList          struct {
		Keys []keys.Key `json:"keys"`
	}
)

// WithKeys adds the keys' endpoints over k, and staff's view of svc-auth's audit log, where
// every key made and revoked is recorded.
func (e Endpoints) WithKeys(k keys.Service, auditLog http.Handler) Endpoints {
	e.audit = auditLog
	e.KeysMine = func(ctx context.Context, _ any) (any, error) {
		list, err := k.Mine(ctx, authn.CallerFrom(ctx))
		return keyList{Keys: list}, err
	}
	e.KeyCreate = func(ctx context.Context, request any) (any, error) {
		created, err := k.Create(ctx, authn.CallerFrom(ctx), request.(keys.NewKey))
		return withStatus{http.StatusCreated, created}, err
	}
	e.KeyRevoke = func(ctx context.Context, request any) (any, error) {
		return k.Revoke(ctx, authn.CallerFrom(ctx), request.(keyRevokeRequest).ID)
	}
	e.KeyExchange = func(ctx context.Context, request any) (any, error) {
		x := request.(keyExchange)
		return k.Exchange(ctx, x.Secret, x.IP)
	}
	e.AdminKeys = func(ctx context.Context, request any) (any, error) {
		return k.All(ctx, request.(keyPageRequest).After)
	}
	e.AdminKeyRevoke = func(ctx context.Context, request any) (any, error) {
		return k.RevokeAny(ctx, request.(keyRevokeRequest).ID)
	}
	return e
}

// decodeNewKey reads a new key; a sandbox key acts in the customer's sandbox space
// (authn.SandboxID), where nothing is charged and a simulated translator works.
func decodeNewKey(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Name      string     `json:"name"`
		Scope     string     `json:"scope"`
		Sandbox   bool       `json:"sandbox"`
		ExpiresAt *time.Time `json:"expiresAt"`
	}
	if err := httpx.DecodeJSONStrict(r, maxBody, &b); err != nil {
		return nil, err
	}
	return keys.NewKey{Name: b.Name, Scope: keys.Scope(strings.TrimSpace(b.Scope)), Sandbox: b.Sandbox, ExpiresAt: b.ExpiresAt}, nil
}

func decodeKeyID(_ context.Context, r *http.Request) (any, error) {
	return keyRevokeRequest{ID: r.PathValue("id")}, nil
}

func decodeKeyPage(_ context.Context, r *http.Request) (any, error) {
	return keyPageRequest{After: r.URL.Query().Get("after")}, nil
}

func decodeKeyExchange(trusted httpx.TrustedProxies) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		var b struct {
			Key string `json:"key"`
		}
		if err := httpx.DecodeJSON(r, maxBody, &b); err != nil {
			return nil, err
		}
		return keyExchange{Secret: strings.TrimSpace(b.Key), IP: clientOf(trusted, r).IP}, nil
	}
}

// The keys' refusals.
var (
	problemKeyUnknown = httpx.NewProblem(http.StatusUnauthorized, "invalid_key", i18n.Text{
		TR: "API anahtarı geçersiz.", EN: "The API key is not valid.",
	})
	problemKeyRevoked = authn.ErrKeyRevoked
	problemKeyExpired = httpx.NewProblem(http.StatusUnauthorized, "key_expired", i18n.Text{
		TR: "Bu API anahtarının süresi doldu.", EN: "This API key has expired.",
	})
	problemKeyFailures = httpx.NewProblem(http.StatusTooManyRequests, "too_many_key_failures", i18n.Text{
		TR: "Bu adresten çok fazla geçersiz API anahtarı denendi. Lütfen biraz sonra tekrar deneyin.",
		EN: "Too many invalid API keys were tried from this address. Please try again a little later.",
	})
	problemKeysTooMany = httpx.NewProblem(http.StatusConflict, "too_many_keys", i18n.Text{
		TR: "En çok 20 etkin API anahtarınız olabilir; yenisini oluşturmadan önce birini iptal edin.",
		EN: "You can hold at most 20 active API keys; revoke one before creating another.",
	})
	problemKeysCustomers = httpx.NewProblem(http.StatusForbidden, "keys_for_customers", i18n.Text{
		TR: "API anahtarları yalnızca müşteri hesaplarına verilir.", EN: "API keys are only for customer accounts.",
	})
	problemKeyCannotKey = httpx.NewProblem(http.StatusForbidden, "key_cannot_manage_keys", i18n.Text{
		TR: "API anahtarları bir API anahtarıyla yönetilemez; hesabınıza giriş yapın.",
		EN: "API keys cannot be managed with an API key; sign in to your account.",
	})
)

// keyFieldMessages word the reasons a new key is refused.
var keyFieldMessages = map[string]i18n.Text{
	keys.ReasonScope:      {TR: "Kapsam read ya da read+write olmalı.", EN: "The scope must be read or read+write."},
	keys.ReasonExpiryPast: {TR: "Son geçerlilik tarihi gelecekte olmalı.", EN: "The expiry must be in the future."},
	keys.ReasonExpiryFar:  {TR: "Son geçerlilik tarihi en çok iki yıl sonrası olabilir.", EN: "The expiry can be at most two years ahead."},
}

// keyProblem maps the keys' errors to their answers; nil for another error.
func keyProblem(err error) *httpx.Problem {
	switch {
	case errors.Is(err, keys.ErrTooManyFailures):
		return problemKeyFailures
	case errors.Is(err, keys.ErrUnknownSecret):
		return problemKeyUnknown
	case errors.Is(err, keys.ErrRevoked):
		return problemKeyRevoked
	case errors.Is(err, keys.ErrExpired):
		return problemKeyExpired
	case errors.Is(err, keys.ErrTooMany):
		return problemKeysTooMany
	case errors.Is(err, keys.ErrNotCustomer):
		return problemKeysCustomers
	case errors.Is(err, keys.ErrKeyCannotKey):
		return problemKeyCannotKey
	case errors.Is(err, keys.ErrNotFound):
		return httpx.ErrNotFound
	}
	return nil
}
