package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"strconv"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/mongox"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

const (
	// maxProfileBody bounds a profile request or a new ticket: thirty pairs and a thousand
	// characters of certificates fit many times over.
	maxProfileBody = 64 << 10
	// maxSupportBody bounds a ticket's message: 5000 characters of up to four bytes each fit.
	maxSupportBody = 32 << 10
	// maxRejectBody bounds a rejection: a reason of 1000 characters of up to four bytes each.
	maxRejectBody = 16 << 10
	// formOverhead is room for the boundaries, part headers and text fields around two files.
	formOverhead = 1 << 20
	// maxFormField bounds one text field; the longest (certificates) is 1000 characters.
	maxFormField = 16 << 10
)

func decodeNoBody(context.Context, *http.Request) (any, error) { return nil, nil }

func decodePathID(_ context.Context, r *http.Request) (any, error) {
	return idRequest{ID: r.PathValue("id")}, nil
}

func decodeBody[T any](_ context.Context, r *http.Request) (any, error) {
	var v T
	if err := httpx.DecodeJSON(r, maxProfileBody, &v); err != nil {
		return nil, err
	}
	return v, nil
}

func decodeReject(_ context.Context, r *http.Request) (any, error) {
	var req rejectRequest
	if err := httpx.DecodeJSON(r, maxRejectBody, &req); err != nil {
		return nil, err
	}
	req.ID = r.PathValue("id")
	return req, nil
}

func decodeCap(_ context.Context, r *http.Request) (any, error) {
	var c capRequest
	if err := httpx.DecodeJSON(r, maxProfileBody, &c); err != nil {
		return nil, err
	}
	c.id = r.PathValue("id")
	return c, nil
}

func decodeSuspend(_ context.Context, r *http.Request) (any, error) {
	var b suspendRequest
	if err := httpx.DecodeJSON(r, maxProfileBody, &b); err != nil {
		return nil, err
	}
	b.id = r.PathValue("id")
	return b, nil
}

func decodeTicketMessage(_ context.Context, r *http.Request) (any, error) {
	var m ticketMessage
	if err := httpx.DecodeJSON(r, maxSupportBody, &m); err != nil {
		return nil, err
	}
	m.id = r.PathValue("id")
	return m, nil
}

// Staff's lists (API.md "Staff lists"): every one takes sort=newest (the default) or oldest,
// q and before=<the next of the page before>; the translators' list also suspended and sworn.
// The values of a fixed list are checked here, as they are read; a cursor naming nothing is the
// service's to refuse.

// reasonInvalid: a value not of the parameter's fixed list.
const reasonInvalid = "invalid"

// oldestFirst reads sort: false for newest or none, true for oldest.
func oldestFirst(q url.Values, fields errs.Fields) bool {
	oldest, ok := mongox.OldestFirst(q.Get("sort"))
	if !ok {
		fields.Add("sort", reasonInvalid)
	}
	return oldest
}

func decodeTranslatorFilter(_ context.Context, r *http.Request) (any, error) {
	q, fields := r.URL.Query(), errs.Fields{}
	f := profiles.ListFilter{Q: q.Get("q"), Oldest: oldestFirst(q, fields), Sworn: q.Get("sworn"), Before: q.Get("before")}
	switch q.Get("suspended") {
	case "":
	case "true", "false":
		b := q.Get("suspended") == "true"
		f.Suspended = &b
	default:
		fields.Add("suspended", reasonInvalid)
	}
	if f.Sworn != "" && f.Sworn != profiles.SwornVerified && f.Sworn != profiles.SwornPending {
		fields.Add("sworn", reasonInvalid)
	}
	return f, fields.Err()
}

func decodeApplicationFilter(_ context.Context, r *http.Request) (any, error) {
	q, fields := r.URL.Query(), errs.Fields{}
	f := applications.Filter{Status: applications.Status(q.Get("status")), Q: q.Get("q"), Oldest: oldestFirst(q, fields), Before: q.Get("before")}
	return f, fields.Err()
}

// decodeTicketFilter reads both tickets lists; the translator's own ignores q (support.Mine).
func decodeTicketFilter(_ context.Context, r *http.Request) (any, error) {
	q, fields := r.URL.Query(), errs.Fields{}
	f := support.Filter{Status: support.Status(q.Get("status")), Q: q.Get("q"), Oldest: oldestFirst(q, fields), Before: q.Get("before")}
	return f, fields.Err()
}

// encodePrivate: applications, profiles and tickets are personal; no cache keeps them.
func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

func encodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func encodeNoContent(_ context.Context, w http.ResponseWriter, _ any) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// submitHandler reads the multipart form as it arrives: the text fields into memory (each
// bounded), each file into a temporary file of at most one byte more than the limit, so an
// upload never sits in memory and a larger one stops being read at the limit. The service
// sniffs the spooled files and streams them into GridFS; the spool is removed afterwards, which
// is why this is a handler and not a decoder: the spool outlives the decoding.
func submitHandler(submit endpoint.Endpoint, trusted httpx.TrustedProxies) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		sub, cleanup, err := decodeSubmission(w, r)
		defer cleanup()
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		// Applications are limited per client address, not per gateway.
		if ip, ok := trusted.ClientIP(r); ok {
			sub.From = ip.String()
		}
		sub.Lang = httpx.LangFrom(ctx)
		a, err := submit(ctx, sub)
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		_ = encodeCreated(ctx, w, a)
	})
}

func decodeSubmission(w http.ResponseWriter, r *http.Request) (applications.Submission, func(), error) {
	var spooled []*os.File
	cleanup := func() {
		for _, f := range spooled {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}
	var sub applications.Submission
	if !httpx.IsMultipart(r.Header.Get("Content-Type")) {
		return sub, cleanup, errNotMultipart
	}
	r.Body = http.MaxBytesReader(w, r.Body, 2*applications.MaxFileBytes+formOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		return sub, cleanup, errNotMultipart
	}
	text := map[string]*string{
		"firstName": &sub.Form.FirstName, "lastName": &sub.Form.LastName, "email": &sub.Form.Email,
		"phone": &sub.Form.Phone, "nativeLanguage": &sub.Form.NativeLanguage,
		"workingLanguages": &sub.Form.WorkingLanguages, "specializations": &sub.Form.Specializations,
		"experienceYears": &sub.Form.ExperienceYears, "education": &sub.Form.Education,
		"certificates": &sub.Form.Certificates, "portfolioUrl": &sub.Form.PortfolioURL,
		"acceptTerms": &sub.Form.AcceptTerms, "lang": &sub.Form.Lang,
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return sub, cleanup, formReadError(err)
		}
		name := part.FormName()
		switch {
		case name == "cv" || name == "portfolio":
			if part.FileName() == "" {
				continue // an empty file input: no file chosen
			}
			tmp, err := os.CreateTemp("", "linguaport-application-*")
			if err != nil {
				return sub, cleanup, fmt.Errorf("application spool: %w", err)
			}
			spooled = append(spooled, tmp)
			n, err := io.Copy(tmp, io.LimitReader(part, applications.MaxFileBytes+1))
			if err != nil {
				return sub, cleanup, formReadError(err)
			}
			if n > applications.MaxFileBytes {
				return sub, cleanup, applications.ErrFileTooLarge
			}
			u := &applications.Upload{Name: part.FileName(), Content: tmp, Size: n}
			if name == "cv" {
				sub.CV = u
			} else {
				sub.Portfolio = u
			}
		case text[name] != nil:
			// A longer value is cut one byte past the bound, which its own rule then refuses.
			b, err := io.ReadAll(io.LimitReader(part, maxFormField+1))
			if err != nil {
				return sub, cleanup, formReadError(err)
			}
			*text[name] = string(b)
		}
	}
	return sub, cleanup, nil
}

// formReadError: a body over the form's bound is 413; a broken form is answered as not a form.
func formReadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return applications.ErrFileTooLarge
	}
	return fmt.Errorf("%w: %w", errNotMultipart, err)
}

// decodeFile names an application's CV or portfolio.
func decodeFile(which applications.Which) func(context.Context, *http.Request) (any, error) {
	return func(_ context.Context, r *http.Request) (any, error) {
		return fileRequest{ID: r.PathValue("id"), Which: which}, nil
	}
}

// encodeFile streams a CV or portfolio as an attachment of its sniffed type, never rendered by
// the browser in our origin, and closes it.
func encodeFile(_ context.Context, w http.ResponseWriter, response any) error {
	c := response.(fileContent)
	defer c.Body.Close()
	h := w.Header()
	h.Set("Content-Type", c.File.Type)
	h.Set("Content-Length", strconv.FormatInt(c.File.Size, 10))
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": c.File.Name}))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, c.Body)
	return nil
}
