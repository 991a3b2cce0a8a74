package applications

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
	"linguaport/internal/sniff"
)

// Errors the service answers with; api/applications.go words them. Input that breaks the
// form's rules is an errs.Fields, a sender over the limit an errs.RateLimited with
// ErrTooManyApplications.
var (
	ErrNotFound = errors.New("application not found")
	// ErrOpen: the e-mail has an application under review.
	ErrOpen = errors.New("an application of this e-mail is under review")
	// ErrDecided: approving a rejected application, or rejecting an approved one.
	ErrDecided = errors.New("application already decided otherwise")
	// ErrFileTooLarge: a CV or portfolio file over MaxFileBytes.
	ErrFileTooLarge = errors.New("file larger than 10 MB")
	// ErrNoFile: the application has no file of that kind (no portfolio was uploaded).
	ErrNoFile          = errors.New("no such file")
	ErrTooManyRequests = errors.New("too many applications from one address")
)

// Limits of the service (API.md).
const (
	// PerAddressPerHour is how many applications one client address may send in an hour.
	PerAddressPerHour = 3
	// PageSize is how many applications staff see at once.
	PageSize = 50
)

// Upload is a file of the form, spooled by the transport: random access, Size bytes, already
// bounded to at most one byte over MaxFileBytes.
type Upload struct {
	Name    string
	Content io.ReaderAt
	Size    int64
}

// Submission is the form with its files, and who sent it.
type Submission struct {
	Form          Form
	CV, Portfolio *Upload
	// From is the client address, for the per-address limit; Lang the request's language.
	From string
	Lang i18n.Lang
}

// Filter is staff's list: a status, a name or e-mail prefix and the page after the
// application Before (an id), each optional; newest submitted first unless Oldest.
type Filter struct {
	Status Status
	Q      string
	Oldest bool
	Before string
}

// Page is one page of the list; More says whether another follows, from before=Next.
type Page struct {
	Applications []Application `json:"applications"`
	More         bool          `json:"more"`
	Next         string        `json:"next,omitempty"` // the last application's id, when More
}

// Which names a file of an application.
type Which string

const (
	CV        Which = "cv"
	Portfolio Which = "portfolio"
)

// Store keeps the applications and their files.
type Store interface {
	// SaveFile streams content into the file store under id.
	SaveFile(ctx context.Context, id, name string, content io.Reader) error
	DeleteFile(ctx context.Context, id string) error
	OpenFile(ctx context.Context, id string) (io.ReadCloser, error)
	// Insert stores a new application; ErrOpen when its e-mail has one open already.
	Insert(ctx context.Context, a Application) error
	// HasOpen reports whether the e-mail has an application under review.
	HasOpen(ctx context.Context, email string) (bool, error)
	// Application is ErrNotFound for an unknown id.
	Application(ctx context.Context, id string) (Application, error)
	// List is at most limit applications by submission (oldest first when oldest): of status
	// (when not empty) and found by q (when not zero), past the application after (when not nil).
	List(ctx context.Context, status Status, q searchkeys.Query, oldest bool, after *Application, limit int) ([]Application, error)
	// Count is how many applications have status, counted on its index.
	Count(ctx context.Context, status Status) (int64, error)
	// Update changes one application in one conditional write; ErrNotFound when there is none.
	Update(ctx context.Context, id string, change func(*Application) (*Application, error)) (Application, error)
}

// Limiter is a fixed-window counter (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error)
}

// Service is the applications' API.
type Service interface {
	// Submit stores an application with its confirmation mail queued in the same write.
	Submit(ctx context.Context, s Submission) (Application, error)
	// List is staff's list.
	List(ctx context.Context, f Filter) (Page, error)
	// Count is how many applications have status (the dashboard's figure).
	Count(ctx context.Context, status Status) (int64, error)
	Application(ctx context.Context, id string) (Application, error)
	// File opens the CV or the portfolio file of an application; ErrNoFile when it has none.
	File(ctx context.Context, id string, which Which) (FileInfo, io.ReadCloser, error)
	// Approve makes the applicant a translator: translator.approved, once; approving an
	// approved application answers it as it is, a rejected one is ErrDecided.
	Approve(ctx context.Context, id string) (Application, error)
	// Reject refuses the application with reason, mailed to the applicant; rejecting a rejected
	// one answers it as it is, an approved one is ErrDecided.
	Reject(ctx context.Context, id, reason string) (Application, error)
}

type service struct {
	store   Store
	limiter Limiter
	newID   func() string
	now     func() time.Time
	// kick tells the relays of events and mails which applications a write queued items in.
	kick func(ids ...any)
}

// NewService returns the applications service. limiter may be nil (no limit).
func NewService(store Store, limiter Limiter, newID func() string, now func() time.Time, kick func(ids ...any)) Service {
	return &service{store: store, limiter: limiter, newID: newID, now: now, kick: kick}
}

func (s *service) Submit(ctx context.Context, sub Submission) (Application, error) {
	fields := errs.Fields{}
	c := sub.Form.check(fields, sub.Lang)
	cvKind := checkFile(fields, "cv", sub.CV, true)
	portfolioKind := checkFile(fields, "portfolio", sub.Portfolio, false)
	if sub.Portfolio != nil && c.portfolioURL != "" {
		fields.Add("portfolio", "either")
	}
	for _, u := range []*Upload{sub.CV, sub.Portfolio} {
		if u != nil && u.Size > MaxFileBytes {
			return Application{}, ErrFileTooLarge
		}
	}
	if err := fields.Err(); err != nil {
		return Application{}, err
	}
	if err := s.limit(ctx, sub.From); err != nil {
		return Application{}, err
	}
	// Answered before the files are stored; the insert decides for submissions that race.
	if open, err := s.store.HasOpen(ctx, c.email); err != nil {
		return Application{}, err
	} else if open {
		return Application{}, ErrOpen
	}

	now := s.now().UTC().Truncate(time.Millisecond)
	a := Application{
		ID: s.newID(), Status: Submitted, FirstName: c.firstName, LastName: c.lastName, Email: c.email,
		Phone: c.phone, NativeLanguage: c.native, WorkingLanguages: c.working, Specializations: c.specs,
		ExperienceYears: c.experience, Education: c.education, Certificates: c.certificates,
		PortfolioURL: c.portfolioURL, Lang: c.lang, SubmittedAt: now, OpenEmail: c.email,
	}
	a.index()
	var stored []string
	// Whatever fails after a file is stored takes it away again: no file without its application.
	cleanup := func() {
		for _, id := range stored {
			_ = s.store.DeleteFile(context.WithoutCancel(ctx), id)
		}
	}
	save := func(u *Upload, kind sniff.Kind) (FileInfo, error) {
		f := FileInfo{ID: s.newID(), Name: cleanName(u.Name, kind), Size: u.Size, Type: kind.ContentType()}
		if err := s.store.SaveFile(ctx, f.ID, f.Name, io.NewSectionReader(u.Content, 0, u.Size)); err != nil {
			return FileInfo{}, err
		}
		stored = append(stored, f.ID)
		return f, nil
	}
	var err error
	if a.CV, err = save(sub.CV, cvKind); err != nil {
		cleanup()
		return Application{}, err
	}
	if sub.Portfolio != nil {
		p, err := save(sub.Portfolio, portfolioKind)
		if err != nil {
			cleanup()
			return Application{}, err
		}
		a.Portfolio = &p
	}
	ev, err := events.New(ctx, EventSubmitted, applicationRef{ApplicationID: a.ID})
	if err != nil {
		cleanup()
		return Application{}, err
	}
	a.Outbox.Add(ev)
	a.Box.Add(applicantMail(a, MailReceived, now))
	if err := s.store.Insert(ctx, a); err != nil {
		cleanup()
		return Application{}, err
	}
	s.kick(a.ID)
	return a, nil
}

// checkFile sniffs an uploaded file: required (the CV), file_type (not a PDF, DOCX or ODT by
// its content; an empty file is none).
func checkFile(fields errs.Fields, field string, u *Upload, required bool) sniff.Kind {
	if u == nil {
		if required {
			fields.Add(field, "required")
		}
		return ""
	}
	if u.Size > MaxFileBytes {
		return "" // ErrFileTooLarge; not sniffed
	}
	kind, err := sniff.Document(u.Content, u.Size)
	if err != nil {
		fields.Add(field, "file_type")
	}
	return kind
}

// cleanName keeps what the applicant recognises of the uploaded name, without directories or
// control characters, and with the extension of what the file really is.
func cleanName(name string, kind sniff.Kind) string {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if r := []rune(name); len(r) > 120 {
		name = string(r[:120])
	}
	if !strings.HasSuffix(strings.ToLower(name), kind.Ext()) {
		name = strings.TrimSuffix(name, ".") + kind.Ext()
	}
	if name == kind.Ext() {
		name = "document" + kind.Ext()
	}
	return name
}

func (s *service) limit(ctx context.Context, from string) error {
	if s.limiter == nil {
		return nil
	}
	ok, wait, err := s.limiter.Allow(ctx, from)
	if err != nil {
		return err
	}
	if !ok {
		return &errs.RateLimited{RetryAfter: wait, Reason: ErrTooManyRequests}
	}
	return nil
}

func (s *service) Count(ctx context.Context, status Status) (int64, error) {
	if !status.Valid() {
		return 0, errs.Fields{"status": "status"}.Err()
	}
	return s.store.Count(ctx, status)
}

func (s *service) List(ctx context.Context, f Filter) (Page, error) {
	fields := errs.Fields{}
	if f.Status != "" && !f.Status.Valid() {
		fields.Add("status", "status")
	}
	var after *Application
	if f.Before != "" {
		last, err := s.store.Application(ctx, f.Before)
		switch {
		case errors.Is(err, ErrNotFound):
			fields.Add("before", "cursor")
		case err != nil:
			return Page{}, err
		default:
			after = &last
		}
	}
	if err := fields.Err(); err != nil {
		return Page{}, err
	}
	list, err := s.store.List(ctx, f.Status, searchkeys.Parse(f.Q), f.Oldest, after, PageSize+1)
	if err != nil {
		return Page{}, err
	}
	var page Page
	page.Applications, page.More, page.Next = mongox.Cut(list, PageSize, func(a Application) string { return a.ID })
	return page, nil
}

func (s *service) Application(ctx context.Context, id string) (Application, error) {
	return s.store.Application(ctx, id)
}

func (s *service) File(ctx context.Context, id string, which Which) (FileInfo, io.ReadCloser, error) {
	a, err := s.store.Application(ctx, id)
	if err != nil {
		return FileInfo{}, nil, err
	}
	f := a.CV
	if which == Portfolio {
		if a.Portfolio == nil {
			return FileInfo{}, nil, ErrNoFile
		}
		f = *a.Portfolio
	}
	body, err := s.store.OpenFile(ctx, f.ID)
	if err != nil {
		return FileInfo{}, nil, err
	}
	return f, body, nil
}

// errUnchanged ends an Update that has nothing to write.
var errUnchanged = errors.New("unchanged")

func (s *service) Approve(ctx context.Context, id string) (Application, error) {
	a, err := s.store.Update(ctx, id, func(a *Application) (*Application, error) {
		switch a.Status {
		case Approved:
			return nil, errUnchanged
		case Rejected:
			return nil, ErrDecided
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		a.Status, a.DecidedAt, a.OpenEmail = Approved, &now, ""
		a.TranslatorID = s.newID()
		ev, err := events.New(ctx, EventTranslatorApproved, TranslatorApproved{
			ApplicationID: a.ID, TranslatorID: a.TranslatorID, Email: a.Email, FullName: a.FullName(), Lang: a.Lang,
			NativeLanguage: a.NativeLanguage, WorkingLanguages: a.WorkingLanguages, Specializations: a.Specializations,
		})
		if err != nil {
			return nil, err
		}
		a.Outbox.Add(ev)
		return a, nil
	})
	return s.decided(ctx, id, a, err)
}

func (s *service) Reject(ctx context.Context, id, reason string) (Application, error) {
	fields := errs.Fields{}
	reason = checkText(fields, "reason", reason, 1, maxReason)
	if err := fields.Err(); err != nil {
		return Application{}, err
	}
	a, err := s.store.Update(ctx, id, func(a *Application) (*Application, error) {
		switch a.Status {
		case Rejected:
			return nil, errUnchanged
		case Approved:
			return nil, ErrDecided
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		a.Status, a.DecidedAt, a.OpenEmail, a.Reason = Rejected, &now, "", reason
		ev, err := events.New(ctx, EventRejected, applicationRef{ApplicationID: a.ID})
		if err != nil {
			return nil, err
		}
		a.Outbox.Add(ev)
		a.Box.Add(applicantMail(*a, MailRejected, now))
		return a, nil
	})
	return s.decided(ctx, id, a, err)
}

// decided finishes a decision: a repeated one answers the application as it is.
func (s *service) decided(ctx context.Context, id string, a Application, err error) (Application, error) {
	if errors.Is(err, errUnchanged) {
		return s.store.Application(ctx, id)
	}
	if err != nil {
		return Application{}, err
	}
	s.kick(id)
	return a, nil
}
