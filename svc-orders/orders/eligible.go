package orders

import (
	"context"
	"errors"
	"linguaport/internal/authn"
	"slices"
	"strings"
	"time"

	"linguaport/svc-orders/pool"
)

// Who staff may give an order to, and why the others may not: staff never face an empty list
// without a reason.

// Candidate is a translator who could take an order now. Current marks the translator a revision
// is with (listed first: staff send it back to them whatever their cap).
type Candidate struct {
	TranslatorID string `json:"translatorId"`
	ActiveJobs   int    `json:"activeJobs"`
	ActiveJobCap int    `json:"activeJobCap"`
	Current      bool   `json:"current,omitempty"`
}

// Excluded is a translator left out of the candidates, with why.
type Excluded struct {
	TranslatorID string `json:"translatorId"`
	Reason       string `json:"reason"`
}

// Why a translator is left out: competent for some of the job's keys but not all of them, at
// their cap, on vacation, suspended, or (the translator a revision is with) unknown to the pool,
// their account closed.
const (
	ExcludedNoCompetency = "no_competency"
	ExcludedAtCap        = "at_cap"
	ExcludedOnVacation   = "on_vacation"
	ExcludedSuspended    = "suspended"
	ExcludedUnknown      = "unknown"
)

// Eligibility is the answer of GET admin/orders/{id}/eligible.
type Eligibility struct {
	Candidates []Candidate `json:"candidates"`
	Excluded   []Excluded  `json:"excluded"`
}

// MaxConsidered bounds the translators Eligible reads: those holding any of the job's keys.
const MaxConsidered = 200

var excludedReasons = map[error]string{pool.ErrSuspended: ExcludedSuspended, pool.ErrOnVacation: ExcludedOnVacation,
	pool.ErrUnknown: ExcludedUnknown}

// Eligible lists the translators who could take the order now, by the pool's rules (competent for
// every key, not suspended, not on vacation, below their cap), and those competent for some of
// its keys who may not, with why. An assigned order's translator is not listed (giving it to them
// again changes nothing); a revision's is, first, as a candidate even at their cap (sent back).
// An order no one may be given (unpaid, delivered, completed, the sandbox's) has none.
func (s *service) Eligible(ctx context.Context, c authn.Caller, id string) (Eligibility, error) {
	out := Eligibility{Candidates: []Candidate{}, Excluded: []Excluded{}}
	if err := requireStaff(c); err != nil {
		return out, err
	}
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return out, err
	}
	if o.Status != InProgress && o.Status != Assigned && o.Status != RevisionRequested || o.Sandbox {
		return out, nil // nobody may be given it; a sandbox order is the simulated translator's
	}
	keys := o.jobKeys()
	found, err := s.translators.Holding(ctx, keys, MaxConsidered)
	if err != nil {
		return out, err
	}
	now := s.now()
	revision := o.Status == RevisionRequested && o.TranslatorID != ""
	if revision {
		t, err := s.translators.Translator(ctx, o.TranslatorID)
		if err != nil {
			return out, err
		}
		if err := s.consider(ctx, &out, o.TranslatorID, t, keys, now, true); err != nil {
			return out, err
		}
	}
	for _, t := range found {
		if t.ID == o.TranslatorID {
			continue
		}
		if err := s.consider(ctx, &out, t.ID, t, keys, now, false); err != nil {
			return out, err
		}
	}
	slices.SortStableFunc(out.Candidates, func(a, b Candidate) int {
		if a.Current != b.Current {
			if a.Current {
				return -1
			}
			return 1
		}
		return strings.Compare(a.TranslatorID, b.TranslatorID)
	})
	slices.SortFunc(out.Excluded, func(a, b Excluded) int { return strings.Compare(a.TranslatorID, b.TranslatorID) })
	return out, nil
}

// consider adds translator id (t as the read model has them, nil when unknown) to the candidates
// or the excluded. current is the translator a revision is with: their cap does not count.
func (s *service) consider(ctx context.Context, out *Eligibility, id string, t *pool.Translator, keys []string, now time.Time, current bool) error {
	if err := t.Available(now, 0); err != nil { // spares counting the desk of who is suspended or away
		out.Excluded = append(out.Excluded, Excluded{TranslatorID: id, Reason: excludedReasons[err]})
		return nil
	}
	if !t.Covers(keys) && !current {
		out.Excluded = append(out.Excluded, Excluded{TranslatorID: id, Reason: ExcludedNoCompetency})
		return nil
	}
	active, err := s.store.ActiveCount(ctx, id)
	if err != nil {
		return err
	}
	if !current && errors.Is(t.Available(now, active), pool.ErrAtCap) {
		out.Excluded = append(out.Excluded, Excluded{TranslatorID: id, Reason: ExcludedAtCap})
		return nil
	}
	out.Candidates = append(out.Candidates, Candidate{TranslatorID: id, ActiveJobs: active, ActiveJobCap: t.Cap(), Current: current})
	return nil
}
