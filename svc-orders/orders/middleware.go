package orders

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/logging"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/quotes"
)

// Middleware decorates a Service.
type Middleware func(Service) Service

// InstrumentingMiddleware counts what people do to orders: assign, deliver, accept, ask for a
// revision.
func InstrumentingMiddleware(reg prometheus.Registerer) Middleware {
	actions := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_actions_total", Help: "Order actions done, by action.",
	}, []string{"action"})
	reg.MustRegister(actions)
	return func(next Service) Service { return instrumenting{Service: next, actions: actions} }
}

type instrumenting struct {
	Service
	actions *prometheus.CounterVec
}

func (m instrumenting) done(action string, v OrderView, err error) (OrderView, error) {
	if err == nil {
		m.actions.WithLabelValues(action).Inc()
	}
	return v, err
}

func (m instrumenting) Assign(ctx context.Context, c authn.Caller, id string, in AssignInput) (OrderView, error) {
	v, err := m.Service.Assign(ctx, c, id, in)
	return m.done("assign", v, err)
}

func (m instrumenting) Fulfil(ctx context.Context, c authn.Caller, id string, in FulfilmentInput) (OrderView, error) {
	v, err := m.Service.Fulfil(ctx, c, id, in)
	return m.done("fulfil", v, err)
}

func (m instrumenting) ChangeExpectedDate(ctx context.Context, c authn.Caller, id string, in ExpectedDateInput) (OrderView, error) {
	v, err := m.Service.ChangeExpectedDate(ctx, c, id, in)
	return m.done("expected_date", v, err)
}

func (m instrumenting) Claim(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	v, err := m.Service.Claim(ctx, c, id)
	return m.done("claim", v, err)
}

func (m instrumenting) Unclaim(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	v, err := m.Service.Unclaim(ctx, c, id)
	return m.done("unclaim", v, err)
}

func (m instrumenting) Deliver(ctx context.Context, c authn.Caller, id string, fileIDs []string, note string) (OrderView, error) {
	v, err := m.Service.Deliver(ctx, c, id, fileIDs, note)
	return m.done("deliver", v, err)
}

func (m instrumenting) Complete(ctx context.Context, c authn.Caller, id string) (OrderView, error) {
	v, err := m.Service.Complete(ctx, c, id)
	return m.done("complete", v, err)
}

func (m instrumenting) RequestRevision(ctx context.Context, c authn.Caller, id, reason string) (OrderView, error) {
	v, err := m.Service.RequestRevision(ctx, c, id, reason)
	return m.done("revision", v, err)
}

// Refused reports whether err is the service refusing a request (an order that is not the
// caller's, a move the lifecycle or the caller's role does not allow, a quote or files it will
// not take) rather than failing.
func Refused(err error) bool {
	var illegal *IllegalTransition
	return errors.As(err, &illegal) || errors.Is(err, ErrNotFound) || errors.Is(err, ErrNotYours) ||
		errors.Is(err, ErrNotAssignedToYou) || errors.Is(err, ErrForbidden) || errors.Is(err, ErrAlreadyTaken) ||
		errors.Is(err, ErrUnclaimWindowOver) || errors.Is(err, pool.ErrNotEligible) || errors.Is(err, ErrOrderChanged) ||
		errors.Is(err, ErrSandboxOrder) || errors.Is(err, ErrNoFulfilment) || errors.Is(err, ErrExpectedDateFixed) || errors.Is(err, ErrNotTranslated) || errors.Is(err, ErrUnknownCursor) || errors.As(err, new(*StepOutOfOrder)) ||
		errors.As(err, new(errs.Fields)) || errors.Is(err, ErrBillingDetailsRequired) || quotes.Refused(err) || files.Refused(err) ||
		errors.Is(err, contracts.ErrNotAccepted) || errors.Is(err, contracts.ErrChanged) || errors.Is(err, ErrNoContract)
}

// LoggingMiddleware logs every call with its duration and error; see logging.Call for levels.
// What Refused names is the caller's to fix, not an operator's alarm.
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

func (m loggingMiddleware) ApproveQuote(ctx context.Context, c authn.Caller, quoteID string, in ApprovalInput) (_ Approval, err error) {
	defer m.done(ctx, "ApproveQuote", time.Now(), &err)
	return m.next.ApproveQuote(ctx, c, quoteID, in)
}

func (m loggingMiddleware) Contract(ctx context.Context, c authn.Caller, quoteID string, lang i18n.Lang) (_ contracts.Contract, err error) {
	defer m.done(ctx, "Contract", time.Now(), &err)
	return m.next.Contract(ctx, c, quoteID, lang)
}

func (m loggingMiddleware) OrderContract(ctx context.Context, c authn.Caller, id string) (_ KeptContract, err error) {
	defer m.done(ctx, "OrderContract", time.Now(), &err)
	return m.next.OrderContract(ctx, c, id)
}

func (m loggingMiddleware) StaffOrders(ctx context.Context, c authn.Caller, q StaffQuery) (_ OrderPage, err error) {
	defer m.done(ctx, "StaffOrders", time.Now(), &err)
	return m.next.StaffOrders(ctx, c, q)
}

func (m loggingMiddleware) StaffOrder(ctx context.Context, c authn.Caller, id string) (_ StaffOrderView, err error) {
	defer m.done(ctx, "StaffOrder", time.Now(), &err)
	return m.next.StaffOrder(ctx, c, id)
}

func (m loggingMiddleware) Eligible(ctx context.Context, c authn.Caller, id string) (_ Eligibility, err error) {
	defer m.done(ctx, "Eligible", time.Now(), &err)
	return m.next.Eligible(ctx, c, id)
}

func (m loggingMiddleware) ChangeExpectedDate(ctx context.Context, c authn.Caller, id string, in ExpectedDateInput) (_ OrderView, err error) {
	defer m.done(ctx, "ChangeExpectedDate", time.Now(), &err)
	return m.next.ChangeExpectedDate(ctx, c, id, in)
}

func (m loggingMiddleware) Fulfil(ctx context.Context, c authn.Caller, id string, in FulfilmentInput) (_ OrderView, err error) {
	defer m.done(ctx, "Fulfil", time.Now(), &err)
	return m.next.Fulfil(ctx, c, id, in)
}

func (m loggingMiddleware) Trends(ctx context.Context, c authn.Caller) (_ Trends, err error) {
	defer m.done(ctx, "Trends", time.Now(), &err)
	return m.next.Trends(ctx, c)
}

func (m loggingMiddleware) Waiting(ctx context.Context, c authn.Caller) (_ Waiting, err error) {
	defer m.done(ctx, "Waiting", time.Now(), &err)
	return m.next.Waiting(ctx, c)
}

func (m loggingMiddleware) Orders(ctx context.Context, c authn.Caller, p newest.Page) (_ []OrderView, _ string, err error) {
	defer m.done(ctx, "Orders", time.Now(), &err)
	return m.next.Orders(ctx, c, p)
}

func (m loggingMiddleware) Order(ctx context.Context, c authn.Caller, id string) (_ OrderView, err error) {
	defer m.done(ctx, "Order", time.Now(), &err)
	return m.next.Order(ctx, c, id)
}

func (m loggingMiddleware) Assign(ctx context.Context, c authn.Caller, id string, in AssignInput) (_ OrderView, err error) {
	defer m.done(ctx, "Assign", time.Now(), &err)
	return m.next.Assign(ctx, c, id, in)
}

func (m loggingMiddleware) Deliver(ctx context.Context, c authn.Caller, id string, fileIDs []string, note string) (_ OrderView, err error) {
	defer m.done(ctx, "Deliver", time.Now(), &err)
	return m.next.Deliver(ctx, c, id, fileIDs, note)
}

func (m loggingMiddleware) Complete(ctx context.Context, c authn.Caller, id string) (_ OrderView, err error) {
	defer m.done(ctx, "Complete", time.Now(), &err)
	return m.next.Complete(ctx, c, id)
}

func (m loggingMiddleware) RequestRevision(ctx context.Context, c authn.Caller, id, reason string) (_ OrderView, err error) {
	defer m.done(ctx, "RequestRevision", time.Now(), &err)
	return m.next.RequestRevision(ctx, c, id, reason)
}

func (m loggingMiddleware) InvoicePaid(ctx context.Context, p InvoicePaidData) (err error) {
	defer m.done(ctx, "InvoicePaid", time.Now(), &err)
	return m.next.InvoicePaid(ctx, p)
}

func (m loggingMiddleware) EnsureOrder(ctx context.Context, quoteID string) (err error) {
	defer m.done(ctx, "EnsureOrder", time.Now(), &err)
	return m.next.EnsureOrder(ctx, quoteID)
}

func (m loggingMiddleware) CompleteOverdue(ctx context.Context) (err error) {
	defer m.done(ctx, "CompleteOverdue", time.Now(), &err)
	return m.next.CompleteOverdue(ctx)
}

func (m loggingMiddleware) AnnounceJob(ctx context.Context, orderID, entry string) (err error) {
	defer m.done(ctx, "AnnounceJob", time.Now(), &err)
	return m.next.AnnounceJob(ctx, orderID, entry)
}

func (m loggingMiddleware) EscalateOverdue(ctx context.Context) (err error) {
	defer m.done(ctx, "EscalateOverdue", time.Now(), &err)
	return m.next.EscalateOverdue(ctx)
}

func (m loggingMiddleware) RemindRevisions(ctx context.Context) (err error) {
	defer m.done(ctx, "RemindRevisions", time.Now(), &err)
	return m.next.RemindRevisions(ctx)
}

func (m loggingMiddleware) WorkSandbox(ctx context.Context) (err error) {
	defer m.done(ctx, "WorkSandbox", time.Now(), &err)
	return m.next.WorkSandbox(ctx)
}

func (m loggingMiddleware) Pool(ctx context.Context, c authn.Caller) (_ PoolView, err error) {
	defer m.done(ctx, "Pool", time.Now(), &err)
	return m.next.Pool(ctx, c)
}

func (m loggingMiddleware) Claim(ctx context.Context, c authn.Caller, id string) (_ OrderView, err error) {
	defer m.done(ctx, "Claim", time.Now(), &err)
	return m.next.Claim(ctx, c, id)
}

func (m loggingMiddleware) Unclaim(ctx context.Context, c authn.Caller, id string) (_ OrderView, err error) {
	defer m.done(ctx, "Unclaim", time.Now(), &err)
	return m.next.Unclaim(ctx, c, id)
}
