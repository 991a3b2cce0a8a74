package support

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// Service is the support tickets. A translator's calls name them by the caller the endpoint
// reads from the verified token (authn.Caller) and reach only the tickets the caller Owns,
// another's answered as one that does not exist; staff calls reach all.
type Service interface {
	// Open opens a ticket with its first message.
	Open(ctx context.Context, c authn.Caller, in NewTicket) (Ticket, error)
	// Mine lists the caller's tickets (f.TranslatorID is theirs, whatever it says).
	Mine(ctx context.Context, c authn.Caller, f Filter) (Page, error)
	// Own is one of the caller's tickets with its thread; another's is ErrNotFound.
	Own(ctx context.Context, c authn.Caller, id string) (Ticket, error)
	// Write adds the caller's message to their ticket, which opens it again if it was answered.
	Write(ctx context.Context, c authn.Caller, id, body string) (Ticket, error)
	// Close closes the caller's ticket; closing a closed one answers it as it is.
	Close(ctx context.Context, c authn.Caller, id string) (Ticket, error)

	// List is staff's list of all tickets.
	List(ctx context.Context, f Filter) (Page, error)
	// Count is how many tickets have status (the dashboard's figure).
	Count(ctx context.Context, status Status) (int64, error)
	// Ticket is any ticket with its thread, for staff.
	Ticket(ctx context.Context, id string) (Ticket, error)
	// Reply adds a staff member's message, which answers the ticket and tells the translator.
	Reply(ctx context.Context, staff authn.Caller, id, body string) (Ticket, error)
	// CloseAsStaff closes a ticket for staff.
	CloseAsStaff(ctx context.Context, staff authn.Caller, id string) (Ticket, error)
}

type service struct {
	store Store
	newID func() string
	now   func() time.Time
	kick  func(ids ...any)
}

// NewService returns the tickets service. kick tells the outbox relay which tickets have events
// to publish.
func NewService(store Store, newID func() string, now func() time.Time, kick func(ids ...any)) Service {
	return &service{store: store, newID: newID, now: now, kick: kick}
}

func (s *service) at() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// show fills what is computed for the answer.
func show(t Ticket) Ticket {
	t.CategoryName, _ = categoryName(t.Category)
	t.Pending = nil
	return t
}

func (s *service) Open(ctx context.Context, c authn.Caller, in NewTicket) (Ticket, error) {
	in = NewTicket{Subject: strings.TrimSpace(in.Subject), Category: strings.ToLower(strings.TrimSpace(in.Category)), Message: strings.TrimSpace(in.Message)}
	if err := validateNew(in); err != nil {
		return Ticket{}, err
	}
	now := s.at()
	t := Ticket{
		ID: s.newID(), TranslatorID: c.ID, TranslatorName: c.Name, Subject: in.Subject, Category: in.Category,
		Status: Open, Lang: i18n.Parse(string(c.Lang)),
		Messages:     []Message{{ID: s.newID(), From: Translator, AuthorID: c.ID, Author: c.Name, Body: in.Message, At: now}},
		MessageCount: 1, CreatedAt: now, LastActivity: now,
	}
	t.Search, t.SearchVersion = searchKeys(t), searchkeys.Version
	e, err := events.New(ctx, EventOpened, Opened{TicketID: t.ID, TranslatorID: c.ID, Subject: t.Subject, Category: t.Category, At: now})
	if err != nil {
		return Ticket{}, err
	}
	t.Add(e)
	if err := s.store.Insert(ctx, t); err != nil {
		return Ticket{}, err
	}
	s.kick(t.ID)
	return show(t), nil
}

func (s *service) Mine(ctx context.Context, c authn.Caller, f Filter) (Page, error) {
	f.TranslatorID, f.Q = c.ID, ""
	return s.list(ctx, f)
}

func (s *service) Count(ctx context.Context, status Status) (int64, error) {
	if !ValidStatus(status) {
		return 0, errs.Fields{"status": ReasonUnknown}.Err()
	}
	return s.store.Count(ctx, status)
}

func (s *service) List(ctx context.Context, f Filter) (Page, error) {
	return s.list(ctx, f)
}

func (s *service) list(ctx context.Context, f Filter) (Page, error) {
	fields := errs.Fields{}
	if f.Status != "" && !ValidStatus(f.Status) {
		fields.Add("status", ReasonUnknown)
	}
	var after *Ticket
	if f.Before != "" {
		last, err := s.store.Ticket(ctx, f.Before)
		switch {
		case errors.Is(err, ErrNotFound), err == nil && f.TranslatorID != "" && last.TranslatorID != f.TranslatorID:
			// Another translator's ticket is no cursor of theirs, as it is no ticket of theirs.
			fields.Add("before", ReasonCursor)
		case err != nil:
			return Page{}, err
		default:
			after = &last
		}
	}
	if err := fields.Err(); err != nil {
		return Page{}, err
	}
	list, err := s.store.List(ctx, f, after, PageSize+1)
	if err != nil {
		return Page{}, err
	}
	var page Page
	page.Tickets, page.More, page.Next = mongox.Cut(list, PageSize, func(t Ticket) string { return t.ID })
	for i := range page.Tickets {
		page.Tickets[i] = show(page.Tickets[i])
	}
	return page, nil
}

func (s *service) Own(ctx context.Context, c authn.Caller, id string) (Ticket, error) {
	t, err := s.store.Ticket(ctx, id)
	if err != nil {
		return Ticket{}, err
	}
	if !c.Owns(t.TranslatorID) {
		return Ticket{}, ErrNotFound
	}
	return show(t), nil
}

func (s *service) Ticket(ctx context.Context, id string) (Ticket, error) {
	t, err := s.store.Ticket(ctx, id)
	if err != nil {
		return Ticket{}, err
	}
	return show(t), nil
}

func (s *service) Write(ctx context.Context, c authn.Caller, id, body string) (Ticket, error) {
	body = strings.TrimSpace(body)
	if err := validateMessage(body); err != nil {
		return Ticket{}, err
	}
	t, err := s.Own(ctx, c, id)
	if err != nil {
		return Ticket{}, err
	}
	now := s.at()
	// The subject and category never change, so the event can be made from this read.
	e, err := events.New(ctx, EventMessage, Opened{TicketID: id, TranslatorID: c.ID, Subject: t.Subject, Category: t.Category, At: now})
	if err != nil {
		return Ticket{}, err
	}
	return s.move(ctx, id, Change{
		Owner: c.ID, To: Open, At: now, Lang: i18n.Parse(string(c.Lang)), Events: []events.Event{e},
		Message: &Message{ID: s.newID(), From: Translator, AuthorID: c.ID, Author: c.Name, Body: body, At: now},
	})
}

func (s *service) Reply(ctx context.Context, staff authn.Caller, id, body string) (Ticket, error) {
	body = strings.TrimSpace(body)
	if err := validateMessage(body); err != nil {
		return Ticket{}, err
	}
	t, err := s.store.Ticket(ctx, id)
	if err != nil {
		return Ticket{}, err
	}
	now := s.at()
	e, err := events.New(ctx, EventAnswered, TicketAnswered{TicketID: id, TranslatorID: t.TranslatorID, Subject: t.Subject, Lang: t.Lang, At: now})
	if err != nil {
		return Ticket{}, err
	}
	return s.move(ctx, id, Change{
		To: Answered, At: now, Events: []events.Event{e},
		Message: &Message{ID: s.newID(), From: Staff, AuthorID: staff.ID, Author: staff.Name, Body: body, At: now},
	})
}

func (s *service) Close(ctx context.Context, c authn.Caller, id string) (Ticket, error) {
	return s.move(ctx, id, Change{Owner: c.ID, To: Closed, At: s.at(), ClosedBy: Translator})
}

func (s *service) CloseAsStaff(ctx context.Context, _ authn.Caller, id string) (Ticket, error) {
	return s.move(ctx, id, Change{To: Closed, At: s.at(), ClosedBy: Staff})
}

// move makes c in one conditional write, the states it may start from given by the transition
// table; when the ticket does not meet the conditions it says why.
func (s *service) move(ctx context.Context, id string, c Change) (Ticket, error) {
	c.From = from(c.To)
	t, applied, err := s.store.Apply(ctx, id, c)
	if err != nil {
		return Ticket{}, err
	}
	if applied {
		if len(c.Events) > 0 {
			s.kick(id)
		}
		return show(t), nil
	}
	cur, err := s.store.Ticket(ctx, id)
	switch {
	case err != nil:
		return Ticket{}, err
	case c.Owner != "" && cur.TranslatorID != c.Owner:
		return Ticket{}, ErrNotFound
	case cur.Status == Closed && c.To == Closed:
		return show(cur), nil // closed already: closing again changes nothing
	case cur.Status == Closed:
		return Ticket{}, ErrClosed
	case c.Message != nil && cur.MessageCount >= MaxMessages:
		return Ticket{}, ErrTooManyMessages
	}
	// Closed is final and the count only grows, so a ticket that meets the conditions now met
	// them at the write: nothing should reach here.
	return Ticket{}, fmt.Errorf("ticket %s: %w", id, errs.ErrConflict)
}

// Refused reports whether err is the service refusing a request (a message or ticket breaking
// its rules, a ticket unknown or another's, closed, or full): the caller's doing, counted as
// refused and logged as information, not as a failure.
func Refused(err error) bool {
	var fields errs.Fields
	return errors.As(err, &fields) || errors.Is(err, ErrNotFound) || errors.Is(err, ErrClosed) || errors.Is(err, ErrTooManyMessages)
}
