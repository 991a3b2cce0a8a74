package catalog

import (
	"context"
	"fmt"
	"net/http"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// maxStaffBody bounds staff's request bodies as the gateway does (httpx.MaxJSONBody), which is
// why a post's Markdown is limited to 20 000 characters (post.go): written mostly in two-byte
// letters it still fits.
const maxStaffBody = httpx.MaxJSONBody

// handleStaff serves the back office's routes (access/staff.go). Staff answers are never cached.
func handleStaff(m *authn.Mux, e StaffEndpoints) {
	opts := []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)}
	json := func(ep func(context.Context, any) (any, error), dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodeStaff, opts...)
	}
	created := func(ep func(context.Context, any) (any, error), dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodeStaffCreated, opts...)
	}
	const admin = "/api/v1/catalog/admin/"
	m.Handle("GET "+admin+"blog", json(e.Posts, decodeStaffPosts))
	m.Handle("POST "+admin+"blog", created(e.CreatePost, decodeBody[PostInput](maxStaffBody)))
	m.Handle("POST "+admin+"blog/preview", json(e.Preview, decodeBody[previewRequest](maxStaffBody)))
	m.Handle("GET "+admin+"blog/{id}", json(e.Post, decodeID))
	m.Handle("PUT "+admin+"blog/{id}", json(e.UpdatePost, decodeUpdatePost))
	m.Handle("DELETE "+admin+"blog/{id}", json(e.DeletePost, decodeID))
	m.Handle("POST "+admin+"blog/{id}/publish", json(e.Publish, decodeID))
	m.Handle("POST "+admin+"blog/{id}/unpublish", json(e.Unpublish, decodeID))
	m.Handle("GET "+admin+"faq", json(e.FAQ, decodeNothing))
	m.Handle("POST "+admin+"faq", created(e.CreateFAQ, decodeBody[FAQItem](maxStaffBody)))
	m.Handle("PUT "+admin+"faq/{id}", json(e.UpdateFAQ, decodeWithID(func(it *FAQItem, id string) { it.ID = id })))
	m.Handle("DELETE "+admin+"faq/{id}", json(e.DeleteFAQ, decodeID))
	m.Handle("GET "+admin+"testimonials", json(e.Testimonials, decodeNothing))
	m.Handle("POST "+admin+"testimonials", created(e.CreateTestimonial, decodeTestimonial))
	m.Handle("PUT "+admin+"testimonials/{id}", json(e.UpdateTestimonial, decodeTestimonial))
	m.Handle("DELETE "+admin+"testimonials/{id}", json(e.DeleteTestimonial, decodeID))
	m.Handle("GET "+admin+"figures", json(e.Figures, decodeNothing))
	m.Handle("PUT "+admin+"figures", json(e.UpdateFigures, decodeFigures))
	m.Handle("GET "+admin+"inquiries", json(e.Inquiries, decodeInquiryFilter))
	m.Handle("GET "+admin+"inquiries/{id}", json(e.Inquiry, decodeID))
	m.Handle("POST "+admin+"inquiries/{id}/handled", json(e.MarkHandled, decodeID))
	m.Handle("POST "+admin+"inquiries/{id}/reply", json(e.Reply, decodeWithID(func(r *replyRequest, id string) { r.ID = id })))
	m.Handle("GET "+admin+"summary", json(e.Summary, decodeNothing))
	m.Handle("GET "+admin+"audit", e.Audit)
}

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
	var in PostInput
	if err := httpx.DecodeJSON(r, maxStaffBody, &in); err != nil {
		return nil, err
	}
	return updatePostRequest{ID: r.PathValue("id"), In: in}, nil
}

func decodeStaffPosts(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return PostFilter{Lang: q.Get("lang"), Status: q.Get("status"), Q: q.Get("q"), Sort: q.Get("sort"), Before: q.Get("before")}, nil
}

func decodeInquiryFilter(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return InquiryFilter{Kind: q.Get("kind"), Status: q.Get("status"), Q: q.Get("q"), Sort: q.Get("sort"), Before: q.Get("before")}, nil
}

var (
	problemStale = httpx.NewProblem(http.StatusConflict, "stale",
		i18n.Text{TR: "Bu kayıt siz açtıktan sonra başka biri tarafından değiştirildi. Lütfen yeniden yükleyip değişikliğinizi tekrar yapın.",
			EN: "Someone else changed this since you opened it. Please reload it and make your change again."})
	problemSlugTaken = httpx.NewProblem(http.StatusConflict, "slug_taken",
		i18n.Text{TR: "Bu dilde bu adresi kullanan başka bir yazı var.", EN: "Another post in this language uses this slug."}).
		WithField("slug", i18n.Text{TR: "Başka bir adres seçin.", EN: "Choose another slug."})
	problemTranslationTaken = httpx.NewProblem(http.StatusConflict, "translation_taken",
		i18n.Text{TR: "Bu dilde bu çeviri anahtarına bağlı başka bir yazı var.", EN: "Another post in this language has this translation key."}).
		WithField("translationKey", i18n.Text{TR: "Diğer dildeki yazının anahtarını ya da yeni bir anahtar girin.", EN: "Enter the key of the post in the other language, or a new one."})
	problemPostPublished = httpx.NewProblem(http.StatusConflict, "post_published",
		i18n.Text{TR: "Yayımlanmış ya da daha önce yayımlanmış bir yazı silinemez; yayından kaldırabilirsiniz.",
			EN: "A post that is or was published cannot be deleted; you can unpublish it."})
)

// staffFieldWord explains the staff forms' field errors; the lengths come from limits.
func staffFieldWord(field, reason string) (i18n.Text, bool) {
	switch reason {
	case "required":
		return i18n.Text{TR: "Bu alanı doldurun.", EN: "Fill in this field."}, true
	case "length":
		if l, ok := limits[field]; ok {
			return i18n.Text{TR: fmt.Sprintf("%d ile %d karakter arasında olmalı.", l.min, l.max),
				EN: fmt.Sprintf("Must be %d to %d characters.", l.min, l.max)}, true
		}
	}
	w, ok := staffWords[reason]
	return w, ok
}

var staffWords = map[string]i18n.Text{
	"lang":          {TR: "tr veya en seçin.", EN: "Choose tr or en."},
	"slug":          {TR: "Yalnızca küçük harf (a–z), rakam ve tek tire kullanın; tireyle başlamasın, bitmesin.", EN: "Use only lower-case letters (a–z), digits and single hyphens, not at either end."},
	"url":           {TR: "Sitedeki bir yol (/ ile başlayan) ya da https:// ile başlayan bir adres girin.", EN: "Enter a path on the site (starting with /) or an address starting with https://."},
	"status":        {TR: "draft veya published olmalı.", EN: "Must be draft or published."},
	"inquiryStatus": {TR: "open veya handled olmalı.", EN: "Must be open or handled."},
	"before":        {TR: "Sayfa imleci bilinen bir talebin kimliği olmalı.", EN: "The page cursor must be the id of a known inquiry."},
	"postBefore":    {TR: "Sayfa imleci bilinen bir yazının kimliği olmalı.", EN: "The page cursor must be the id of a known post."},
	"invalid":       {TR: "Sıralama newest veya oldest olmalı.", EN: "The sort must be newest or oldest."},
	"category":      {TR: "general, pricing, quality, delivery veya technical olmalı.", EN: "Must be general, pricing, quality, delivery or technical."},
	"order":         {TR: "0 ile 10000 arasında bir tam sayı olmalı.", EN: "Must be a whole number from 0 to 10000."},
	"service":       {TR: "Katalogdaki bir hizmet seçin.", EN: "Choose a service of the catalogue."},
	"language":      {TR: "Katalogdaki bir dil seçin.", EN: "Choose a language of the catalogue."},
	"same":          {TR: "Kaynak dilden farklı olmalı.", EN: "Must differ from the source language."},
	"replyLength":   {TR: "Yanıt en fazla 5000 karakter olabilir.", EN: "The reply can be at most 5000 characters."},
	"rating":        {TR: "1 ile 5 arasında olmalı.", EN: "Must be from 1 to 5."},
	"count":         {TR: "1 ile 100.000.000 arasında bir tam sayı olmalı.", EN: "Must be a whole number from 1 to 100,000,000."},
	"days":          {TR: "0 ile 365 arasında bir tam sayı olmalı.", EN: "Must be a whole number from 0 to 365."},
}
