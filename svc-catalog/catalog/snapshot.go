package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"linguaport/internal/company"
)

// ContentService is the catalogue's public side over c alone, read-only and without a
// database: the site is prerendered from its answers at build time (svc-catalog/api's Snapshot),
// so the pages carry the same JSON the API serves.
func ContentService(c Content, facts company.Facts) Service {
	return NewService(contentStore{c}, nil, nil, facts)
}

// SnapshotURLs are every public read of the catalogue for c, exactly as the web UI asks for them.
func SnapshotURLs(c Content) []string {
	urls := []string{
		"/api/v1/catalog/services",
		"/api/v1/catalog/languages",
		"/api/v1/catalog/testimonials",
		"/api/v1/catalog/stats",
		"/api/v1/catalog/company",
	}
	for _, lang := range []string{"tr", "en"} {
		urls = append(urls, "/api/v1/catalog/faq?lang="+lang)
		for _, doc := range legalDocs {
			urls = append(urls, "/api/v1/catalog/legal/"+doc+"?lang="+lang)
		}
		n := 0
		for _, p := range c.Posts {
			if p.Lang == lang {
				n++
				urls = append(urls, "/api/v1/catalog/blog/"+lang+"/"+p.Slug)
			}
		}
		for page := 1; page == 1 || (page-1)*DefaultPageSize < n; page++ {
			urls = append(urls, fmt.Sprintf("/api/v1/catalog/blog?lang=%s&page=%d", lang, page))
		}
	}
	return urls
}

var errReadOnly = errors.New("the content snapshot is read-only")

// contentStore serves seed content from memory in the same order as MongoStore.
type contentStore struct{ c Content }

func (s contentStore) Services(context.Context) ([]ServiceEntry, error) {
	return sortedBy(s.c.Services, func(e ServiceEntry) int { return e.Order }), nil
}

func (s contentStore) Languages(context.Context) ([]Language, error) {
	return sortedBy(s.c.Languages, func(l Language) int { return l.Order }), nil
}

func (s contentStore) Posts(_ context.Context, lang string, skip, limit int) ([]Post, int, error) {
	var posts []Post
	for _, p := range s.c.Posts {
		if p.Lang == lang && p.Status == PostPublished {
			p.Body = ""
			posts = append(posts, p)
		}
	}
	slices.SortStableFunc(posts, func(a, b Post) int {
		if c := b.Date.Compare(*a.Date); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	total := len(posts)
	posts = posts[min(skip, total):min(skip+limit, total)]
	return posts, total, nil
}

func (s contentStore) Post(_ context.Context, lang, slug string) (Post, error) {
	return s.findPost(func(p Post) bool { return p.Lang == lang && p.Slug == slug && p.Status == PostPublished })
}

func (s contentStore) PostByKey(_ context.Context, lang, key string) (Post, error) {
	return s.findPost(func(p Post) bool {
		return p.Lang == lang && p.TranslationKey == key && p.Status == PostPublished
	})
}

func (s contentStore) findPost(match func(Post) bool) (Post, error) {
	for _, p := range s.c.Posts {
		if match(p) {
			return p, nil
		}
	}
	return Post{}, ErrNotFound
}

func (s contentStore) FAQ(_ context.Context, category string) ([]FAQItem, error) {
	items := sortedBy(s.c.FAQ, func(it FAQItem) int { return it.Order })
	var out []FAQItem
	for _, c := range FAQCategories {
		for _, it := range items {
			if it.Category == c && (category == "" || category == c) {
				out = append(out, it)
			}
		}
	}
	return out, nil
}

func (s contentStore) Testimonials(context.Context) ([]Testimonial, error) {
	out := slices.Clone(s.c.Testimonials)
	slices.SortFunc(out, func(a, b Testimonial) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}

func (s contentStore) Legal(_ context.Context, id string) (LegalDoc, error) {
	for _, d := range s.c.Legal {
		if d.ID == id {
			return d, nil
		}
	}
	return LegalDoc{}, ErrNotFound
}

func (s contentStore) Figures(context.Context) (Stats, error) { return s.c.Figures, nil }

func (contentStore) AddInquiry(context.Context, Inquiry) error { return errReadOnly }

func sortedBy[T any](items []T, key func(T) int) []T {
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(a, b T) int { return key(a) - key(b) })
	return out
}
