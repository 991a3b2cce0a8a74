// Package catalog owns the agency's public content: the eight services, the languages, blog
// posts, FAQ, testimonials, marketing figures and legal texts, plus the contact and corporate
// inquiries visitors send.
package catalog

import (
	"context"
	"errors"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Errors the service answers with; the transport maps them to HTTP.
var (
	ErrNotFound         = errors.New("not found")
	ErrUnknownLanguage  = errors.New("language must be tr or en")
	ErrUnknownCategory  = errors.New("unknown FAQ category")
	ErrTooManyInquiries = errors.New("too many inquiries from this address")
)

// ValidationError lists the fields of an input that break a rule, each with a reason code.
type ValidationError struct{ Fields map[string]string }

func (e *ValidationError) Error() string { return "invalid input" }

// RateLimitedError says how long until another inquiry is accepted.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string { return ErrTooManyInquiries.Error() }
func (e *RateLimitedError) Unwrap() error { return ErrTooManyInquiries }

// Localized is a text in both site languages.
type Localized struct {
	TR string `json:"tr" bson:"tr"`
	EN string `json:"en" bson:"en"`
}

// In returns the text in lang ("tr" or "en").
func (l Localized) In(lang string) string {
	if lang == "en" {
		return l.EN
	}
	return l.TR
}

// ServiceEntry is one of the eight services of the catalogue (spec §3).
type ServiceEntry struct {
	ID             string    `json:"id" bson:"_id"`
	Icon           string    `json:"icon" bson:"icon"`
	Title          Localized `json:"title" bson:"title"`
	Slug           Localized `json:"slug" bson:"slug"`
	DescriptionKey string    `json:"descriptionKey" bson:"descriptionKey"`
	Summary        Localized `json:"summary" bson:"summary"`
	Description    Localized `json:"description" bson:"description"` // Markdown
	// DescriptionHTML is Description rendered to safe HTML when answering.
	DescriptionHTML Localized `json:"descriptionHtml" bson:"-"`
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

// Post is a blog article in one language.
type Post struct {
	ID             string    `json:"-" bson:"_id"` // lang/slug
	Lang           string    `json:"lang" bson:"lang"`
	Slug           string    `json:"slug" bson:"slug"`
	Title          string    `json:"title" bson:"title"`
	Excerpt        string    `json:"excerpt" bson:"excerpt"`
	Author         string    `json:"author" bson:"author"`
	Date           time.Time `json:"date" bson:"date"`
	Cover          string    `json:"cover" bson:"cover"`
	CoverAlt       string    `json:"coverAlt" bson:"coverAlt"`
	TranslationKey string    `json:"translationKey" bson:"translationKey"`
	Body           string    `json:"-" bson:"body"` // Markdown
}

// PostPage is one page of a language's posts, newest first, without bodies.
type PostPage struct {
	Posts    []Post `json:"posts"`
	Page     int    `json:"page"`
	PageSize int    `json:"pageSize"`
	Total    int    `json:"total"`
}

// PostDetail is a post with its body rendered to safe HTML and the slug of its counterpart in
// the other language, for the language switcher.
type PostDetail struct {
	Post
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
	Question Localized `json:"question" bson:"question"`
	Answer   Localized `json:"answer" bson:"answer"`
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
	Quote          Localized `json:"quote" bson:"quote"`
	Author         string    `json:"author" bson:"author"`
	Company        string    `json:"company" bson:"company"`
	Service        string    `json:"service" bson:"service"`
	SourceLanguage string    `json:"sourceLanguage" bson:"sourceLanguage"`
	TargetLanguage string    `json:"targetLanguage" bson:"targetLanguage"`
	Rating         int       `json:"rating" bson:"rating"`
}

// Stats are the marketing figures of spec §1.
type Stats struct {
	Translators      int    `json:"translators"`
	Languages        int    `json:"languages"`
	Clients          int    `json:"clients"`
	Projects         int    `json:"projects"`
	Quality          string `json:"quality"`
	FreeRevisionDays int    `json:"freeRevisionDays"`
	Support          string `json:"support"`
	MinExperience    int    `json:"minTranslatorExperienceYears"`
	QualityStages    int    `json:"qualityControlStages"`
	Delivery         struct {
		StandardDays  string `json:"standardBusinessDays"`
		TechnicalDays string `json:"technicalBusinessDays"`
		RushHours     int    `json:"rushHours"`
	} `json:"delivery"`
}

// LegalDoc is one of the legal texts.
type LegalDoc struct {
	ID      string    `json:"id" bson:"_id"`
	Title   Localized `json:"title" bson:"title"`
	Updated string    `json:"updated" bson:"updated"`
	Body    Localized `json:"body" bson:"body"` // Markdown
}

// LegalPage is a legal text in one language, rendered to safe HTML.
type LegalPage struct {
	ID      string `json:"id"`
	Lang    string `json:"lang"`
	Title   string `json:"title"`
	Updated string `json:"updated"`
	HTML    string `json:"html"`
}

// Inquiry is a contact or corporate request from a visitor.
type Inquiry struct {
	ID        string    `json:"id" bson:"_id"`
	Kind      string    `json:"kind" bson:"kind"` // contact | corporate
	Name      string    `json:"name" bson:"name"`
	Email     string    `json:"email" bson:"email"`
	Phone     string    `json:"phone,omitempty" bson:"phone,omitempty"`
	Company   string    `json:"company,omitempty" bson:"company,omitempty"`
	Message   string    `json:"message" bson:"message"`
	Language  string    `json:"language" bson:"language"`
	CreatedAt time.Time `json:"createdAt" bson:"createdAt"`
	From      string    `json:"-" bson:"from"` // the sender's address, kept for abuse handling
}

// Store is where the catalogue lives.
type Store interface {
	Services(ctx context.Context) ([]ServiceEntry, error)
	Languages(ctx context.Context) ([]Language, error)
	Posts(ctx context.Context, lang string, skip, limit int) ([]Post, int, error)
	Post(ctx context.Context, lang, slug string) (Post, error)
	PostByKey(ctx context.Context, lang, translationKey string) (Post, error)
	FAQ(ctx context.Context, category string) ([]FAQItem, error)
	Testimonials(ctx context.Context) ([]Testimonial, error)
	Legal(ctx context.Context, id string) (LegalDoc, error)
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
	Stats(ctx context.Context) Stats
	Legal(ctx context.Context, id, lang string) (LegalPage, error)
	SubmitInquiry(ctx context.Context, in Inquiry) (Inquiry, error)
}

type service struct {
	store   Store
	limiter Limiter
	now     func() time.Time
	newID   func() string
}

// NewService returns the catalogue service.
func NewService(store Store, limiter Limiter, newID func() string) Service {
	return &service{store: store, limiter: limiter, now: time.Now, newID: newID}
}

func validLang(lang string) bool { return lang == "tr" || lang == "en" }

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
		entries[i].DescriptionHTML = Localized{TR: tr, EN: en}
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
	if !validLang(lang) {
		return PostPage{}, ErrUnknownLanguage
	}
	fields := map[string]string{}
	if page < 1 {
		fields["page"] = "page"
	}
	if pageSize < 1 || pageSize > MaxPageSize {
		fields["pageSize"] = "pageSize"
	}
	if len(fields) > 0 {
		return PostPage{}, &ValidationError{Fields: fields}
	}
	posts, total, err := s.store.Posts(ctx, lang, (page-1)*pageSize, pageSize)
	if err != nil {
		return PostPage{}, err
	}
	if posts == nil {
		posts = []Post{}
	}
	return PostPage{Posts: posts, Page: page, PageSize: pageSize, Total: total}, nil
}

func (s *service) Post(ctx context.Context, lang, slug string) (PostDetail, error) {
	if !validLang(lang) {
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
	return PostDetail{Post: p, HTML: html, Alternate: alternate}, nil
}

func (s *service) FAQ(ctx context.Context, lang, category string) ([]FAQEntry, error) {
	if !validLang(lang) {
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
		out = append(out, FAQEntry{ID: it.ID, Category: it.Category, Question: it.Question.In(lang), Answer: it.Answer.In(lang)})
	}
	return out, nil
}

func (s *service) Testimonials(ctx context.Context) ([]Testimonial, error) {
	return s.store.Testimonials(ctx)
}

func (s *service) Stats(context.Context) Stats {
	st := Stats{Translators: 500, Languages: 50, Clients: 1000, Projects: 10000, Quality: "ISO 9001:2015",
		FreeRevisionDays: 7, Support: "24/7", MinExperience: 5, QualityStages: 3}
	st.Delivery.StandardDays, st.Delivery.TechnicalDays, st.Delivery.RushHours = "1-3", "3-5", 24
	return st
}

// legalDocs are the legal texts by id.
var legalDocs = []string{"privacy", "terms", "cookies", "membership"}

func (s *service) Legal(ctx context.Context, id, lang string) (LegalPage, error) {
	if !validLang(lang) {
		return LegalPage{}, ErrUnknownLanguage
	}
	if !contains(legalDocs, id) {
		return LegalPage{}, ErrNotFound
	}
	doc, err := s.store.Legal(ctx, id)
	if err != nil {
		return LegalPage{}, err
	}
	html, err := renderMarkdown(doc.Body.In(lang))
	if err != nil {
		return LegalPage{}, err
	}
	return LegalPage{ID: doc.ID, Lang: lang, Title: doc.Title.In(lang), Updated: doc.Updated, HTML: html}, nil
}

// Inquiry limits, in characters.
const (
	maxName    = 100
	maxEmail   = 254
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
		return Inquiry{}, &RateLimitedError{RetryAfter: retry}
	}
	in.ID, in.CreatedAt = s.newID(), s.now().UTC()
	if err := s.store.AddInquiry(ctx, in); err != nil {
		return Inquiry{}, err
	}
	return in, nil
}

func validateInquiry(in Inquiry) error {
	fields := map[string]string{}
	switch n := utf8.RuneCountInString(in.Name); {
	case n == 0:
		fields["name"] = "required"
	case n < 2 || n > maxName:
		fields["name"] = "length"
	}
	if in.Email == "" {
		fields["email"] = "required"
	} else if !validEmail(in.Email) {
		fields["email"] = "email"
	}
	if in.Phone != "" && !validPhone(in.Phone) {
		fields["phone"] = "phone"
	}
	if utf8.RuneCountInString(in.Company) > maxCompany {
		fields["company"] = "length"
	}
	switch in.Kind {
	case "contact":
	case "corporate":
		if in.Company == "" {
			fields["company"] = "required"
		}
	default:
		fields["kind"] = "kind"
	}
	switch n := utf8.RuneCountInString(in.Message); {
	case n == 0:
		fields["message"] = "required"
	case n < minMessage || n > maxMessage:
		fields["message"] = "length"
	}
	if !validLang(in.Language) {
		fields["language"] = "language"
	}
	if len(fields) > 0 {
		return &ValidationError{Fields: fields}
	}
	return nil
}

func validEmail(s string) bool {
	if len(s) > maxEmail {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".")
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
