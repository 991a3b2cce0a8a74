package main

import (
	"time"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/ids"
	"linguaport/internal/platform"
	"linguaport/internal/ratelimit"
	"linguaport/svc-auth/auth"
	"linguaport/svc-auth/keys"
)

// startKeys builds the customers' API keys (svc-auth/keys) over the accounts and the shared
// session store, with svc-auth's audit log recording every key made and revoked.
func startKeys(p *platform.Process, store *auth.MongoStore, signer *authn.Signer, auditLog *audit.Log) keys.Service {
	keyStore, err := keys.NewMongoStore(p.Ctx, p.DB)
	p.ExitOn("api keys", err)
	return keys.NewService(keyStore, auth.KeyOwners(store), auth.KeySessions(p.Redis), signer,
		ratelimit.New(p.Redis, "auth-key-failures", keys.MaxFailures, keys.FailureWindow), auditLog, ids.New, time.Now)
}
