package authn

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"linguaport/internal/svcclient"
)

// JWKSPath is where svc-auth publishes its public keys, below its service address.
const JWKSPath = "/api/v1/auth/.well-known/jwks.json"

// JWK is an Ed25519 public key in JSON Web Key form (RFC 8037).
type JWK struct {
	Kty string `json:"kty"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
}

// JWKS is a key set.
type JWKS struct {
	Keys []JWK `json:"keys"`
}

// PublicJWK describes an Ed25519 public key published under kid.
func PublicJWK(kid string, pub ed25519.PublicKey) JWK {
	return JWK{Kty: "OKP", Crv: "Ed25519", X: b64.EncodeToString(pub), Kid: kid, Use: "sig", Alg: "EdDSA"}
}

// Ed25519Keys returns the usable keys of a set by kid, skipping what is not an Ed25519 signing key.
func (s JWKS) Ed25519Keys() map[string]ed25519.PublicKey {
	out := make(map[string]ed25519.PublicKey, len(s.Keys))
	for _, k := range s.Keys {
		if k.Kty != "OKP" || k.Crv != "Ed25519" || (k.Use != "" && k.Use != "sig") || k.Kid == "" {
			continue
		}
		x, err := b64.DecodeString(k.X)
		if err != nil || len(x) != ed25519.PublicKeySize {
			continue
		}
		out[k.Kid] = ed25519.PublicKey(x)
	}
	return out
}

// StaticKeys is a fixed key set: svc-auth verifies with its own keys this way.
type StaticKeys map[string]ed25519.PublicKey

func (s StaticKeys) Key(_ context.Context, kid string) (ed25519.PublicKey, error) {
	if k, ok := s[kid]; ok {
		return k, nil
	}
	return nil, ErrUnknownKey
}

// RemoteKeys reads svc-auth's JWKS and keeps it. A token naming a kid it does not know makes it
// read the set again (svc-auth may have added a key), but at most once per refetchAfter, so
// tokens with made-up kids cannot turn every request into a call to svc-auth.
type RemoteKeys struct {
	fetch        func(ctx context.Context) (JWKS, error)
	refetchAfter time.Duration

	mu      sync.Mutex
	keys    map[string]ed25519.PublicKey
	fetched time.Time
}

// NewRemoteKeys returns a KeySource reading key sets with fetch.
func NewRemoteKeys(fetch func(ctx context.Context) (JWKS, error)) *RemoteKeys {
	return &RemoteKeys{fetch: fetch, refetchAfter: 10 * time.Second}
}

func (r *RemoteKeys) Key(ctx context.Context, kid string) (ed25519.PublicKey, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if k, ok := r.keys[kid]; ok {
		return k, nil
	}
	if !r.fetched.IsZero() && time.Since(r.fetched) < r.refetchAfter {
		return nil, ErrUnknownKey
	}
	set, err := r.fetch(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the signing keys: %w", err)
	}
	r.keys, r.fetched = set.Ed25519Keys(), time.Now()
	if k, ok := r.keys[kid]; ok {
		return k, nil
	}
	return nil, ErrUnknownKey
}

// FetchFrom reads the JWKS from svc-auth through c, the platform's client of another service
// (round-robin over the healthy instances, retried on another one when one fails).
func FetchFrom(c *svcclient.Client) func(ctx context.Context) (JWKS, error) {
	return func(ctx context.Context) (JWKS, error) {
		resp, err := c.Get(ctx, JWKSPath, nil)
		if err != nil {
			return JWKS{}, fmt.Errorf("fetching the JWKS: %w", err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return JWKS{}, fmt.Errorf("fetching the JWKS: %s", resp.Status)
		}
		var set JWKS
		if err := json.NewDecoder(resp.Body).Decode(&set); err != nil {
			return JWKS{}, fmt.Errorf("fetching the JWKS: %w", err)
		}
		return set, nil
	}
}
