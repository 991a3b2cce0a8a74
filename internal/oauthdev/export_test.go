package oauthdev

import "time"

// SetClock makes the provider read the time from now, so tests can let codes and tokens expire.
func SetClock(p *Provider, now func() time.Time) { p.clock.Store(&now) }
