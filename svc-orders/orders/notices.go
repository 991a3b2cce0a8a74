package orders

import (
	"context"
	"errors"

	"linguaport/svc-orders/pool"
)

// Notices queue the pool notices of translators (pool.Notices): at most one notice per
// translator every pool.NoticeEvery, with the jobs that entered their pool meanwhile.
type Notices interface {
	Queue(ctx context.Context, translatorID, entry string, job pool.NoticeJob) error
}

// WithPoolNotices has the translators who may take a job told when it enters the pool.
func WithPoolNotices(n Notices) Option { return func(s *service) { s.notices = n } }

// AnnounceJob is driven by the order's own order.status_changed (EventHandler), so an entry into
// the pool is announced at least once however the process stops; entry, the event's id, makes
// the repeats harmless. Who is told is decided now, by the pool's own rules: competent for every
// target language, not on vacation, below their cap. The read model is searched by the job's
// pool keys (an index), not translator by translator.
func (s *service) AnnounceJob(ctx context.Context, orderID, entry string) error {
	if s.notices == nil {
		return nil
	}
	o, err := s.store.Order(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status != InProgress || o.TranslatorID != "" || o.Sandbox {
		return nil // taken before the announcement got here, or the sandbox's: nothing to announce
	}
	keys := o.jobKeys()
	found, err := s.translators.Covering(ctx, keys)
	if err != nil {
		return err
	}
	now := s.now()
	job := pool.NoticeJob{OrderID: o.ID, Number: o.Number, Service: o.Service, SourceLanguage: o.SourceLanguage, TargetLanguages: o.TargetLanguages}
	var failed []error
	for _, t := range found {
		if t.OnVacation(now) {
			continue // spares the count of their desk
		}
		active, err := s.store.ActiveCount(ctx, t.ID)
		if err != nil {
			failed = append(failed, err)
			continue
		}
		if t.MayTake(keys, now, active) != nil {
			continue
		}
		if err := s.notices.Queue(ctx, t.ID, entry, job); err != nil {
			failed = append(failed, err)
		}
	}
	return errors.Join(failed...)
}
