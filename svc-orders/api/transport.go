package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"

	"github.com/go-kit/kit/endpoint"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

// maxJSONBody is every JSON body's limit, the route table's at the edge.
const maxJSONBody = httpx.MaxJSONBody

// uploadHandler streams one multipart file to a temporary file (counting needs random access
// and the bytes must not sit in memory), hands it to the endpoint and removes it afterwards.
func uploadHandler(ep endpoint.Endpoint, trusted httpx.TrustedProxies) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		in, cleanup, err := decodeUpload(w, r)
		defer cleanup()
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		if ip, ok := trusted.ClientIP(r); ok {
			in.From = ip.String()
		}
		resp, err := ep(ctx, in)
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		_ = httpx.WriteJSON(w, http.StatusCreated, resp)
	})
}

// multipartOverhead is room for the form's boundaries and headers around a 50 MB file.
const multipartOverhead = 1 << 20

func decodeUpload(w http.ResponseWriter, r *http.Request) (files.UploadInput, func(), error) {
	nothing := func() {}
	r.Body = http.MaxBytesReader(w, r.Body, counting.MaxFileBytes+multipartOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		return files.UploadInput{}, nothing, files.ErrNoFile
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return files.UploadInput{}, nothing, files.ErrNoFile
		}
		if err != nil {
			return files.UploadInput{}, nothing, uploadReadError(err)
		}
		if part.FormName() != "file" || part.FileName() == "" {
			continue
		}
		name := part.FileName()
		if counting.FormatOf(name) == "" {
			// Refused before a byte of it is stored.
			return files.UploadInput{}, nothing, fmt.Errorf("%w: %q", counting.ErrUnsupported, name)
		}
		tmp, err := os.CreateTemp("", "linguaport-upload-*")
		if err != nil {
			return files.UploadInput{}, nothing, fmt.Errorf("upload spool: %w", err)
		}
		cleanup := func() { tmp.Close(); os.Remove(tmp.Name()) }
		n, err := io.Copy(tmp, io.LimitReader(part, counting.MaxFileBytes+1))
		if err != nil {
			return files.UploadInput{}, cleanup, uploadReadError(err)
		}
		if n > counting.MaxFileBytes {
			return files.UploadInput{}, cleanup, counting.ErrTooLarge
		}
		token := r.Header.Get("X-Upload-Token")
		return files.UploadInput{Name: name, Content: spooled{tmp, n}, UploadToken: token}, cleanup, nil
	}
}

func uploadReadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return counting.ErrTooLarge
	}
	return fmt.Errorf("%w: %w", files.ErrNoFile, err)
}

// spooled is an upload on local disk.
type spooled struct {
	*os.File
	size int64
}

func (s spooled) Size() int64 { return s.size }

// downloadHandler streams a file as an attachment, never rendered by the browser in our origin.
func downloadHandler(ep endpoint.Endpoint) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		token := r.Header.Get("X-Upload-Token")
		if token == "" {
			token = r.URL.Query().Get("uploadToken")
		}
		resp, err := ep(ctx, fileRequest{ID: r.PathValue("id"), UploadToken: token})
		if err != nil {
			encodeError(ctx, err, w)
			return
		}
		fc := resp.(fileContent)
		defer fc.Body.Close()
		h := w.Header()
		h.Set("Content-Type", fc.File.ContentType)
		h.Set("Content-Length", strconv.FormatInt(fc.File.Size, 10))
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": fc.File.Name}))
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		h.Set("Cache-Control", "private, no-store")
		w.WriteHeader(http.StatusOK)
		_, _ = io.Copy(w, fc.Body)
	})
}

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

// decodeListPage reads the page a list of the caller's own is asked for (GET quotes, GET orders;
// mongox.ReadPage): newest.Limit when no limit is asked, as the web app's lists ask none.
func decodeListPage(_ context.Context, r *http.Request) (any, error) {
	bad := errs.Fields{}
	p := newest.Page{}
	p.Limit, p.After = mongox.ReadPage(r.URL.Query(), newest.Limit, bad, newest.ReasonCursor)
	return p, bad.Err()
}

// estimateBody is the calculator's request; a quote adds the brief.
type estimateBody struct {
	Service         string          `json:"service"`
	SourceLanguage  string          `json:"sourceLanguage"`
	TargetLanguages []string        `json:"targetLanguages"`
	Quantity        int             `json:"quantity"`
	FileIDs         []string        `json:"fileIds"`
	UploadToken     string          `json:"uploadToken"`
	Urgency         pricing.Urgency `json:"urgency"`
	AddOns          []string        `json:"addOns"`
	Currency        string          `json:"currency"`
	Brief           string          `json:"brief"`
}

func (b estimateBody) input(ctx context.Context) pricing.EstimateInput {
	if b.Urgency == "" {
		b.Urgency = pricing.Normal
	}
	return pricing.EstimateInput{
		EstimateRequest: pricing.EstimateRequest{Service: b.Service, SourceLanguage: b.SourceLanguage, TargetLanguages: b.TargetLanguages,
			Quantity: b.Quantity, Urgency: b.Urgency, AddOns: b.AddOns},
		FileIDs: b.FileIDs, UploadToken: b.UploadToken, Currency: b.Currency, Lang: httpx.LangFrom(ctx),
	}
}

func decodeEstimate(ctx context.Context, r *http.Request) (any, error) {
	var b estimateBody
	if err := httpx.DecodeJSONStrict(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return b.input(ctx), nil
}

func decodeQuote(ctx context.Context, r *http.Request) (any, error) {
	var b estimateBody
	if err := httpx.DecodeJSONStrict(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return quotes.QuoteInput{EstimateInput: b.input(ctx), Brief: b.Brief}, nil
}

func decodeID(_ context.Context, r *http.Request) (any, error) {
	return idRequest{ID: r.PathValue("id")}, nil
}

func decodeReason(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		Reason string `json:"reason"`
	}
	if err := decodeOptionalJSON(r, &b); err != nil {
		return nil, err
	}
	return reasonRequest{ID: r.PathValue("id"), Reason: b.Reason}, nil
}

func decodeAssign(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		TranslatorID string  `json:"translatorId"`
		From         *string `json:"from"`
	}
	if err := decodeOptionalJSON(r, &b); err != nil {
		return nil, err
	}
	return assignRequest{ID: r.PathValue("id"), In: orders.AssignInput{TranslatorID: b.TranslatorID, From: b.From}}, nil
}

func decodeDeliver(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		FileIDs []string `json:"fileIds"`
		Note    string   `json:"note"`
	}
	if err := httpx.DecodeJSONStrict(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return deliverRequest{ID: r.PathValue("id"), FileIDs: b.FileIDs, Note: b.Note}, nil
}

// decodeOptionalJSON reads a body that may be left out entirely. Like every body an integrator
// sends, it is read strictly: a misspelt field is refused (400), not silently dropped.
func decodeOptionalJSON(r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return httpx.DecodeJSONStrict(r, maxJSONBody, v)
}

func decodePriceList(_ context.Context, r *http.Request) (any, error) {
	var pl pricing.PriceList
	if err := httpx.DecodeJSON(r, maxJSONBody, &pl); err != nil {
		return nil, err
	}
	return pl, nil
}

func encodePublic(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "public, max-age=60")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

// encodePriceList lets shared caches keep the public list, never staff's (with translator rates).
func encodePriceList(ctx context.Context, w http.ResponseWriter, response any) error {
	if authn.CallerFrom(ctx).Staff() {
		return encodePrivate(ctx, w, response)
	}
	return encodePublic(ctx, w, response)
}

func encodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}
