package catalog

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-catalog/access"
)

// publicCaching: browsers and nginx may keep public content but must revalidate it on every use
// (an ETag → 304 without a body, cheap), because staff publish and edit it in the back office and
// a published post must show on the site at once, not when a max-age runs out.
const publicCaching = "public, no-cache"

// maxInquiryBody bounds an inquiry request.
const maxInquiryBody = 32 << 10

// MakeHandler serves the catalogue under /api/v1/catalog/: the public content and the staff's
// routes (staff_transport.go), each behind its declared access (svc-catalog/access). auth
// identifies the staff; trusted decides whose X-Forwarded-For names the sender of an inquiry,
// for rate limiting. The chat's routes are served by svc-catalog/chat on a mux of its own.
func MakeHandler(e Endpoints, staff StaffEndpoints, trusted httpx.TrustedProxies, auth *authn.Authenticator) http.Handler {
	m := authn.NewMux(auth, access.Catalog)
	handlePublic(m, e, trusted)
	handleStaff(m, staff)
	return m.Handler()
}

// makePublicHandler serves the public routes alone, which need no caller identified: the
// snapshot the site is prerendered from.
func makePublicHandler(e Endpoints, trusted httpx.TrustedProxies) http.Handler {
	m := authn.NewMux(nil, access.Public)
	handlePublic(m, e, trusted)
	return m.Handler()
}

func handlePublic(m *authn.Mux, e Endpoints, trusted httpx.TrustedProxies) {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError), kithttp.ServerBefore(keepRequest)}
	cached := func(ep func(context.Context, any) (any, error), dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodeCached, opts...)
	}
	m.Handle("GET /api/v1/catalog/services", cached(e.Services, decodeNothing))
	m.Handle("GET /api/v1/catalog/languages", cached(e.Languages, decodeNothing))
	m.Handle("GET /api/v1/catalog/blog", cached(e.Posts, decodePosts))
	m.Handle("GET /api/v1/catalog/blog/{lang}/{slug}", cached(e.Post, decodePost))
	m.Handle("GET /api/v1/catalog/faq", cached(e.FAQ, decodeFAQ))
	m.Handle("GET /api/v1/catalog/testimonials", cached(e.Testimonials, decodeNothing))
	m.Handle("GET /api/v1/catalog/stats", cached(e.Stats, decodeNothing))
	m.Handle("GET /api/v1/catalog/legal/{doc}", cached(e.Legal, decodeLegal))
	m.Handle("GET /api/v1/catalog/company", cached(e.Company, decodeNothing))
	m.Handle("POST /api/v1/catalog/inquiries", kithttp.NewServer(e.SubmitInquiry, decodeInquiry(trusted), encodeCreated, opts...))
}

type requestKey struct{}

// keepRequest lets the response encoder see the request's If-None-Match.
func keepRequest(ctx context.Context, r *http.Request) context.Context {
	return context.WithValue(ctx, requestKey{}, r)
}

func encodeCached(ctx context.Context, w http.ResponseWriter, response any) error {
	r, _ := ctx.Value(requestKey{}).(*http.Request)
	if r == nil {
		return httpx.EncodeJSONResponse(ctx, w, response)
	}
	return httpx.WriteCachedJSON(w, r, publicCaching, response)
}

func encodeCreated(_ context.Context, w http.ResponseWriter, response any) error {
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func decodeNothing(context.Context, *http.Request) (any, error) { return nil, nil }

// langOf is the lang query parameter, else the request's language.
func langOf(ctx context.Context, r *http.Request) string {
	if l := r.URL.Query().Get("lang"); l != "" {
		return l
	}
	return string(httpx.LangFrom(ctx))
}

func intParam(r *http.Request, name string, def int) int {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1 // the service reports it as out of range
	}
	return n
}

func decodePosts(ctx context.Context, r *http.Request) (any, error) {
	return postsRequest{Lang: langOf(ctx, r), Page: intParam(r, "page", 1), PageSize: intParam(r, "pageSize", DefaultPageSize)}, nil
}

func decodePost(_ context.Context, r *http.Request) (any, error) {
	return postRequest{Lang: r.PathValue("lang"), Slug: r.PathValue("slug")}, nil
}

func decodeFAQ(ctx context.Context, r *http.Request) (any, error) {
	return faqRequest{Lang: langOf(ctx, r), Category: r.URL.Query().Get("category")}, nil
}

func decodeLegal(ctx context.Context, r *http.Request) (any, error) {
	return legalRequest{ID: r.PathValue("doc"), Lang: langOf(ctx, r)}, nil
}

func decodeInquiry(trusted httpx.TrustedProxies) kithttp.DecodeRequestFunc {
	return func(ctx context.Context, r *http.Request) (any, error) {
		var body struct {
			Kind     string `json:"kind"`
			Name     string `json:"name"`
			Email    string `json:"email"`
			Phone    string `json:"phone"`
			Company  string `json:"company"`
			Message  string `json:"message"`
			Language string `json:"language"`
		}
		if err := httpx.DecodeJSON(r, maxInquiryBody, &body); err != nil {
			return nil, err
		}
		from := ""
		if ip, ok := trusted.ClientIP(r); ok {
			from = ip.String()
		}
		if body.Language == "" {
			body.Language = string(httpx.LangFrom(ctx))
		}
		return Inquiry{Kind: body.Kind, Name: body.Name, Email: body.Email, Phone: body.Phone, Company: body.Company,
			Message: body.Message, Language: body.Language, From: from}, nil
	}
}

var (
	problemNotFound = httpx.NewProblem(http.StatusNotFound, "not_found",
		i18n.Text{TR: "Aradığınız içerik bulunamadı.", EN: "The content you are looking for was not found."})
	problemLanguage = httpx.NewProblem(http.StatusBadRequest, "invalid_language",
		i18n.Text{TR: "Dil tr veya en olmalı.", EN: "The language must be tr or en."}).
		WithField("lang", i18n.Text{TR: "tr veya en seçin.", EN: "Choose tr or en."})
	problemCategory = httpx.NewProblem(http.StatusBadRequest, "invalid_category",
		i18n.Text{TR: "Bilinmeyen SSS kategorisi.", EN: "Unknown FAQ category."}).
		WithField("category", i18n.Text{TR: "general, pricing, quality, delivery veya technical olmalı.", EN: "Must be general, pricing, quality, delivery or technical."})
	problemRateLimited = httpx.NewProblem(http.StatusTooManyRequests, "too_many_requests",
		i18n.Text{TR: "Çok fazla mesaj gönderdiniz. Lütfen daha sonra tekrar deneyin.", EN: "You have sent too many messages. Please try again later."})
)

// fieldTexts explain each validation reason per field.
var fieldTexts = map[string]map[string]i18n.Text{
	"name": {
		"required": {TR: "Adınızı girin.", EN: "Enter your name."},
		"length":   {TR: "Ad 2 ile 100 karakter arasında olmalı.", EN: "The name must be 2 to 100 characters."},
	},
	"email": {
		"required": {TR: "E-posta adresinizi girin.", EN: "Enter your email address."},
		"email":    {TR: "Geçerli bir e-posta adresi girin.", EN: "Enter a valid email address."},
	},
	"phone":   {"phone": {TR: "Geçerli bir telefon numarası girin (7–15 rakam).", EN: "Enter a valid phone number (7–15 digits)."}},
	"company": {"required": {TR: "Kurumsal talepler için şirket adını girin.", EN: "Enter your company name for corporate requests."}, "length": {TR: "Şirket adı en fazla 120 karakter olabilir.", EN: "The company name can be at most 120 characters."}},
	"message": {
		"required": {TR: "Mesajınızı yazın.", EN: "Write your message."},
		"length":   {TR: "Mesaj 10 ile 5000 karakter arasında olmalı.", EN: "The message must be 10 to 5000 characters."},
	},
	"kind":     {"kind": {TR: "Talep türü contact veya corporate olmalı.", EN: "The request kind must be contact or corporate."}},
	"language": {"language": {TR: "Dil tr veya en olmalı.", EN: "The language must be tr or en."}},
	"page":     {"page": {TR: "Sayfa 1 veya daha büyük bir tam sayı olmalı.", EN: "The page must be a whole number of 1 or more."}},
	"pageSize": {"pageSize": {TR: "Sayfa boyutu 1 ile 50 arasında olmalı.", EN: "The page size must be between 1 and 50."}},
}

// fieldWord is the visitors' forms' word for a field error, else the staff forms'.
func fieldWord(field, reason string) i18n.Text {
	if w, ok := fieldTexts[field][reason]; ok {
		return w
	}
	w, _ := staffFieldWord(field, reason)
	return w
}

// encodeError answers the service's errors in the request's language.
var encodeError = httpx.ErrorEncoder(problemOf)

// problemOf maps the catalogue's errors to their answers; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	switch {
	case errors.As(err, &fields):
		return httpx.ErrValidation.WithFields(fields, fieldWord)
	case errors.Is(err, ErrTooManyInquiries):
		return problemRateLimited
	case errors.Is(err, ErrNotFound):
		return problemNotFound
	case errors.Is(err, ErrUnknownLanguage):
		return problemLanguage
	case errors.Is(err, ErrUnknownCategory):
		return problemCategory
	case errors.Is(err, ErrStale):
		return problemStale
	case errors.Is(err, ErrSlugTaken):
		return problemSlugTaken
	case errors.Is(err, ErrTranslationTaken):
		return problemTranslationTaken
	case errors.Is(err, ErrPostPublished):
		return problemPostPublished
	}
	return nil
}
