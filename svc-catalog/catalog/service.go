// Package catalog owns the agency's public content: the eight services, the languages, blog
// posts, FAQ, testimonials, marketing figures and legal texts, plus the contact and corporate
// inquiries visitors send.
package catalog

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/company"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
)

// Errors the service answers with; the transport maps them to HTTP. Input that breaks rules is
// an errs.Fields, and a flood of inquiries an errs.RateLimited with ErrTooManyInquiries.
var (
	ErrNotFound         = errors.New("not found")
	ErrUnknownLanguage  = errors.New("language must be tr or en")
	ErrUnknownCategory  = errors.New("unknown FAQ category")
	ErrTooManyInquiries = errors.New("too many inquiries from this address")
	// Staff's: an edit based on an older version, and the unique keys of posts.
	ErrStale            = errors.New("changed since it was loaded")
	ErrSlugTaken        = errors.New("slug taken in this language")
	ErrTranslationTaken = errors.New("this language already has a post with this translation key")
	ErrPostPublished    = errors.New("a post that was published cannot be deleted")
)

// ServiceEntry is one of the eight services of the catalogue (spec §3).
type ServiceEntry struct {
	ID             string    `json:"id" bson:"_id"`
	Icon           string    `json:"icon" bson:"icon"`
	Title          i18n.Text `json:"title" bson:"title"` // seeded from internal/names
	Slug           i18n.Text `json:"slug" bson:"slug"`
	DescriptionKey string    `json:"descriptionKey" bson:"descriptionKey"`
	Summary        i18n.Text `json:"summary" bson:"summary"`
	Description    i18n.Text `json:"description" bson:"description"` // Markdown
	// DescriptionHTML is Description rendered to safe HTML when answering.
	DescriptionHTML i18n.Text `json:"descriptionHtml" bson:"-"`
	Features        struct {
		TR []string `json:"tr" bson:"tr"`
		EN []string `json:"en" bson:"en"`
	} `json:"features" bson:"features"`
	Order int `json:"-" bson:"order"`
}

// Language is a language the agency works with.
type Language struct {
	Code   string `json:"code" bson:"_id"`
	NameTR string `json:"nameTr" bson:"nameTr"`
	NameEN string `json:"nameEn" bson:"nameEn"`
	Order  int    `json:"-" bson:"order"`
}

// PostPage is one page of a language's posts, newest first, without bodies.
type PostPage struct {
	Posts    []PublicPost `json:"posts"`
	Page     int          `json:"page"`
	PageSize int          `json:"pageSize"`
	Total    int          `json:"total"`
}

// PostDetail is a post with its body rendered to safe HTML and the slug of its counterpart in
// the other language, for the language switcher.
type PostDetail struct {
	PublicPost
	HTML      string            `json:"html"`
	Alternate map[string]string `json:"alternate"`
}

// FAQCategories are the FAQ's categories in display order (spec §3).
var FAQCategories = []string{"general", "pricing", "quality", "delivery", "technical"}

// FAQItem is a question and its answer in both languages.
type FAQItem struct {
	ID       string    `json:"id" bson:"_id"`
	Category string    `json:"category" bson:"category"`
	Order    int       `json:"order" bson:"order"`
	Question i18n.Text `json:"question" bson:"question"`
	Answer   i18n.Text `json:"answer" bson:"answer"`
	Version  int64     `json:"version" bson:"version"`
}

// FAQEntry is an FAQ item in one language.
type FAQEntry struct {
	ID       string `json:"id"`
	Category string `json:"category"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
}

// Testimonial is a client's word about a job (spec §3).
type Testimonial struct {
	ID             string    `json:"id" bson:"_id"`
	Quote          i18n.Text `json:"quote" bson:"quote"`
	Author         string    `json:"author" bson:"author"`
	Company        string    `json:"company" bson:"company"`
	Service        string    `json:"service" bson:"service"`
	SourceLanguage string    `json:"sourceLanguage" bson:"sourceLanguage"`
	TargetLanguage string    `json:"targetLanguage" bson:"targetLanguage"`
	Rating         int       `json:"rating" bson:"rating"`
	// Version is staff's (optimistic concurrency); the public list leaves it out.
	Version int64 `json:"version,omitempty" bson:"version"`
}

// Stats are the marketing figures of spec §1: one stored document, seeded with launchFigures
// and edited by staff (UpdateFigures).
type Stats struct {
	Translators      int    `json:"translators" bson:"translators"`
	Languages        int    `json:"languages" bson:"languages"`
	Clients          int    `json:"clients" bson:"clients"`
	Projects         int    `json:"projects" bson:"projects"`
	Quality          string `json:"quality" bson:"quality"`
	FreeRevisionDays int    `json:"freeRevisionDays" bson:"freeRevisionDays"`
	Support          string `json:"support" bson:"support"`
	MinExperience    int    `json:"minTranslatorExperienceYears" bson:"minTranslatorExperienceYears"`
	QualityStages    int    `json:"qualityControlStages" bson:"qualityControlStages"`
	Delivery         struct {
		StandardDays  string `json:"standardBusinessDays" bson:"standardBusinessDays"`
		TechnicalDays string `json:"technicalBusinessDays" bson:"technicalBusinessDays"`
		RushHours     int    `json:"rushHours" bson:"rushHours"`
	} `json:"delivery" bson:"delivery"`
	// Version is staff's (optimistic concurrency); the public figures leave it out.
	Version int64 `json:"version,omitempty" bson:"version"`
}

// Store is where the catalogue lives.
type Store interface {
	Services(ctx context.Context) ([]ServiceEntry, error)
	Languages(ctx context.Context) ([]Language, error)
	// Posts, Post and PostByKey see only published posts.
	Posts(ctx context.Context, lang string, skip, limit int) ([]Post, int, error)
	Post(ctx context.Context, lang, slug string) (Post, error)
	PostByKey(ctx context.Context, lang, translationKey string) (Post, error)
	FAQ(ctx context.Context, category string) ([]FAQItem, error)
	Testimonials(ctx context.Context) ([]Testimonial, error)
	Legal(ctx context.Context, id string) (LegalDoc, error)
	Figures(ctx context.Context) (Stats, error)
	AddInquiry(ctx context.Context, in Inquiry) error
}

// Limiter decides whether an address may send another inquiry now.
type Limiter interface {
	Allow(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error)
}

// Service is the catalogue's API.
type Service interface {
	Services(ctx context.Context) ([]ServiceEntry, error)
	Languages(ctx context.Context) ([]Language, error)
	Posts(ctx context.Context, lang string, page, pageSize int) (PostPage, error)
	Post(ctx context.Context, lang, slug string) (PostDetail, error)
	FAQ(ctx context.Context, lang, category string) ([]FAQEntry, error)
	Testimonials(ctx context.Context) ([]Testimonial, error)
	Stats(ctx context.Context) (Stats, error)
	Legal(ctx context.Context, id, lang string) (LegalPage, error)
	// Company is the agency's facts as the public site shows them (footer, contact page).
	Company(ctx context.Context) (company.Public, error)
	SubmitInquiry(ctx context.Context, in Inquiry) (Inquiry, error)
}

type service struct {
	store   Store
	limiter Limiter
	now     func() time.Time
	newID   func() string
	facts   company.Facts
}

// NewService returns the catalogue service; facts are the agency's (internal/company), which
// the legal texts are rendered with and GET company answers.
func NewService(store Store, limiter Limiter, newID func() string, facts company.Facts) Service {
	return &service{store: store, limiter: limiter, now: time.Now, newID: newID, facts: facts}
}

func (s *service) Services(ctx context.Context) ([]ServiceEntry, error) {
	entries, err := s.store.Services(ctx)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		tr, err := renderMarkdown(e.Description.TR)
		if err != nil {
			return nil, err
		}
		en, err := renderMarkdown(e.Description.EN)
		if err != nil {
			return nil, err
		}
		entries[i].DescriptionHTML = i18n.Text{TR: tr, EN: en}
	}
	return entries, nil
}

func (s *service) Languages(ctx context.Context) ([]Language, error) { return s.store.Languages(ctx) }

// Blog page sizes: the default is what the site lists per page.
const (
	DefaultPageSize = 4
	MaxPageSize     = 50
)

func (s *service) Posts(ctx context.Context, lang string, page, pageSize int) (PostPage, error) {
	if !i18n.Valid(lang) {
		return PostPage{}, ErrUnknownLanguage
	}
	fields := errs.Fields{}
	if page < 1 {
		fields.Add("page", "page")
	}
	if pageSize < 1 || pageSize > MaxPageSize {
		fields.Add("pageSize", "pageSize")
	}
	if err := fields.Err(); err != nil {
		return PostPage{}, err
	}
	posts, total, err := s.store.Posts(ctx, lang, (page-1)*pageSize, pageSize)
	if err != nil {
		return PostPage{}, err
	}
	out := make([]PublicPost, len(posts))
	for i, p := range posts {
		out[i] = p.public()
	}
	return PostPage{Posts: out, Page: page, PageSize: pageSize, Total: total}, nil
}

func (s *service) Post(ctx context.Context, lang, slug string) (PostDetail, error) {
	if !i18n.Valid(lang) {
		return PostDetail{}, ErrUnknownLanguage
	}
	p, err := s.store.Post(ctx, lang, slug)
	if err != nil {
		return PostDetail{}, err
	}
	html, err := renderMarkdown(p.Body)
	if err != nil {
		return PostDetail{}, err
	}
	alternate := map[string]string{lang: p.Slug}
	other := map[string]string{"tr": "en", "en": "tr"}[lang]
	if o, err := s.store.PostByKey(ctx, other, p.TranslationKey); err == nil {
		alternate[other] = o.Slug
	} else if !errors.Is(err, ErrNotFound) {
		return PostDetail{}, err
	}
	return PostDetail{PublicPost: p.public(), HTML: html, Alternate: alternate}, nil
}

func (s *service) FAQ(ctx context.Context, lang, category string) ([]FAQEntry, error) {
	if !i18n.Valid(lang) {
		return nil, ErrUnknownLanguage
	}
	if category != "" && !contains(FAQCategories, category) {
		return nil, ErrUnknownCategory
	}
	items, err := s.store.FAQ(ctx, category)
	if err != nil {
		return nil, err
	}
	out := make([]FAQEntry, 0, len(items))
	for _, it := range items {
		out = append(out, FAQEntry{ID: it.ID, Category: it.Category, Question: it.Question.In(i18n.Lang(lang)), Answer: it.Answer.In(i18n.Lang(lang))})
	}
	return out, nil
}

func (s *service) Testimonials(ctx context.Context) ([]Testimonial, error) {
	list, err := s.store.Testimonials(ctx)
	for i := range list {
		list[i].Version = 0 // staff's
	}
	return list, err
}

func (s *service) Stats(ctx context.Context) (Stats, error) {
	st, err := s.store.Figures(ctx)
	st.Version = 0 // staff's
	return st, err
}

// legalDocs are the legal texts by id.
var legalDocs = []string{"privacy", "terms", "cookies", "membership"}

func (s *service) Legal(ctx context.Context, id, lang string) (LegalPage, error) {
	if !i18n.Valid(lang) {
		return LegalPage{}, ErrUnknownLanguage
	}
	if !contains(legalDocs, id) {
		return LegalPage{}, ErrNotFound
	}
	doc, err := s.store.Legal(ctx, id)
	if err != nil {
		return LegalPage{}, err
	}
	text, err := renderLegal(doc, i18n.Lang(lang), s.facts)
	if err != nil {
		return LegalPage{}, err
	}
	html, err := renderMarkdown(text)
	if err != nil {
		return LegalPage{}, err
	}
	page := LegalPage{ID: doc.ID, Lang: lang, Title: doc.Title.In(i18n.Lang(lang)), Updated: doc.Updated, HTML: html}
	if len(doc.Cookies) > 0 {
		page.Cookies = entries(doc.Cookies, i18n.Lang(lang))
	}
	return page, nil
}

func (s *service) Company(context.Context) (company.Public, error) { return s.facts.Public(), nil }

// Inquiry limits, in characters.
const (
	maxName    = 100
	maxCompany = 120
	minMessage = 10
	maxMessage = 5000
)

func (s *service) SubmitInquiry(ctx context.Context, in Inquiry) (Inquiry, error) {
	in.Name, in.Email, in.Phone = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email), strings.TrimSpace(in.Phone)
	in.Company, in.Message = strings.TrimSpace(in.Company), strings.TrimSpace(in.Message)
	if err := validateInquiry(in); err != nil {
		return Inquiry{}, err
	}
	ok, retry, err := s.limiter.Allow(ctx, "inquiry:"+in.From)
	if err != nil {
		return Inquiry{}, err
	}
	if !ok {
		return Inquiry{}, &errs.RateLimited{RetryAfter: retry, Reason: ErrTooManyInquiries}
	}
	in.ID, in.CreatedAt = s.newID(), s.now().UTC().Truncate(time.Millisecond)
	in.Status, in.Replies = InquiryOpen, []Reply{}
	in.index()
	if err := s.store.AddInquiry(ctx, in); err != nil {
		return Inquiry{}, err
	}
	return in, nil
}

func validateInquiry(in Inquiry) error {
	fields := errs.Fields{}
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		fields.Add("name", "required")
	case n < 2 || n > maxName:
		fields.Add("name", "length")
	}
	if in.Email == "" {
		fields.Add("email", "required")
	} else if !mail.ValidAddress(in.Email) {
		fields.Add("email", "email")
	}
	if in.Phone != "" && !validPhone(in.Phone) {
		fields.Add("phone", "phone")
	}
	if utf8.RuneCountInString(in.Company) > maxCompany {
		fields.Add("company", "length")
	}
	switch in.Kind {
	case "contact":
	case "corporate":
		if in.Company == "" {
			fields.Add("company", "required")
		}
	default:
		fields.Add("kind", "kind")
	}
	switch n := utf8.RuneCountInString(in.Message); {
	case n == 0:
		fields.Add("message", "required")
	case n < minMessage || n > maxMessage:
		fields.Add("message", "length")
	}
	if !i18n.Valid(in.Language) {
		fields.Add("language", "language")
	}
	return fields.Err()
}

func validPhone(s string) bool {
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '+' && i == 0, r == ' ', r == '-', r == '(', r == ')':
		default:
			return false
		}
	}
	return digits >= 7 && digits <= 15
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
