package profiles

import (
	"context"
	"slices"
	"strings"
	"time"

	"linguaport/internal/authn"
)

func (s *service) Vacations(ctx context.Context, c authn.Caller) ([]Vacation, error) {
	p, err := s.Profile(ctx, c)
	if err != nil {
		return nil, err
	}
	return p.Vacations, nil
}

func (s *service) AddVacation(ctx context.Context, c authn.Caller, in VacationInput) (Vacation, error) {
	in = VacationInput{Start: strings.TrimSpace(in.Start), End: strings.TrimSpace(in.End), Note: strings.TrimSpace(in.Note)}
	var added Vacation
	p, err := s.own(ctx, c, func(p *Profile, now time.Time) error {
		today := Today(now)
		if err := validateVacation(in, p.Vacations, today); err != nil {
			return err
		}
		added = Vacation{ID: newID(), Start: in.Start, End: in.End, Note: in.Note}
		p.Vacations = append(pruned(p.Vacations, now), added)
		slices.SortFunc(p.Vacations, func(a, b Vacation) int { return strings.Compare(a.Start, b.Start) })
		return nil
	})
	if err != nil {
		return Vacation{}, err
	}
	return found(p.Vacations, added.ID), nil
}

// StatusOn is the period's status on day today (Today), for readers of a stored profile outside
// the service's answers, which fill Status themselves (a KVKK copy).
func (v Vacation) StatusOn(today string) string { return status(v, today) }

func found(list []Vacation, id string) Vacation {
	for _, v := range list {
		if v.ID == id {
			return v
		}
	}
	return Vacation{}
}

// pruned drops the periods over for longer than keepOverVacations: the list stays short.
func pruned(list []Vacation, now time.Time) []Vacation {
	horizon := Today(now.Add(-keepOverVacations))
	return slices.DeleteFunc(slices.Clone(list), func(v Vacation) bool { return v.End < horizon })
}

func (s *service) EndVacation(ctx context.Context, c authn.Caller, id string) (Vacation, error) {
	var ended Vacation
	_, err := s.own(ctx, c, func(p *Profile, now time.Time) error {
		today := Today(now)
		i := slices.IndexFunc(p.Vacations, func(v Vacation) bool { return v.ID == id })
		if i < 0 {
			return ErrVacationNotFound
		}
		v := p.Vacations[i]
		switch status(v, today) {
		case Over:
			return ErrVacationOver
		case Upcoming:
			p.Vacations = slices.Delete(slices.Clone(p.Vacations), i, i+1)
			v.Status, v.Removed = Upcoming, true
		case Running:
			// Over at once, not at the end of today: the translator is back for work now.
			ended := now.UTC()
			v.End, v.EndedAt = today, &ended
			p.Vacations[i] = v
			v.Status = status(v, today)
		}
		ended = v
		return nil
	})
	if err != nil {
		return Vacation{}, err
	}
	return ended, nil
}
