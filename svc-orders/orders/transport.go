package orders

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/svc-orders/counting"
)

const maxJSONBody = 64 << 10

// MakeHandler serves svc-orders under /api/v1/orders/. Each route declares who may call it;
// the service checks ownership (API.md).
func MakeHandler(e Endpoints, auth *authn.Authenticator, trusted httpx.TrustedProxies) http.Handler {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	json := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc, enc kithttp.EncodeResponseFunc) http.Handler {
		return kithttp.NewServer(ep, dec, enc, opts...)
	}
	signedIn, customer, staff := authn.Require(), authn.Require(authn.RoleCustomer), authn.Require(authn.RoleAdmin)
	deliverer := authn.Require(authn.RoleTranslator, authn.RoleAdmin)

	mux := http.NewServeMux()
	mux.Handle("POST /api/v1/orders/estimate", json(e.Estimate, decodeEstimate, encodePrivate))
	mux.Handle("GET /api/v1/orders/prices", json(e.PriceList, decodeNothing, encodePublic))
	mux.Handle("PUT /api/v1/orders/prices", staff(json(e.UpdatePriceList, decodePriceList, encodePrivate)))

	mux.Handle("POST /api/v1/orders/files", uploadHandler(e.UploadFile, trusted))
	mux.Handle("GET /api/v1/orders/files", signedIn(json(e.Files, decodeNothing, encodePrivate)))
	mux.Handle("GET /api/v1/orders/files/{id}", downloadHandler(e.OpenFile))

	mux.Handle("POST /api/v1/orders/quotes", customer(json(e.CreateQuote, decodeQuote, encodeCreated)))
	mux.Handle("GET /api/v1/orders/quotes", signedIn(json(e.Quotes, decodeNothing, encodePrivate)))
	mux.Handle("GET /api/v1/orders/quotes/{id}", signedIn(json(e.Quote, decodeID, encodePrivate)))
	mux.Handle("POST /api/v1/orders/quotes/{id}/approve", signedIn(json(e.ApproveQuote, decodeID, encodePrivate)))
	mux.Handle("POST /api/v1/orders/quotes/{id}/reject", signedIn(json(e.RejectQuote, decodeReason, encodePrivate)))

	mux.Handle("GET /api/v1/orders/orders", signedIn(json(e.Orders, decodeNothing, encodePrivate)))
	mux.Handle("GET /api/v1/orders/orders/{id}", signedIn(json(e.Order, decodeID, encodePrivate)))
	mux.Handle("POST /api/v1/orders/orders/{id}/assign", staff(json(e.Assign, decodeAssign, encodePrivate)))
	mux.Handle("POST /api/v1/orders/orders/{id}/deliver", deliverer(json(e.Deliver, decodeDeliver, encodePrivate)))
	mux.Handle("POST /api/v1/orders/orders/{id}/complete", signedIn(json(e.Complete, decodeID, encodePrivate)))
	mux.Handle("POST /api/v1/orders/orders/{id}/revision", signedIn(json(e.Revision, decodeReason, encodePrivate)))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { httpx.EncodeError(r.Context(), httpx.ErrNotFound, w) })
	return auth.Middleware(mux)
}

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

func decodeUpload(w http.ResponseWriter, r *http.Request) (UploadInput, func(), error) {
	nothing := func() {}
	r.Body = http.MaxBytesReader(w, r.Body, counting.MaxFileBytes+multipartOverhead)
	mr, err := r.MultipartReader()
	if err != nil {
		return UploadInput{}, nothing, ErrNoFile
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return UploadInput{}, nothing, ErrNoFile
		}
		if err != nil {
			return UploadInput{}, nothing, uploadReadError(err)
		}
		if part.FormName() != "file" || part.FileName() == "" {
			continue
		}
		name := part.FileName()
		if counting.FormatOf(name) == "" {
			// Refused before a byte of it is stored.
			return UploadInput{}, nothing, fmt.Errorf("%w: %q", counting.ErrUnsupported, name)
		}
		tmp, err := os.CreateTemp("", "linguaport-upload-*")
		if err != nil {
			return UploadInput{}, nothing, fmt.Errorf("upload spool: %w", err)
		}
		cleanup := func() { tmp.Close(); os.Remove(tmp.Name()) }
		n, err := io.Copy(tmp, io.LimitReader(part, counting.MaxFileBytes+1))
		if err != nil {
			return UploadInput{}, cleanup, uploadReadError(err)
		}
		if n > counting.MaxFileBytes {
			return UploadInput{}, cleanup, counting.ErrTooLarge
		}
		token := r.Header.Get("X-Upload-Token")
		return UploadInput{Name: name, Content: spooled{tmp, n}, UploadToken: token}, cleanup, nil
	}
}

func uploadReadError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return counting.ErrTooLarge
	}
	return fmt.Errorf("%w: %w", ErrNoFile, err)
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

// estimateBody is the calculator's request; a quote adds the brief.
type estimateBody struct {
	Service         string   `json:"service"`
	SourceLanguage  string   `json:"sourceLanguage"`
	TargetLanguages []string `json:"targetLanguages"`
	Quantity        int      `json:"quantity"`
	FileIDs         []string `json:"fileIds"`
	UploadToken     string   `json:"uploadToken"`
	Urgency         Urgency  `json:"urgency"`
	AddOns          []string `json:"addOns"`
	Currency        string   `json:"currency"`
	Brief           string   `json:"brief"`
}

func (b estimateBody) input(ctx context.Context) EstimateInput {
	if b.Urgency == "" {
		b.Urgency = Normal
	}
	return EstimateInput{
		EstimateRequest: EstimateRequest{Service: b.Service, SourceLanguage: b.SourceLanguage, TargetLanguages: b.TargetLanguages,
			Quantity: b.Quantity, Urgency: b.Urgency, AddOns: b.AddOns},
		FileIDs: b.FileIDs, UploadToken: b.UploadToken, Currency: b.Currency, Lang: string(httpx.LangFrom(ctx)),
	}
}

func decodeEstimate(ctx context.Context, r *http.Request) (any, error) {
	var b estimateBody
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return b.input(ctx), nil
}

func decodeQuote(ctx context.Context, r *http.Request) (any, error) {
	var b estimateBody
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return QuoteInput{EstimateInput: b.input(ctx), Brief: b.Brief}, nil
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
		TranslatorID string `json:"translatorId"`
	}
	if err := decodeOptionalJSON(r, &b); err != nil {
		return nil, err
	}
	return assignRequest{ID: r.PathValue("id"), TranslatorID: b.TranslatorID}, nil
}

func decodeDeliver(_ context.Context, r *http.Request) (any, error) {
	var b struct {
		FileIDs []string `json:"fileIds"`
		Note    string   `json:"note"`
	}
	if err := httpx.DecodeJSON(r, maxJSONBody, &b); err != nil {
		return nil, err
	}
	return deliverRequest{ID: r.PathValue("id"), FileIDs: b.FileIDs, Note: b.Note}, nil
}

// decodeOptionalJSON reads a body that may be left out entirely.
func decodeOptionalJSON(r *http.Request, v any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return httpx.DecodeJSON(r, maxJSONBody, v)
}

func decodePriceList(_ context.Context, r *http.Request) (any, error) {
	var pl PriceList
	if err := httpx.DecodeJSON(r, maxJSONBody, &pl); err != nil {
		return nil, err
	}
	return pl, nil
}

func encodePublic(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "public, max-age=60")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

func encodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func encodePrivate(ctx context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.EncodeJSONResponse(ctx, w, response)
}

var (
	msgValidation = httpx.Text{TR: "Lütfen işaretli alanları düzeltin.", EN: "Please correct the marked fields."}
	msgCurrency   = httpx.Text{TR: "Bilinmeyen para birimi.", EN: "Unknown currency."}
	msgNoPrice    = httpx.Text{TR: "Fiyat listesi şu anda kullanılamıyor.", EN: "The price list is not available right now."}
	msgNoFile     = httpx.Text{TR: "Yüklenecek bir dosya seçin.", EN: "Choose a file to upload."}
	msgTooLarge   = httpx.Text{TR: "Dosya 50 MB sınırını aşıyor.", EN: "The file is larger than the 50 MB limit."}
	msgType       = httpx.Text{
		TR: "Bu dosya türünü desteklemiyoruz. Desteklenen türler: txt, docx, xlsx, pptx, odt, ods, odp, html, srt, vtt, pdf, mp3, wav, mp4, m4a.",
		EN: "We do not support this file type. Supported types: txt, docx, xlsx, pptx, odt, ods, odp, html, srt, vtt, pdf, mp3, wav, mp4, m4a.",
	}
	msgMismatch   = httpx.Text{TR: "Dosyanın içeriği uzantısıyla uyuşmuyor.", EN: "The file's content does not match its extension."}
	msgBomb       = httpx.Text{TR: "Dosya açıldığında izin verilen boyutu aşıyor.", EN: "The file expands beyond the allowed size when unpacked."}
	msgMalformed  = httpx.Text{TR: "Dosya okunamadı; bozuk olabilir.", EN: "The file could not be read; it may be damaged."}
	msgTooMany    = httpx.Text{TR: "Bir siparişe en fazla 20 dosya eklenebilir.", EN: "An order can have at most 20 files."}
	msgExpired    = httpx.Text{TR: "Bu teklifin süresi doldu; lütfen yeni bir teklif alın.", EN: "This quote has expired; please request a new one."}
	msgDecided    = httpx.Text{TR: "Bu teklif için zaten karar verilmiş.", EN: "This quote has already been decided."}
	msgWindow     = httpx.Text{TR: "Ücretsiz düzeltme süresi (teslimden sonra 7 gün) doldu.", EN: "The free revision period (7 days after delivery) has ended."}
	msgNotYours   = httpx.Text{TR: "Bu işlemi yalnızca siparişin sahibi yapabilir.", EN: "Only the customer who placed the order can do this."}
	msgTooOften   = httpx.Text{TR: "Çok fazla dosya yüklediniz; lütfen biraz sonra tekrar deneyin.", EN: "You have uploaded too many files; please try again a little later."}
	msgNotYourJob = httpx.Text{TR: "Bu sipariş size atanmamış.", EN: "This order is not assigned to you."}
)

// statusNames are the order states as people read them.
var statusNames = map[OrderStatus]httpx.Text{
	AwaitingPayment:   {TR: "Ödeme bekleniyor", EN: "Awaiting payment"},
	InProgress:        {TR: "Devam ediyor", EN: "In progress"},
	Assigned:          {TR: "Çevirmene atandı", EN: "Assigned to a translator"},
	Delivered:         {TR: "Teslim edildi", EN: "Delivered"},
	RevisionRequested: {TR: "Düzeltme istendi", EN: "Revision requested"},
	Completed:         {TR: "Tamamlandı", EN: "Completed"},
}

func illegalTransition(e *IllegalTransition) *httpx.Problem {
	from := statusNames[e.From]
	return httpx.NewProblem(http.StatusConflict, "illegal_transition", httpx.Text{
		TR: fmt.Sprintf("Sipariş şu anda “%s” durumunda; bu işlem yapılamaz.", from.TR),
		EN: fmt.Sprintf("The order is “%s” now; this cannot be done.", from.EN),
	})
}

// fieldMessages are the texts of the field reason codes.
var fieldMessages = map[string]httpx.Text{
	"required":           {TR: "Bu alan zorunludur.", EN: "This field is required."},
	"unknown_service":    {TR: "Bilinmeyen hizmet.", EN: "Unknown service."},
	"unknown_language":   {TR: "Bu dilde çeviri yapmıyoruz ya da dil kodu hatalı.", EN: "We do not work in this language, or the language code is wrong."},
	"same_language":      {TR: "Hedef dil, kaynak dille aynı olamaz.", EN: "A target language cannot be the source language."},
	"duplicate_language": {TR: "Bir hedef dil birden çok kez seçilmiş.", EN: "A target language was chosen more than once."},
	"positive":           {TR: "Sıfırdan büyük bir sayı girin.", EN: "Enter a number greater than zero."},
	"too_large":          {TR: "Bu miktar çok büyük; lütfen bize yazın.", EN: "This quantity is too large; please contact us."},
	"unknown_urgency":    {TR: "Teslim hızı normal ya da acil olmalı.", EN: "Delivery must be normal or urgent."},
	"unknown_add_on":     {TR: "Bu ek hizmet bu hizmetle sunulmuyor.", EN: "This add-on is not offered with this service."},
	"invalid":            {TR: "Geçersiz değer.", EN: "Invalid value."},
	"not_negative":       {TR: "Negatif olamaz.", EN: "Cannot be negative."},
	"unknown_tier":       {TR: "Bilinmeyen dil grubu.", EN: "Unknown language tier."},
	"file_not_found":     {TR: "Dosya bulunamadı; lütfen yeniden yükleyin.", EN: "File not found; please upload it again."},
	"manual_count":       {TR: "Bu dosyanın metni okunamadı (taranmış belge); ekibimiz elle sayacak. Fiyat için tahmini kelime sayısını girin.", EN: "This file's text cannot be read (a scanned document); our team will count it. Enter an estimated word count for a price."},
	"nothing_to_count":   {TR: "Dosyalarda bu hizmetin birimiyle sayılacak içerik yok (ör. dakika için ses, video ya da altyazı dosyası gerekir).", EN: "The files hold nothing to count in this service's unit (minutes need audio, video or subtitle files)."},
	"too_many_files":     {TR: "En fazla 20 dosya eklenebilir.", EN: "At most 20 files can be added."},
	"too_long":           {TR: "Bu metin çok uzun.", EN: "This text is too long."},
}

func encodeError(ctx context.Context, err error, w http.ResponseWriter) {
	var (
		fe      FieldErrors
		problem *httpx.Problem
	)
	switch {
	case errors.As(err, &problem):
	case errors.As(err, &fe):
		problem = httpx.NewProblem(http.StatusBadRequest, "validation_failed", msgValidation)
		for field, code := range fe {
			text, ok := fieldMessages[code]
			if !ok {
				text = fieldMessages["invalid"]
			}
			problem = problem.WithField(field, text)
		}
	case errors.Is(err, ErrCurrency):
		problem = httpx.NewProblem(http.StatusBadRequest, "unknown_currency", msgCurrency).WithField("currency", msgCurrency)
	case errors.As(err, new(*IllegalTransition)) && errors.Is(err, ErrRevisionWindowClosed):
		problem = httpx.NewProblem(http.StatusConflict, "revision_window_closed", msgWindow)
	case errors.As(err, new(*IllegalTransition)):
		var it *IllegalTransition
		errors.As(err, &it)
		problem = illegalTransition(it)
	case errors.Is(err, ErrNotFound):
		problem = httpx.ErrNotFound
	case errors.Is(err, ErrNoFile):
		problem = httpx.NewProblem(http.StatusBadRequest, "no_file", msgNoFile)
	case errors.Is(err, counting.ErrTooLarge):
		problem = httpx.NewProblem(http.StatusRequestEntityTooLarge, "file_too_large", msgTooLarge)
	case errors.Is(err, counting.ErrUnsupported):
		problem = httpx.NewProblem(http.StatusUnsupportedMediaType, "unsupported_type", msgType)
	case errors.Is(err, counting.ErrMismatch):
		problem = httpx.NewProblem(http.StatusUnprocessableEntity, "content_mismatch", msgMismatch)
	case errors.Is(err, counting.ErrZipBomb):
		problem = httpx.NewProblem(http.StatusUnprocessableEntity, "archive_too_large", msgBomb)
	case errors.Is(err, counting.ErrMalformed):
		problem = httpx.NewProblem(http.StatusUnprocessableEntity, "malformed_document", msgMalformed)
	case errors.Is(err, ErrTooManyFiles):
		problem = httpx.NewProblem(http.StatusUnprocessableEntity, "too_many_files", msgTooMany)
	case errors.Is(err, ErrQuoteExpired):
		problem = httpx.NewProblem(http.StatusConflict, "quote_expired", msgExpired)
	case errors.Is(err, ErrQuoteNotPending):
		problem = httpx.NewProblem(http.StatusConflict, "quote_not_pending", msgDecided)
	case errors.Is(err, ErrNotYours):
		problem = httpx.NewProblem(http.StatusForbidden, "not_your_order", msgNotYours)
	case errors.Is(err, ErrNotAssignedToYou):
		problem = httpx.NewProblem(http.StatusForbidden, "not_assigned_to_you", msgNotYourJob)
	case errors.As(err, new(*RateLimitedError)):
		var limited *RateLimitedError
		errors.As(err, &limited)
		w.Header().Set("Retry-After", strconv.Itoa(int((limited.RetryAfter+time.Second-1)/time.Second)))
		problem = httpx.NewProblem(http.StatusTooManyRequests, "too_many_uploads", msgTooOften)
	case errors.Is(err, ErrNoPrice):
		problem = httpx.NewProblem(http.StatusServiceUnavailable, "no_price_list", msgNoPrice)
	default:
		httpx.EncodeError(ctx, err, w)
		return
	}
	httpx.EncodeError(ctx, problem, w)
}
