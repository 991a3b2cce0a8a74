package api

import (
	"context"
	"net/http"
	"strconv"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/httpx"
	"linguaport/svc-catalog/catalog"
)

// publicCaching: browsers and nginx may keep public content but must revalidate it on every use
// (an ETag → 304 without a body, cheap), because staff publish and edit it in the back office and
// a published post must show on the site at once, not when a max-age runs out.
const publicCaching = "public, no-cache"

// maxInquiryBody bounds an inquiry request.
const maxInquiryBody = 32 << 10

type requestKey struct{}

// keepRequest lets the response encoder see the request's If-None-Match (a table option, so
// every route's context has it; only encodeCached reads it).
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
	return postsRequest{Lang: langOf(ctx, r), Page: intParam(r, "page", 1), PageSize: intParam(r, "pageSize", catalog.DefaultPageSize)}, nil
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
		return catalog.Inquiry{Kind: body.Kind, Name: body.Name, Email: body.Email, Phone: body.Phone, Company: body.Company,
			Message: body.Message, Language: body.Language, From: from}, nil
	}
}
