package orders

import (
	"cmp"
	"context"
	"errors"
	"linguaport/internal/i18n"
	"slices"
	"time"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/documents"
	"linguaport/svc-orders/calendar"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/sandbox"
)

// The job pool (DESIGN §10): a paid order waits in the pool until an eligible translator claims
// it (or staff assign it); who is eligible comes from svc-orders' own read model of the
// translators (package pool), so the pool works while svc-translators is down.

// UnclaimWindow is how long after claiming a job its translator may give it back to the pool.
const UnclaimWindow = time.Hour

// Errors of the pool. Eligibility refusals are pool.ErrNotEligible (its reasons wrap it).
var (
	ErrAlreadyTaken      = errors.New("another translator took the job first")
	ErrUnclaimWindowOver = errors.New("a job can be given back only within an hour of taking it from the pool")
)

// Placement is an order's place in the pool, fixed when it enters: the keys a translator must
// hold to take it (pool.Job.Keys), what it pays its translator (never shown to its customer),
// when it is due, when its translator claimed it, and when it was escalated to staff because
// nobody claimed it in time (escalation.go).
type Placement struct {
	PoolKeys    []string     `json:"-" bson:"poolKeys,omitempty"`
	Pay         *pricing.Pay `json:"-" bson:"pay,omitempty"`
	Deadline    *time.Time   `json:"deadline" bson:"deadline,omitempty"`
	ClaimedAt   *time.Time   `json:"claimedAt,omitempty" bson:"claimedAt,omitempty"`
	EscalatedAt *time.Time   `json:"escalatedAt,omitempty" bson:"escalatedAt,omitempty"`
}

// Translators is the pool's read model: nil, without an error, for a translator it knows nothing
// of; Covering answers the translators competent for every one of a job's keys, Holding up to
// limit of those competent for any of them.
type Translators interface {
	Translator(ctx context.Context, id string) (*pool.Translator, error)
	Covering(ctx context.Context, keys []string) ([]*pool.Translator, error)
	Holding(ctx context.Context, keys []string, limit int64) ([]*pool.Translator, error)
}

// Payer prices work for its translator (pricing.Service).
type Payer interface {
	TranslatorPay(ctx context.Context, r pricing.EstimateRequest) (pricing.Pay, error)
}

// job is what decides who may take the order.
func (o *Order) job() pool.Job {
	return pool.JobOf(o.Service, o.SourceLanguage, o.TargetLanguages, o.AddOns)
}

// jobKeys are the order's pool keys; an order paid before it stored them is keyed from its work.
func (o *Order) jobKeys() []string {
	if len(o.PoolKeys) > 0 {
		return o.PoolKeys
	}
	return o.job().Keys()
}

// place prices and dates the order o as it enters the pool at now: the deadline is the end of
// its delivery window, the end of the working day (18:00 in Istanbul) of the window's last
// business day after the day of the payment (package calendar: Istanbul's Monday to Friday,
// Turkey's public holidays skipped).
func (s *service) place(ctx context.Context, o *Order, now time.Time) (Placement, error) {
	deadline := calendar.Deadline(now, o.Window.MaxDays)
	if o.Sandbox {
		// Dated as live work, so the customer reads the same order; but no pool keys (no
		// translator's pool holds it) and no pay (nobody earns from it).
		return Placement{Deadline: &deadline}, nil
	}
	pay, err := s.payer.TranslatorPay(ctx, pricing.EstimateRequest{Service: o.Service, SourceLanguage: o.SourceLanguage,
		TargetLanguages: o.TargetLanguages, Quantity: o.Quantity, Urgency: o.Urgency, AddOns: o.AddOns})
	if err != nil {
		return Placement{}, err
	}
	return Placement{PoolKeys: o.job().Keys(), Pay: &pay, Deadline: &deadline}, nil
}

// eligible answers the translator if they may take the job with keys now, their cap aside:
// known to the pool, competent for each of its keys, neither suspended nor on vacation. The cap
// is the desk's to hold (reserve).
func (s *service) eligible(ctx context.Context, translatorID string, keys []string, now time.Time) (*pool.Translator, error) {
	t, err := s.translators.Translator(ctx, translatorID)
	if err != nil {
		return nil, err
	}
	return t, t.MayTake(keys, now, 0)
}

// PayView is a job's pay as its translator reads it: USD (what is kept) and TRY.
type PayView struct {
	USD pricing.Money `json:"usd"`
	TRY pricing.Money `json:"try"`
}

func payView(lang i18n.Lang, p *pricing.Pay) *PayView {
	if p == nil {
		return nil
	}
	money := func(amount int64, currency string) pricing.Money {
		return pricing.Money{Amount: amount, Currency: currency, Decimals: 2, Formatted: documents.Money(amount, currency, lang)}
	}
	return &PayView{USD: money(p.USD, "USD"), TRY: money(p.TRY, pricing.PayCurrency)}
}

// Job is a job in the pool as a translator decides on it.
type Job struct {
	ID              string          `json:"id"`
	Number          string          `json:"number"`
	Service         string          `json:"service"`
	SourceLanguage  string          `json:"sourceLanguage"`
	TargetLanguages []string        `json:"targetLanguages"`
	Sworn           bool            `json:"sworn"`
	AddOns          []string        `json:"addOns"`
	Urgency         pricing.Urgency `json:"urgency"`
	Unit            pricing.Unit    `json:"unit"`
	Quantity        int             `json:"quantity"`
	// Files are the source documents' descriptions and counts, with the preview of their text;
	// the files themselves open to the translator who claims the job.
	Files    []JobFile  `json:"files"`
	Brief    string     `json:"brief"`
	Deadline *time.Time `json:"deadline"`
	// ExpectedDate is the deadline's day in Istanbul, what the customer was promised.
	ExpectedDate *calendar.Date `json:"expectedDate,omitempty"`
	Pay          *PayView       `json:"pay"`
	InPool       *time.Time     `json:"inPoolSince"`
}

// JobFile is a source document as the pool shows it.
type JobFile struct {
	Name   string          `json:"name"`
	Format counting.Format `json:"format"`
	Size   int64           `json:"size"`
	Counts counting.Counts `json:"counts"`
	// Preview is the document's first page of text (kept with the file at upload), or for a file
	// uploaded before that was kept its short preview.
	Preview string `json:"preview"`
}

// PoolView is the pool as one translator sees it, with why it may be empty: Reason is
// "suspended", "on_vacation" or "at_cap" when the translator may take nothing now.
type PoolView struct {
	Jobs         []Job  `json:"jobs"`
	OnVacation   bool   `json:"onVacation"`
	Suspended    bool   `json:"suspended"`
	ActiveJobs   int    `json:"activeJobs"`
	ActiveJobCap int    `json:"activeJobCap"`
	Reason       string `json:"reason,omitempty"`
}

// unavailableReasons are the reason codes of PoolView.
var unavailableReasons = map[error]string{pool.ErrSuspended: "suspended", pool.ErrOnVacation: "on_vacation", pool.ErrAtCap: "at_cap"}

func (s *service) Pool(ctx context.Context, c authn.Caller) (PoolView, error) {
	if c.Role != authn.RoleTranslator {
		return PoolView{}, ErrForbidden
	}
	view := PoolView{Jobs: []Job{}, ActiveJobCap: pool.DefaultCap}
	t, err := s.translators.Translator(ctx, c.ID)
	if err != nil || t == nil {
		return view, err // a translator the pool knows nothing of is competent for nothing
	}
	now := s.now()
	if view.ActiveJobs, err = s.store.ActiveCount(ctx, c.ID); err != nil {
		return PoolView{}, err
	}
	view.ActiveJobCap, view.OnVacation, view.Suspended = t.Cap(), t.OnVacation(now), t.Suspended
	if err := t.Available(now, view.ActiveJobs); err != nil {
		view.Reason = unavailableReasons[err]
		return view, nil
	}
	found, err := s.store.Pool(ctx, t.Keys())
	if err != nil {
		return PoolView{}, err
	}
	var shown []*Order
	var fileIDs []string
	for _, o := range found {
		if o.TranslatorID == "" && !o.Sandbox && t.Covers(o.jobKeys()) { // every target language, not just one
			shown = append(shown, o)
			for _, f := range o.Files {
				fileIDs = append(fileIDs, f.ID)
			}
		}
	}
	pages, err := s.files.FirstPages(ctx, fileIDs)
	if err != nil {
		return PoolView{}, err
	}
	for _, o := range shown {
		view.Jobs = append(view.Jobs, o.asJob(c.Lang, pages))
	}
	slices.SortFunc(view.Jobs, func(a, b Job) int { // the most urgent first
		return cmp.Or(compareTimes(a.Deadline, b.Deadline), compareTimes(a.InPool, b.InPool), cmp.Compare(a.ID, b.ID))
	})
	return view, nil
}

func compareTimes(a, b *time.Time) int {
	switch {
	case a == nil || b == nil:
		return 0
	}
	return a.Compare(*b)
}

// asJob is the order as the pool shows it; pages are its files' first pages of text by file id.
func (o *Order) asJob(lang i18n.Lang, pages map[string]string) Job {
	j := Job{ID: o.ID, Number: o.Number, Service: o.Service, SourceLanguage: o.SourceLanguage, TargetLanguages: o.TargetLanguages,
		Sworn: o.job().Sworn, AddOns: o.AddOns, Urgency: o.Urgency, Unit: o.Unit, Quantity: o.Quantity, Files: []JobFile{},
		Brief: o.Brief, Deadline: o.Deadline, ExpectedDate: deadlineDate(o.Deadline), Pay: payView(lang, o.Pay), InPool: o.PaidAt}
	for _, f := range o.Files {
		j.Files = append(j.Files, JobFile{Name: f.Name, Format: f.Format, Size: f.Size, Counts: f.Counts,
			Preview: cmp.Or(pages[f.ID], f.Counts.Preview)})
	}
	return j
}

func (s *service) Claim(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	if c.Role != authn.RoleTranslator {
		return OrderView{}, ErrForbidden
	}
	o, err := s.store.Order(ctx, id)
	switch {
	case err != nil:
		return OrderView{}, err
	case o.Status == AwaitingPayment, o.Sandbox:
		return OrderView{}, ErrNotFound // never in the pool: nothing to see
	case o.Status == Assigned && o.TranslatorID == c.ID:
		return s.view(ctx, c, o, s.now()), nil // a repeated claim of one's own job
	case o.Status != InProgress || o.TranslatorID != "":
		return OrderView{}, ErrAlreadyTaken
	}
	now := s.now()
	t, err := s.eligible(ctx, c.ID, o.jobKeys(), now)
	if err != nil {
		return OrderView{}, err
	}
	held, err := s.reserve(ctx, t, id)
	if err != nil {
		return OrderView{}, err
	}
	// The claim is one conditional write: it replaces the order only at the version read, so of
	// racing claims one wins and the others, reloading, find the job taken.
	o, err = s.store.Update(ctx, id, func(o *Order) (*Order, error) {
		if o.Status == Assigned && o.TranslatorID == c.ID {
			return nil, errAlreadyApplied // their own claim, made in parallel, won
		}
		if o.Status != InProgress || o.TranslatorID != "" {
			return nil, ErrAlreadyTaken
		}
		if err := held.lapsed(s.now()); err != nil {
			return nil, err
		}
		if err := o.claim(c.ID, now); err != nil {
			return nil, err
		}
		return o, o.statusChanged(ctx)
	})
	switch {
	case errors.Is(err, errAlreadyApplied):
		return s.Order(ctx, c, id)
	case err != nil:
		s.giveBack(ctx, held)
		return OrderView{}, err
	}
	s.kick(o.ID)
	return s.view(ctx, c, o, now), nil
}

// claim gives the job in the pool to the translator who took it at now (step claimed): a
// translator's claim, or the sandbox's simulated translator's (sandbox.go).
func (o *Order) claim(translatorID string, now time.Time) error {
	if err := o.move(Assigned, now, StepClaimed, ""); err != nil {
		return err
	}
	o.TranslatorID, o.ClaimedAt = translatorID, &now
	return nil
}

func (s *service) Unclaim(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	v, err := s.transition(ctx, c, id, func(c authn.Caller, o *Order) error {
		if o.TranslatorID != c.ID {
			return ErrNotAssignedToYou
		}
		return nil
	}, func(o *Order, now time.Time) error {
		if o.Status == Assigned && (o.ClaimedAt == nil || now.After(o.ClaimedAt.Add(UnclaimWindow))) {
			return ErrUnclaimWindowOver // staff assigned it, or the hour has passed
		}
		if err := o.move(InProgress, now, StepUnclaimed, ""); err != nil {
			return err
		}
		o.TranslatorID, o.ClaimedAt = "", nil
		return nil
	})
	if err == nil {
		s.release(ctx, c.ID, v.Order)
	}
	return v, err
}

// view is o as the caller sees it; its translator and staff also see what it pays.
func (s *service) view(ctx context.Context, c authn.Caller, o *Order, now time.Time) OrderView {
	v := o.viewAt(now)
	if o.TranslatorID == sandbox.TranslatorID {
		v.TranslatorName = sandbox.TranslatorName.In(c.Lang)
	}
	if c.Owns(o.TranslatorID) {
		v.Pay = payView(c.Lang, o.Pay)
	}
	if c.Staff() {
		v.Fulfilment = o.fulfilmentView(true)
		return v
	}
	// Which staff member did what, and how a revision was escalated, are staff's to read (viewAt
	// made v.Order a copy with a history of its own).
	for i := range v.Order.History {
		v.Order.History[i].By = ""
	}
	v.Order.RevisionEscalatedAt, v.Order.RevisionEscalation = nil, ""
	return v
}
