package catalog

import (
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/searchkeys"
)

// Post statuses: the public blog shows only published posts.
const (
	PostDraft     = "draft"
	PostPublished = "published"
)

// Post is a blog article in one language, as stored and as staff see it. Its id is stable: a new
// post gets a fresh one, a seeded post one made of its seed file's language and name
// (seedPostID), so editing the slug changes no id and a restart's seeding (by id) never brings
// a renamed seeded post back.
type Post struct {
	ID             string `json:"id" bson:"_id"`
	Lang           string `json:"lang" bson:"lang"`
	Slug           string `json:"slug" bson:"slug"`
	Title          string `json:"title" bson:"title"`
	Excerpt        string `json:"excerpt" bson:"excerpt"`
	Author         string `json:"author" bson:"author"`
	Cover          string `json:"cover" bson:"cover"`
	CoverAlt       string `json:"coverAlt" bson:"coverAlt"`
	TranslationKey string `json:"translationKey" bson:"translationKey"`
	Status         string `json:"status" bson:"status"`
	// Date is when the post was first published (what the site shows); nil for a post never
	// published, which alone may be deleted.
	Date      *time.Time `json:"date" bson:"date,omitempty"`
	UpdatedAt time.Time  `json:"updatedAt" bson:"updatedAt"`
	Version   int64      `json:"version" bson:"version"`
	Body      string     `json:"body,omitempty" bson:"body"` // Markdown
	// Keys serve staff's filtered, searched list (search.go); SearchVersion is their format.
	Keys          []string `json:"-" bson:"keys"`
	SearchVersion int      `json:"-" bson:"searchVersion"`
}

func (p *Post) versionPtr() *int64 { return &p.Version }

// index computes the keys staff's list finds the post by: language, status, words of the
// title and the slug.
func (p *Post) index() {
	p.Keys, p.SearchVersion = indexKeys(p.searchDims(), p.searchTexts()...), searchkeys.Version
}

func (p *Post) searchDims() []dim     { return []dim{{"lang", p.Lang}, {"status", p.Status}} }
func (p *Post) searchTexts() []string { return []string{p.Title, p.Slug} }

// seedPostID is the id of the seed's post lang/slug. (Before the back office a post's id was
// "lang/slug", which cannot be one segment of a staff URL; Seed moves those.)
func seedPostID(lang, slug string) string { return "seed-" + lang + "-" + slug }

// PublicPost is a published post as the site shows it.
type PublicPost struct {
	Lang           string    `json:"lang"`
	Slug           string    `json:"slug"`
	Title          string    `json:"title"`
	Excerpt        string    `json:"excerpt"`
	Author         string    `json:"author"`
	Date           time.Time `json:"date"`
	Cover          string    `json:"cover"`
	CoverAlt       string    `json:"coverAlt"`
	TranslationKey string    `json:"translationKey"`
}

func (p Post) public() PublicPost {
	pp := PublicPost{Lang: p.Lang, Slug: p.Slug, Title: p.Title, Excerpt: p.Excerpt, Author: p.Author,
		Cover: p.Cover, CoverAlt: p.CoverAlt, TranslationKey: p.TranslationKey}
	if p.Date != nil {
		pp.Date = *p.Date
	}
	return pp
}

// PostInput is what staff write of a post.
type PostInput struct {
	Lang           string `json:"lang"`
	Slug           string `json:"slug"`
	Title          string `json:"title"`
	Excerpt        string `json:"excerpt"`
	Author         string `json:"author"`
	Cover          string `json:"cover"`
	CoverAlt       string `json:"coverAlt"`
	TranslationKey string `json:"translationKey"`
	Body           string `json:"body"`
	Version        int64  `json:"version"`
}

// limit is a text field's bounds in characters.
type limit struct{ min, max int }

// limits are the text fields' bounds, by field name as the API spells it; the field errors'
// words are written from them too (TextLimits, svc-catalog/api/errors.go).
var limits = map[string]limit{
	"slug": {2, 120}, "translationKey": {2, 120}, "title": {2, 200}, "excerpt": {1, 500}, "author": {1, 100},
	"cover": {0, 500}, "coverAlt": {1, 300}, "body": {1, 20_000},
	"question.tr": {1, 300}, "question.en": {1, 300}, "answer.tr": {1, 5000}, "answer.en": {1, 5000},
	"quote.tr": {1, 1000}, "quote.en": {1, 1000}, "company": {0, 120},
	"quality": {1, 40}, "support": {1, 40}, "delivery.standardBusinessDays": {1, 40}, "delivery.technicalBusinessDays": {1, 40},
}

// TextLimits are field's bounds in characters, for the words that explain a "length" error;
// ok is false for a field without any.
func TextLimits(field string) (lo, hi int, ok bool) {
	l, ok := limits[field]
	return l.min, l.max, ok
}

// checkText trims s, and adds a field error to fields when it is missing or out of its bounds.
func checkText(fields errs.Fields, name, s string) string {
	s = strings.TrimSpace(s)
	l := limits[name]
	switch n := utf8.RuneCountInString(s); {
	case n == 0 && l.min > 0:
		fields.Add(name, "required")
	case n < l.min || n > l.max:
		fields.Add(name, "length")
	}
	return s
}

// validSlug: lower-case a-z and 0-9 in runs joined by single hyphens.
func validSlug(s string) bool {
	if s == "" || strings.HasPrefix(s, "-") || strings.HasSuffix(s, "-") || strings.Contains(s, "--") {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

// validCover: a path on the site or an https URL; anything else (javascript:, data:) could run
// or track in the page that shows it.
func validCover(s string) bool {
	return s == "" || (strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//")) || strings.HasPrefix(s, "https://")
}

// clean validates in and answers it trimmed, the translation key defaulting to the slug.
func (in PostInput) clean() (PostInput, error) {
	fields := errs.Fields{}
	if !i18n.Valid(in.Lang) {
		fields.Add("lang", "lang")
	}
	in.Slug = checkText(fields, "slug", in.Slug)
	if _, bad := fields["slug"]; !bad && !validSlug(in.Slug) {
		fields.Add("slug", "slug")
	}
	if strings.TrimSpace(in.TranslationKey) == "" {
		in.TranslationKey = in.Slug
	}
	in.TranslationKey = checkText(fields, "translationKey", in.TranslationKey)
	if _, bad := fields["translationKey"]; !bad && !validSlug(in.TranslationKey) {
		fields.Add("translationKey", "slug")
	}
	in.Title = checkText(fields, "title", in.Title)
	in.Excerpt = checkText(fields, "excerpt", in.Excerpt)
	in.Author = checkText(fields, "author", in.Author)
	in.Cover = checkText(fields, "cover", in.Cover)
	if _, bad := fields["cover"]; !bad && !validCover(in.Cover) {
		fields.Add("cover", "url")
	}
	in.CoverAlt = checkText(fields, "coverAlt", in.CoverAlt)
	in.Body = checkText(fields, "body", in.Body)
	return in, fields.Err()
}

// apply writes in onto p.
func (in PostInput) apply(p *Post) {
	p.Lang, p.Slug, p.Title, p.Excerpt, p.Author = in.Lang, in.Slug, in.Title, in.Excerpt, in.Author
	p.Cover, p.CoverAlt, p.TranslationKey, p.Body = in.Cover, in.CoverAlt, in.TranslationKey, in.Body
}
