// Package support owns the translators' support tickets (DESIGN §10, API.md "Support"): a
// translator opens a ticket with a subject, a category and a first message; staff and the
// translator write in its thread; staff replies reach the translator as a system message and a
// mail (svc-auth, from ticket.answered on svc-translators' stream). Every change of a ticket is
// one conditional write of its document, its events queued in the same write (its outbox).
package support

import (
	"errors"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/searchkeys"
)

// Errors the service answers with; input that breaks the rules is an errs.Fields.
var (
	// ErrNotFound: no such ticket, or another translator's (answered alike, so nobody learns
	// which ids exist).
	ErrNotFound = errors.New("ticket not found")
	// ErrClosed: a message to a closed ticket.
	ErrClosed = errors.New("ticket closed")
	// ErrTooManyMessages: a message to a ticket whose thread has MaxMessages already.
	ErrTooManyMessages = errors.New("too many messages in the ticket")
)

// Status is where a ticket is in its life.
type Status string

const (
	Open     Status = "open"     // waiting for staff: new, or the translator wrote last
	Answered Status = "answered" // staff wrote last; waiting for the translator
	Closed   Status = "closed"   // done; takes no more messages
)

// transitions are the only moves a ticket makes. A staff reply answers it, a translator's
// message opens it again, either side closes it, and a closed ticket stays closed.
var transitions = map[Status][]Status{
	Open:     {Answered, Open, Closed},
	Answered: {Open, Answered, Closed},
}

// from are the states a ticket may move to `to` from: the filter of the conditional write that
// moves it.
func from(to Status) []Status {
	var out []Status
	for _, s := range []Status{Open, Answered, Closed} {
		if slices.Contains(transitions[s], to) {
			out = append(out, s)
		}
	}
	return out
}

// ValidStatus reports whether s names a status (staff filter their list by it).
func ValidStatus(s Status) bool { return s == Open || s == Answered || s == Closed }

// Side is who wrote a message or closed a ticket.
type Side string

const (
	Translator Side = "translator"
	Staff      Side = "staff"
)

// Bounds of a ticket.
const (
	MaxMessages   = 200
	PageSize      = 50
	minSubject    = 3
	maxSubject    = 140
	maxMessageLen = 5000
)

// Category is what a ticket is about, from a fixed list.
type Category struct {
	Key  string    `json:"key"`
	Name i18n.Text `json:"name"`
}

// categories are the fixed list, in the order the form shows them.
var categories = []Category{
	{Key: "payment", Name: i18n.Text{TR: "Ödeme", EN: "Payment"}},
	{Key: "job", Name: i18n.Text{TR: "İş ve teslimat", EN: "Jobs and delivery"}},
	{Key: "technical", Name: i18n.Text{TR: "Teknik sorun", EN: "Technical problem"}},
	{Key: "account", Name: i18n.Text{TR: "Hesap ve profil", EN: "Account and profile"}},
	{Key: "other", Name: i18n.Text{TR: "Diğer", EN: "Other"}},
}

// Categories returns the fixed list of categories.
func Categories() []Category { return slices.Clone(categories) }

func categoryName(key string) (i18n.Text, bool) {
	i := slices.IndexFunc(categories, func(c Category) bool { return c.Key == key })
	if i < 0 {
		return i18n.Text{}, false
	}
	return categories[i].Name, true
}

// Message is one entry of a ticket's thread.
type Message struct {
	ID       string    `json:"id" bson:"id"`
	From     Side      `json:"from" bson:"from"`
	AuthorID string    `json:"-" bson:"authorId"`    // staff see the name; ids stay inside
	Author   string    `json:"author" bson:"author"` // the name the author's token carried
	Body     string    `json:"body" bson:"body"`
	At       time.Time `json:"at" bson:"at"`
}

// Ticket is one support request, one document with its whole thread (at most MaxMessages), so
// every change is one atomic write.
type Ticket struct {
	ID             string    `json:"id" bson:"_id"`
	TranslatorID   string    `json:"translatorId" bson:"translatorId"`
	TranslatorName string    `json:"translatorName" bson:"translatorName"`
	Subject        string    `json:"subject" bson:"subject"`
	Category       string    `json:"category" bson:"category"`
	CategoryName   i18n.Text `json:"categoryName" bson:"-"`
	Status         Status    `json:"status" bson:"status"`
	// Lang is the language of the translator's latest request: staff replies are announced in it.
	Lang         i18n.Lang  `json:"lang" bson:"lang"`
	Messages     []Message  `json:"messages,omitempty" bson:"messages"` // left out of lists
	MessageCount int        `json:"messageCount" bson:"messageCount"`
	CreatedAt    time.Time  `json:"createdAt" bson:"createdAt"`
	LastActivity time.Time  `json:"lastActivity" bson:"lastActivity"`
	ClosedAt     *time.Time `json:"closedAt,omitempty" bson:"closedAt,omitempty"`
	ClosedBy     Side       `json:"closedBy,omitempty" bson:"closedBy,omitempty"`
	// Search holds what staff find a ticket by (searchKeys, internal/searchkeys): staff's "q" is
	// one indexed equality, checked on the tickets read (matches); SearchVersion is its format.
	Search        []string `json:"-" bson:"search"`
	SearchVersion int      `json:"-" bson:"searchVersion"`

	events.Outbox `bson:",inline"`
}

// searchKeys are what staff find a ticket by: a prefix of its subject, of the translator's name
// or of one of their words, or the translator's id whole.
func searchKeys(t Ticket) []string {
	return searchkeys.Keys([]string{searchkeys.WholeKey(t.TranslatorID)}, t.Subject, t.TranslatorName)
}

// matches reports whether staff's search q finds t (searchKeys).
func (t *Ticket) matches(q searchkeys.Query) bool {
	return q.Match(t.Subject, t.TranslatorName) || q.Whole(t.TranslatorID)
}

// NewTicket is what a translator opens a ticket with.
type NewTicket struct {
	Subject  string `json:"subject"`
	Category string `json:"category"`
	Message  string `json:"message"`
}

// Filter narrows a list; the translator's own list always has TranslatorID and no Q.
type Filter struct {
	TranslatorID string
	Status       Status
	Q            string // staff's search: a word of the subject or of the name, or a translator id
	Oldest       bool   // least recent activity first (newest activity first otherwise)
	Before       string // the `next` of the previous page: a ticket id
}

// Page is one page of a list, by latest activity.
type Page struct {
	Tickets []Ticket `json:"tickets"`
	More    bool     `json:"more"`
	// Next is the `before` of the next page, when there is one.
	Next string `json:"next,omitempty"`
}

// Reasons a field is refused (errs.Fields); the transport words each in Turkish and English.
const (
	ReasonRequired = "required"
	ReasonTooShort = "too_short"
	ReasonTooLong  = "too_long"
	ReasonFormat   = "characters"    // control characters
	ReasonUnknown  = "unknown"       // a category or status not of the fixed lists
	ReasonCursor   = "ticket_cursor" // a `before` naming no ticket of the list (applications have their own "cursor")
)

// text checks a free-text field; a subject is one line, a message may have line breaks.
func text(f errs.Fields, field, v string, min, max int, multiline bool) {
	n := utf8.RuneCountInString(v)
	switch {
	case n == 0:
		f.Add(field, ReasonRequired)
	case !utf8.ValidString(v) || strings.ContainsFunc(v, func(r rune) bool {
		return unicode.IsControl(r) && !(multiline && (r == '\n' || r == '\r' || r == '\t'))
	}):
		f.Add(field, ReasonFormat)
	case n < min:
		f.Add(field, ReasonTooShort)
	case n > max:
		f.Add(field, ReasonTooLong)
	}
}

func validateNew(in NewTicket) error {
	f := errs.Fields{}
	text(f, "subject", in.Subject, minSubject, maxSubject, false)
	if in.Category == "" {
		f.Add("category", ReasonRequired)
	} else if _, ok := categoryName(in.Category); !ok {
		f.Add("category", ReasonUnknown)
	}
	text(f, "message", in.Message, 1, maxMessageLen, true)
	return f.Err()
}

func validateMessage(body string) error {
	f := errs.Fields{}
	text(f, "message", body, 1, maxMessageLen, true)
	return f.Err()
}
