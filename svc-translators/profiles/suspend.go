package profiles

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
)

// MaxSuspendReason bounds why staff suspended a translator.
const MaxSuspendReason = 500

// A suspension's refusals of its "reason", apart from the other reasons a field named "reason"
// has in this service (an application's reject).
const (
	ReasonSuspendRequired = "suspend_reason_required"
	ReasonSuspendLength   = "suspend_reason_length"
)

// Suspension is staff holding a translator back from new work: while it lasts svc-orders shows
// them no pool and refuses their claims (translator.profile_changed carries suspended). What is
// already on their desk stays theirs.
type Suspension struct {
	Reason string    `json:"reason" bson:"reason"`
	By     string    `json:"by" bson:"by"`
	At     time.Time `json:"at" bson:"at"`
}

// Suspend suspends the translator with reason; a translator suspended already is answered as
// they are (the first suspension stands).
func (s *service) Suspend(ctx context.Context, staff authn.Caller, translatorID, reason string) (Profile, error) {
	reason = strings.TrimSpace(reason)
	switch n := utf8.RuneCountInString(reason); {
	case n == 0:
		return Profile{}, errs.Fields{"reason": ReasonSuspendRequired}
	case n > MaxSuspendReason:
		return Profile{}, errs.Fields{"reason": ReasonSuspendLength}
	}
	return s.update(ctx, translatorID, func(p *Profile, now time.Time) error {
		if p.Suspension == nil {
			p.record(staff.ID, now, "suspended", "false", "true ("+reason+")")
			p.Suspension = &Suspension{Reason: reason, By: staff.ID, At: now.UTC().Truncate(time.Millisecond)}
		}
		return nil
	})
}

// Unsuspend lets the translator take work again; one not suspended is answered as they are.
func (s *service) Unsuspend(ctx context.Context, staff authn.Caller, translatorID string) (Profile, error) {
	return s.update(ctx, translatorID, func(p *Profile, now time.Time) error {
		if p.Suspension != nil {
			p.record(staff.ID, now, "suspended", "true ("+p.Suspension.Reason+")", "false")
			p.Suspension = nil
		}
		return nil
	})
}
