package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
)

// Problem is an error that knows how to present itself over HTTP in the DESIGN §3 shape:
// {"error":{"code":"slug","message":"…","fields":{"name":"…"}}}. Services map their domain
// errors to Problems in one encodeError; anything else becomes a generic 500.
type Problem struct {
	Status  int
	Code    string
	Message Text
	Fields  map[string]Text
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
func NewProblem(status int, code string, msg Text) *Problem {
	return &Problem{Status: status, Code: code, Message: msg}
}

// WithField returns a copy of p with one more field error.
func (p *Problem) WithField(name string, msg Text) *Problem {
	c := *p
	c.Fields = make(map[string]Text, len(p.Fields)+1)
	for k, v := range p.Fields {
		c.Fields[k] = v
	}
	c.Fields[name] = msg
	return &c
}

var (
	msgInternal = Text{TR: "Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.", EN: "An unexpected error occurred. Please try again later."}
	msgNotFound = Text{TR: "İstenen kaynak bulunamadı.", EN: "The requested resource was not found."}
	msgTooLarge = Text{TR: "İstek gövdesi izin verilen boyutu aşıyor.", EN: "The request body is larger than allowed."}
	msgBadJSON  = Text{TR: "İstek gövdesi geçerli JSON değil.", EN: "The request body is not valid JSON."}
)

// Common problems shared by every service.
var (
	ErrNotFound      = NewProblem(http.StatusNotFound, "not_found", msgNotFound)
	ErrBodyTooLarge  = NewProblem(http.StatusRequestEntityTooLarge, "body_too_large", msgTooLarge)
	ErrMalformedJSON = NewProblem(http.StatusBadRequest, "malformed_json", msgBadJSON)
)

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// EncodeError writes err in the request's language. Its signature is go-kit's ErrorEncoder so
// transports can use it directly after mapping their domain errors to *Problem.
func EncodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var p *Problem
	if !errors.As(err, &p) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			p = ErrBodyTooLarge
		} else {
			slog.ErrorContext(ctx, "unhandled error", "err", err)
			p = NewProblem(http.StatusInternalServerError, "internal", msgInternal)
		}
	}
	lang := LangFrom(ctx)
	body := errorBody{Error: errorDetail{Code: p.Code, Message: p.Message.In(lang)}}
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
