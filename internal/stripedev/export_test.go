package stripedev

import "time"

// SetClock makes the stand-in take the time from now, for expiry and signature tests.
func (s *Server) SetClock(now func() time.Time) { s.clock.Store(&now) }
