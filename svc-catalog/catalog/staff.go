package catalog

import (
	"context"
	"errors"
	"log/slog"
	"time"
	"unicode/utf8"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
)

// StaffService is the back office's side of the catalogue (DESIGN §11): the content staff edit
// and the inquiries they answer. Every change is recorded in the audit log by the method that
// made it, right after its conditional write succeeded: the one of two racing clicks that changed
// nothing records nothing (internal/audit).
type StaffService interface {
	Posts(ctx context.Context, f PostFilter) (StaffPostPage, error)
	Post(ctx context.Context, id string) (PostDetailStaff, error)
	CreatePost(ctx context.Context, in PostInput) (Post, error)
	UpdatePost(ctx context.Context, id string, in PostInput) (Post, error)
	Preview(ctx context.Context, body string) (string, error)
	Publish(ctx context.Context, id string) (Post, error)
	Unpublish(ctx context.Context, id string) (Post, error)
	DeletePost(ctx context.Context, id string) error

	FAQ(ctx context.Context) ([]FAQItem, error)
	CreateFAQ(ctx context.Context, it FAQItem) (FAQItem, error)
	UpdateFAQ(ctx context.Context, it FAQItem) (FAQItem, error)
	DeleteFAQ(ctx context.Context, id string) error

	Testimonials(ctx context.Context) ([]Testimonial, error)
	CreateTestimonial(ctx context.Context, t Testimonial) (Testimonial, error)
	UpdateTestimonial(ctx context.Context, t Testimonial) (Testimonial, error)
	DeleteTestimonial(ctx context.Context, id string) error

	Figures(ctx context.Context) (Stats, error)
	UpdateFigures(ctx context.Context, st Stats) (Stats, error)

	Inquiries(ctx context.Context, f InquiryFilter) (InquiryPage, error)
	Inquiry(ctx context.Context, id string) (Inquiry, error)
	// MarkHandled and Reply are done by caller, the staff member named on the inquiry.
	MarkHandled(ctx context.Context, caller authn.Caller, id string) (Inquiry, error)
	Reply(ctx context.Context, caller authn.Caller, id, message string) (Inquiry, error)
	Summary(ctx context.Context) (Summary, error)
}

// StaffStore is where staff's side reads and writes.
type StaffStore interface {
	Store
	// StaffPosts lists the posts of l (search.go) by updatedAt (oldest first when oldest), past
	// after (nil: from the top), at most limit, and counts all of l.
	StaffPosts(ctx context.Context, l listing, oldest bool, after *Post, limit int) ([]Post, int, error)
	PostByID(ctx context.Context, id string) (Post, error)
	AnyPostByKey(ctx context.Context, lang, translationKey string) (Post, error)
	InsertPost(ctx context.Context, p Post) error
	ChangePost(ctx context.Context, id string, version int64, fn func(*Post) error) (before, after Post, err error)
	DeleteDraft(ctx context.Context, id string) (Post, error)

	InsertFAQ(ctx context.Context, it FAQItem) error
	ChangeFAQ(ctx context.Context, id string, version int64, fn func(*FAQItem) error) (before, after FAQItem, err error)
	DeleteFAQ(ctx context.Context, id string) (FAQItem, error)

	InsertTestimonial(ctx context.Context, t Testimonial) error
	ChangeTestimonial(ctx context.Context, id string, version int64, fn func(*Testimonial) error) (before, after Testimonial, err error)
	DeleteTestimonial(ctx context.Context, id string) (Testimonial, error)

	ChangeFigures(ctx context.Context, version int64, fn func(*Stats) error) (before, after Stats, err error)

	// Inquiries lists the inquiries of l (search.go) by order (oldest first when oldest), past
	// after (nil: from the top), at most limit.
	Inquiries(ctx context.Context, l listing, oldest bool, after *Inquiry, limit int) ([]Inquiry, error)
	Inquiry(ctx context.Context, id string) (Inquiry, error)
	ChangeInquiry(ctx context.Context, id string, fn func(*Inquiry) error) (before, after Inquiry, err error)
	CountInquiries(ctx context.Context, key string) (int, error)
}

// Auditor records staff's changes (internal/audit's Log).
type Auditor interface {
	Change(ctx context.Context, action string, obj audit.Object, before, after any) (bool, error)
}

type staffService struct {
	store StaffStore
	audit Auditor
	log   *slog.Logger
	now   func() time.Time
	newID func() string
	// kick tells the relays of events and mails which inquiry a reply queued its mail in.
	kick func(ids ...any)
}

// NewStaffService returns staff's side of the catalogue.
func NewStaffService(store StaffStore, auditor Auditor, log *slog.Logger, now func() time.Time,
	newID func() string, kick func(ids ...any)) StaffService {
	return &staffService{store: store, audit: auditor, log: log, now: now, newID: newID, kick: kick}
}

// errUnchanged ends a change that has nothing to write: the thing is already as asked.
var errUnchanged = errors.New("unchanged")

// record keeps a change in the audit log. A record that cannot be written is logged and the
// change stands: failing the request would only make staff repeat it.
func (s *staffService) record(ctx context.Context, action, kind, id string, before, after any) {
	if _, err := s.audit.Change(ctx, action, audit.Object{Kind: kind, ID: id}, before, after); err != nil {
		s.log.ErrorContext(ctx, "audit record lost", "action", action, "object", kind+":"+id, "err", err)
	}
}

// actor is the staff member caller, as an inquiry names them.
func actor(caller authn.Caller) Staff { return Staff{ID: caller.ID, Name: caller.Name} }

// stamp is now as Mongo keeps it (milliseconds), so what is answered is what is stored.
func (s *staffService) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// Staff's blog list: 20 a page.
const staffPageSize = 20

// oldestFirst reads a list's sort, adding a field error to fields for an unknown one.
func oldestFirst(sort string, fields errs.Fields) bool {
	oldest, ok := mongox.OldestFirst(sort)
	if !ok {
		fields.Add("sort", "invalid")
	}
	return oldest
}

// PostFilter selects staff's posts; Before is the id of the last one of the previous page.
type PostFilter struct {
	Lang, Status, Q, Sort, Before string
}

// StaffPostPage is one page of staff's posts, without bodies, by when they were last changed.
type StaffPostPage struct {
	Posts    []Post `json:"posts"`
	PageSize int    `json:"pageSize"`
	Total    int    `json:"total"` // the posts the filter selects, on every page
	More     bool   `json:"more"`
	Next     string `json:"next,omitempty"` // the last id, when More
}

// PostDetailStaff is a post with its body rendered as the site would show it.
type PostDetailStaff struct {
	Post
	Body string `json:"body"`
	HTML string `json:"html"`
}

func (s *staffService) Posts(ctx context.Context, f PostFilter) (StaffPostPage, error) {
	fields := errs.Fields{}
	if f.Lang != "" && !i18n.Valid(f.Lang) {
		fields.Add("lang", "lang")
	}
	if f.Status != "" && f.Status != PostDraft && f.Status != PostPublished {
		fields.Add("status", "status")
	}
	oldest := oldestFirst(f.Sort, fields)
	var after *Post
	if f.Before != "" {
		cur, err := s.store.PostByID(ctx, f.Before)
		switch {
		case errors.Is(err, ErrNotFound):
			fields.Add("before", "postBefore")
		case err != nil:
			return StaffPostPage{}, err
		}
		after = &cur
	}
	if err := fields.Err(); err != nil {
		return StaffPostPage{}, err
	}
	l := newListing(f.Q, dim{"lang", f.Lang}, dim{"status", f.Status})
	posts, total, err := s.store.StaffPosts(ctx, l, oldest, after, staffPageSize+1)
	if err != nil {
		return StaffPostPage{}, err
	}
	page := StaffPostPage{Posts: posts[:min(len(posts), staffPageSize)], PageSize: staffPageSize, Total: total, More: len(posts) > staffPageSize}
	if page.More {
		page.Next = page.Posts[len(page.Posts)-1].ID
	}
	return page, nil
}

func (s *staffService) Post(ctx context.Context, id string) (PostDetailStaff, error) {
	p, err := s.store.PostByID(ctx, id)
	if err != nil {
		return PostDetailStaff{}, err
	}
	html, err := renderMarkdown(p.Body)
	if err != nil {
		return PostDetailStaff{}, err
	}
	return PostDetailStaff{Post: p, Body: p.Body, HTML: html}, nil
}

func (s *staffService) Preview(_ context.Context, body string) (string, error) {
	if utf8.RuneCountInString(body) > limits["body"].max {
		return "", errs.Fields{"body": "length"}
	}
	return renderMarkdown(body)
}

// translationFree refuses a translation key another post of the language holds already: the
// site's language switcher must lead to one counterpart. (A check, not a unique index: two
// staff members creating the same key at the same instant would both pass.)
func (s *staffService) translationFree(ctx context.Context, in PostInput, self string) error {
	other, err := s.store.AnyPostByKey(ctx, in.Lang, in.TranslationKey)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil
	case err != nil:
		return err
	case other.ID != self:
		return ErrTranslationTaken
	}
	return nil
}

func (s *staffService) CreatePost(ctx context.Context, in PostInput) (Post, error) {
	in, err := in.clean()
	if err != nil {
		return Post{}, err
	}
	if err := s.translationFree(ctx, in, ""); err != nil {
		return Post{}, err
	}
	p := Post{ID: s.newID(), Status: PostDraft, UpdatedAt: s.stamp()}
	in.apply(&p)
	p.index()
	if err := s.store.InsertPost(ctx, p); err != nil {
		return Post{}, err
	}
	s.record(ctx, "post.create", "post", p.ID, nil, p)
	return p, nil
}

func (s *staffService) UpdatePost(ctx context.Context, id string, in PostInput) (Post, error) {
	in, err := in.clean()
	if err != nil {
		return Post{}, err
	}
	if _, err := s.store.PostByID(ctx, id); err != nil {
		return Post{}, err
	}
	if err := s.translationFree(ctx, in, id); err != nil {
		return Post{}, err
	}
	before, after, err := s.store.ChangePost(ctx, id, in.Version, func(p *Post) error {
		in.apply(p)
		p.UpdatedAt = s.stamp()
		p.index()
		return nil
	})
	if err != nil {
		return Post{}, err
	}
	s.record(ctx, "post.update", "post", id, before, after)
	return after, nil
}

func (s *staffService) Publish(ctx context.Context, id string) (Post, error) {
	return s.setStatus(ctx, id, PostPublished, "post.publish")
}

func (s *staffService) Unpublish(ctx context.Context, id string) (Post, error) {
	return s.setStatus(ctx, id, PostDraft, "post.unpublish")
}

// setStatus publishes or unpublishes; asking for the status the post has changes nothing.
func (s *staffService) setStatus(ctx context.Context, id, status, action string) (Post, error) {
	before, after, err := s.store.ChangePost(ctx, id, -1, func(p *Post) error {
		if p.Status == status {
			return errUnchanged
		}
		now := s.stamp()
		p.Status, p.UpdatedAt = status, now
		if status == PostPublished && p.Date == nil {
			p.Date = &now
		}
		p.index()
		return nil
	})
	if errors.Is(err, errUnchanged) {
		return s.store.PostByID(ctx, id)
	}
	if err != nil {
		return Post{}, err
	}
	s.record(ctx, action, "post", id, before, after)
	return after, nil
}

func (s *staffService) DeletePost(ctx context.Context, id string) error {
	p, err := s.store.DeleteDraft(ctx, id)
	if err != nil {
		return err
	}
	s.record(ctx, "post.delete", "post", id, p, nil)
	return nil
}

// Summary is what the staff's dashboard shows of the catalogue.
type Summary struct {
	InquiriesOpen int `json:"inquiriesOpen"`
}

func (s *staffService) Summary(ctx context.Context) (Summary, error) {
	n, err := s.store.CountInquiries(ctx, facet(dim{"status", InquiryOpen}))
	return Summary{InquiriesOpen: n}, err
}
