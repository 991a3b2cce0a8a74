package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
)

// Problem is an error that knows how to present itself over HTTP in the DESIGN §3 shape:
// {"error":{"code":"slug","message":"…","fields":{"name":"…"}}}. Services never return one:
// each maps its domain errors to Problems in one encodeError (see ErrorEncoder); anything
// unmapped becomes a generic 500.
type Problem struct {
	Status  int
	Code    string
	Message i18n.Text
	Fields  map[string]i18n.Text
	// Details are figures the client needs to act on the refusal (the amount a balance is
	// short of), answered as they are under "details".
	Details map[string]any
	Cause   error
}

func (p *Problem) Error() string {
	if p.Cause != nil {
		return p.Code + ": " + p.Cause.Error()
	}
	return p.Code + ": " + p.Message.EN
}

func (p *Problem) Unwrap() error { return p.Cause }

// NewProblem builds a Problem; fields may be nil.
func NewProblem(status int, code string, msg i18n.Text) *Problem {
	return &Problem{Status: status, Code: code, Message: msg}
}

// WithField returns a copy of p with one more field error.
func (p *Problem) WithField(name string, msg i18n.Text) *Problem {
	c := *p
	c.Fields = make(map[string]i18n.Text, len(p.Fields)+1)
	for k, v := range p.Fields {
		c.Fields[k] = v
	}
	c.Fields[name] = msg
	return &c
}

// WithFields returns a copy of p naming each refused field with the words word gives its reason.
func (p *Problem) WithFields(fields errs.Fields, word func(field, reason string) i18n.Text) *Problem {
	c := *p
	c.Fields = make(map[string]i18n.Text, len(p.Fields)+len(fields))
	for k, v := range p.Fields {
		c.Fields[k] = v
	}
	for field, reason := range fields {
		c.Fields[field] = word(field, reason)
	}
	return &c
}

// WithDetails returns a copy of p answering details too.
func (p *Problem) WithDetails(details map[string]any) *Problem {
	c := *p
	c.Details = details
	return &c
}

// because returns a copy of p caused by err, so what err carries (a Retry-After) reaches the
// answer and logs see the domain error.
func (p *Problem) because(err error) *Problem {
	if p.Cause != nil || err == p {
		return p
	}
	c := *p
	c.Cause = err
	return &c
}

var (
	msgInternal = i18n.Text{TR: "Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.", EN: "An unexpected error occurred. Please try again later."}
	msgNotFound = i18n.Text{TR: "İstenen kaynak bulunamadı.", EN: "The requested resource was not found."}
	msgTooLarge = i18n.Text{TR: "İstek gövdesi izin verilen boyutu aşıyor.", EN: "The request body is larger than allowed."}
	msgBadJSON  = i18n.Text{TR: "İstek gövdesi geçerli JSON değil.", EN: "The request body is not valid JSON."}
	// msgUnknownField is said of a field a strict body may not have.
	msgUnknownField = i18n.Text{TR: "Bu alan tanınmıyor.", EN: "This field is not known."}
)

// Common problems shared by every service.
var (
	ErrNotFound      = NewProblem(http.StatusNotFound, "not_found", msgNotFound)
	ErrBodyTooLarge  = NewProblem(http.StatusRequestEntityTooLarge, "body_too_large", msgTooLarge)
	ErrMalformedJSON = NewProblem(http.StatusBadRequest, "malformed_json", msgBadJSON)
	// ErrUnknownField answers a strict body (DecodeJSONStrict) with a field the endpoint has not.
	ErrUnknownField = NewProblem(http.StatusBadRequest, "unknown_field",
		i18n.Text{TR: "İstek, bu işlemin tanımadığı bir alan içeriyor.", EN: "The request has a field this operation does not know."})
	// ErrValidation is the answer to errs.Fields; a service adds its words for each field with
	// WithFields.
	ErrValidation = NewProblem(http.StatusBadRequest, "validation_failed",
		i18n.Text{TR: "Lütfen işaretli alanları düzeltin.", EN: "Please correct the marked fields."})
	// ErrRateLimited is the answer to an errs.RateLimited a service has no words of its own for.
	ErrRateLimited = NewProblem(http.StatusTooManyRequests, "too_many_requests",
		i18n.Text{TR: "Çok fazla istek gönderdiniz. Lütfen biraz sonra tekrar deneyin.", EN: "Too many requests. Please try again a little later."})
	// ErrConflict is the answer to errs.ErrConflict: the same record kept changing under the
	// request, which changed nothing.
	ErrConflict = NewProblem(http.StatusConflict, "conflict",
		i18n.Text{TR: "Bu kayıt aynı anda başka bir istekle değiştirildi; değişikliğiniz kaydedilmedi. Lütfen sayfayı yenileyip tekrar deneyin.", EN: "This record was being changed by another request at the same time, so your change was not saved. Please reload and try again."})
	// ErrUnavailable is the answer to a dependency that is down (errs.Unavailable), with
	// Retry-After: the same request may well succeed in a few seconds.
	ErrUnavailable = NewProblem(http.StatusServiceUnavailable, "unavailable",
		i18n.Text{TR: "Hizmet geçici olarak kullanılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.", EN: "The service is temporarily unavailable. Please try again in a few seconds."})
	// errClientGone answers a request whose client hung up before the answer: nobody reads it,
	// but the status (nginx's 499) keeps it out of the 5xx counts and error logs.
	errClientGone = NewProblem(statusClientClosedRequest, "client_closed_request",
		i18n.Text{TR: "İstek, yanıtlanmadan önce iptal edildi.", EN: "The request was cancelled before it was answered."})
)

const (
	statusClientClosedRequest = 499
	// unavailableRetryAfter is how long a client should wait after a 503: long enough for the
	// driver to find a database that came back, short enough for a person to wait.
	unavailableRetryAfter = 5 * time.Second
)

// ErrorEncoder is a service's one encodeError: explain maps the service's domain errors to
// Problems and returns nil for errors it does not know. What it leaves is answered here: a
// Problem from the platform (authn, a malformed body), field errors and rate limits in general
// words, a lost concurrent change 409, a dependency that is down 503, anything else a logged
// 500. The answer is in the request's language, and a rate-limited error anywhere in the chain,
// or a 503, adds Retry-After.
func ErrorEncoder(explain func(error) *Problem) func(context.Context, error, http.ResponseWriter) {
	return func(ctx context.Context, err error, w http.ResponseWriter) {
		if p := explain(err); p != nil {
			err = p.because(err)
		}
		EncodeError(ctx, err, w)
	}
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
	Details map[string]any    `json:"details,omitempty"`
}

// EncodeError writes err in the request's language. Its signature is go-kit's ErrorEncoder;
// services use it through ErrorEncoder with their own words.
func EncodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var (
		p        *Problem
		tooLarge *http.MaxBytesError
		fields   errs.Fields
		limited  *errs.RateLimited
	)
	switch {
	case errors.As(err, &p):
	case errors.As(err, &tooLarge):
		p = ErrBodyTooLarge
	case errors.As(err, &fields):
		p = ErrValidation.WithFields(fields, func(string, string) i18n.Text { return msgInvalidField })
	case errors.As(err, &limited):
		p = ErrRateLimited
	case errors.Is(ctx.Err(), context.Canceled):
		// The client hung up, so whatever failed (typically with context.Canceled) failed because
		// of that: not an outage, not a bug.
		p = errClientGone
	case errors.Is(err, errs.ErrConflict):
		p = ErrConflict
	case errs.Unavailable(err):
		slog.WarnContext(ctx, "dependency unavailable", "err", err)
		p = ErrUnavailable
	default:
		slog.ErrorContext(ctx, "unhandled error", "err", err)
		p = NewProblem(http.StatusInternalServerError, "internal", msgInternal)
	}
	switch {
	case errors.As(err, &limited):
		w.Header().Set("Retry-After", retryAfterSeconds(limited.RetryAfter))
	case p.Status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", retryAfterSeconds(unavailableRetryAfter))
	}
	lang := LangFrom(ctx)
	body := errorBody{Error: errorDetail{Code: p.Code, Message: p.Message.In(lang), Details: p.Details}}
	if len(p.Fields) > 0 {
		body.Error.Fields = make(map[string]string, len(p.Fields))
		for k, v := range p.Fields {
			body.Error.Fields[k] = v.In(lang)
		}
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(body)
}

var msgInvalidField = i18n.Text{TR: "Geçersiz değer.", EN: "Invalid value."}

// retryAfterSeconds is d in whole seconds, rounded up: "retry in 0 s" would invite a retry that
// is refused again.
func retryAfterSeconds(d time.Duration) string {
	return strconv.Itoa(int((d + time.Second - 1) / time.Second))
}

// WriteJSON writes v as a JSON response with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// EncodeJSONResponse is go-kit's EncodeResponseFunc for plain 200 JSON answers.
func EncodeJSONResponse(_ context.Context, w http.ResponseWriter, response any) error {
	return WriteJSON(w, http.StatusOK, response)
}
