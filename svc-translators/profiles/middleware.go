package profiles

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/logging"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// Refused reports whether err is the service refusing a request (an unknown translator, account
// or vacation, an account twice or one too many, a vacation over already, no sworn details to
// verify): the caller's doing, logged as information, not as a failure.
func Refused(err error) bool {
	for _, e := range []error{ErrNotFound, ErrAccountNotFound, ErrAccountExists, ErrTooManyAccounts,
		ErrVacationNotFound, ErrVacationOver, ErrNoSworn} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// InstrumentingMiddleware counts the changes translators and staff make, by kind (competencies,
// account, vacation, cap, sworn) and outcome (saved, refused, failed): how often the rules stop
// people, and how much the job pool's picture moves.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	changes := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "translators_profile_changes_total", Help: "Translator profile changes, by kind and outcome.",
	}, []string{"kind", "outcome"})
	reg.MustRegister(changes)
	return func(next Service) Service { return instrumenting{Service: next, changes: changes} }
}

type instrumenting struct {
	Service
	changes *prometheus.CounterVec
}

func (m instrumenting) count(kind string, err error) {
	var fields errs.Fields
	outcome := "saved"
	switch {
	case errors.As(err, &fields), Refused(err):
		outcome = "refused"
	case err != nil:
		outcome = "failed"
	}
	m.changes.WithLabelValues(kind, outcome).Inc()
}

func (m instrumenting) SaveCompetencies(ctx context.Context, c authn.Caller, in CompetenciesInput) (Profile, error) {
	p, err := m.Service.SaveCompetencies(ctx, c, in)
	m.count("competencies", err)
	return p, err
}

func (m instrumenting) AddAccount(ctx context.Context, c authn.Caller, in AccountInput) (BankAccount, error) {
	a, err := m.Service.AddAccount(ctx, c, in)
	m.count("account", err)
	return a, err
}

func (m instrumenting) AddVacation(ctx context.Context, c authn.Caller, in VacationInput) (Vacation, error) {
	v, err := m.Service.AddVacation(ctx, c, in)
	m.count("vacation", err)
	return v, err
}

func (m instrumenting) SetCap(ctx context.Context, staff authn.Caller, translatorID string, n int) (Profile, error) {
	p, err := m.Service.SetCap(ctx, staff, translatorID, n)
	m.count("cap", err)
	return p, err
}

func (m instrumenting) VerifySworn(ctx context.Context, staff authn.Caller, translatorID string) (Profile, error) {
	p, err := m.Service.VerifySworn(ctx, staff, translatorID)
	m.count("sworn", err)
	return p, err
}

// LoggingMiddleware logs every call with its duration and error (logging.Call), never the
// profile's contents: IBANs and names are personal data.
func LoggingMiddleware(log *slog.Logger) Middleware {
	return func(next Service) Service { return loggingMiddleware{next: next, log: log} }
}

type loggingMiddleware struct {
	next Service
	log  *slog.Logger
}

// done is deferred with a pointer to the method's named error, so it sees what was returned.
func (m loggingMiddleware) done(ctx context.Context, method string, begin time.Time, err *error) {
	logging.Call(ctx, m.log, method, begin, *err, Refused)
}

func (m loggingMiddleware) Profile(ctx context.Context, c authn.Caller) (_ Profile, err error) {
	defer m.done(ctx, "Profile", time.Now(), &err)
	return m.next.Profile(ctx, c)
}

func (m loggingMiddleware) SaveCompetencies(ctx context.Context, c authn.Caller, in CompetenciesInput) (_ Profile, err error) {
	defer m.done(ctx, "SaveCompetencies", time.Now(), &err)
	return m.next.SaveCompetencies(ctx, c, in)
}

func (m loggingMiddleware) Accounts(ctx context.Context, c authn.Caller) (_ []BankAccount, err error) {
	defer m.done(ctx, "Accounts", time.Now(), &err)
	return m.next.Accounts(ctx, c)
}

func (m loggingMiddleware) AddAccount(ctx context.Context, c authn.Caller, in AccountInput) (_ BankAccount, err error) {
	defer m.done(ctx, "AddAccount", time.Now(), &err)
	return m.next.AddAccount(ctx, c, in)
}

func (m loggingMiddleware) SetDefaultAccount(ctx context.Context, c authn.Caller, id string) (_ []BankAccount, err error) {
	defer m.done(ctx, "SetDefaultAccount", time.Now(), &err)
	return m.next.SetDefaultAccount(ctx, c, id)
}

func (m loggingMiddleware) DeleteAccount(ctx context.Context, c authn.Caller, id string) (err error) {
	defer m.done(ctx, "DeleteAccount", time.Now(), &err)
	return m.next.DeleteAccount(ctx, c, id)
}

func (m loggingMiddleware) Vacations(ctx context.Context, c authn.Caller) (_ []Vacation, err error) {
	defer m.done(ctx, "Vacations", time.Now(), &err)
	return m.next.Vacations(ctx, c)
}

func (m loggingMiddleware) AddVacation(ctx context.Context, c authn.Caller, in VacationInput) (_ Vacation, err error) {
	defer m.done(ctx, "AddVacation", time.Now(), &err)
	return m.next.AddVacation(ctx, c, in)
}

func (m loggingMiddleware) EndVacation(ctx context.Context, c authn.Caller, id string) (_ Vacation, err error) {
	defer m.done(ctx, "EndVacation", time.Now(), &err)
	return m.next.EndVacation(ctx, c, id)
}

func (m loggingMiddleware) Translators(ctx context.Context, f ListFilter) (_ Page, err error) {
	defer m.done(ctx, "Translators", time.Now(), &err)
	return m.next.Translators(ctx, f)
}

func (m loggingMiddleware) Translator(ctx context.Context, id string) (_ StaffView, err error) {
	defer m.done(ctx, "Translator", time.Now(), &err)
	return m.next.Translator(ctx, id)
}

func (m loggingMiddleware) SetCap(ctx context.Context, staff authn.Caller, translatorID string, n int) (_ Profile, err error) {
	defer m.done(ctx, "SetCap", time.Now(), &err)
	return m.next.SetCap(ctx, staff, translatorID, n)
}

func (m loggingMiddleware) VerifySworn(ctx context.Context, staff authn.Caller, translatorID string) (_ Profile, err error) {
	defer m.done(ctx, "VerifySworn", time.Now(), &err)
	return m.next.VerifySworn(ctx, staff, translatorID)
}

func (m loggingMiddleware) Start(ctx context.Context, o Opening) (_ Profile, err error) {
	defer m.done(ctx, "Start", time.Now(), &err)
	return m.next.Start(ctx, o)
}

func (m instrumenting) Suspend(ctx context.Context, staff authn.Caller, translatorID, reason string) (Profile, error) {
	p, err := m.Service.Suspend(ctx, staff, translatorID, reason)
	m.count("suspend", err)
	return p, err
}

func (m instrumenting) Unsuspend(ctx context.Context, staff authn.Caller, translatorID string) (Profile, error) {
	p, err := m.Service.Unsuspend(ctx, staff, translatorID)
	m.count("unsuspend", err)
	return p, err
}

func (m loggingMiddleware) Suspend(ctx context.Context, staff authn.Caller, translatorID, reason string) (_ Profile, err error) {
	defer m.done(ctx, "Suspend", time.Now(), &err)
	return m.next.Suspend(ctx, staff, translatorID, reason)
}

func (m loggingMiddleware) Unsuspend(ctx context.Context, staff authn.Caller, translatorID string) (_ Profile, err error) {
	defer m.done(ctx, "Unsuspend", time.Now(), &err)
	return m.next.Unsuspend(ctx, staff, translatorID)
}
