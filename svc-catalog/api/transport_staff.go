package api

import (
	"context"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/httpx"
	"linguaport/svc-catalog/catalog"
)

// maxStaffBody bounds staff's request bodies as the gateway does (httpx.MaxJSONBody), which is
// why a post's Markdown is limited to 20 000 characters (catalog/post.go): written mostly in two-byte
// letters it still fits.
const maxStaffBody = httpx.MaxJSONBody

// encodeStaff: staff's answers carry unpublished content and visitors' personal data; no cache
// keeps them.
func encodeStaff(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	if _, ok := response.(noContent); ok {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	return httpx.WriteJSON(w, http.StatusOK, response)
}

func encodeStaffCreated(_ context.Context, w http.ResponseWriter, response any) error {
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WriteJSON(w, http.StatusCreated, response)
}

func decodeID(_ context.Context, r *http.Request) (any, error) {
	return idRequest{ID: r.PathValue("id")}, nil
}

func decodeBody[T any](limit int64) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		var v T
		if err := httpx.DecodeJSON(r, limit, &v); err != nil {
			return nil, err
		}
		return v, nil
	}
}

// decodeWithID reads the body and sets the path's id on it.
func decodeWithID[T any](setID func(*T, string)) kithttp.DecodeRequestFunc {
	return func(_ context.Context, r *http.Request) (any, error) {
		var v T
		if err := httpx.DecodeJSON(r, maxStaffBody, &v); err != nil {
			return nil, err
		}
		setID(&v, r.PathValue("id"))
		return v, nil
	}
}

func decodeTestimonial(_ context.Context, r *http.Request) (any, error) {
	var t staffTestimonial
	if err := httpx.DecodeJSON(r, maxStaffBody, &t); err != nil {
		return nil, err
	}
	t.Testimonial.ID, t.Testimonial.Version = r.PathValue("id"), t.Version
	return t.Testimonial, nil
}

func decodeFigures(_ context.Context, r *http.Request) (any, error) {
	var st staffFigures
	if err := httpx.DecodeJSON(r, maxStaffBody, &st); err != nil {
		return nil, err
	}
	st.Stats.Version = st.Version
	return st.Stats, nil
}

func decodeUpdatePost(_ context.Context, r *http.Request) (any, error) {
	var in catalog.PostInput
	if err := httpx.DecodeJSON(r, maxStaffBody, &in); err != nil {
		return nil, err
	}
	return updatePostRequest{ID: r.PathValue("id"), In: in}, nil
}

func decodeStaffPosts(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return catalog.PostFilter{Lang: q.Get("lang"), Status: q.Get("status"), Q: q.Get("q"), Sort: q.Get("sort"), Before: q.Get("before")}, nil
}

func decodeInquiryFilter(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return catalog.InquiryFilter{Kind: q.Get("kind"), Status: q.Get("status"), Q: q.Get("q"), Sort: q.Get("sort"), Before: q.Get("before")}, nil
}
