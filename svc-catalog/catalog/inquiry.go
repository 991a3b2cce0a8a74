package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/outbox"
	"linguaport/internal/searchkeys"
)

// Inquiry statuses: staff handle an open inquiry (with or without a reply).
const (
	InquiryOpen    = "open"
	InquiryHandled = "handled"
)

// Inquiry is a contact or corporate request from a visitor, and what staff did with it.
type Inquiry struct {
	ID        string     `json:"id" bson:"_id"`
	Kind      string     `json:"kind" bson:"kind"` // contact | corporate
	Name      string     `json:"name" bson:"name"`
	Email     string     `json:"email" bson:"email"`
	Phone     string     `json:"phone" bson:"phone,omitempty"`
	Company   string     `json:"company" bson:"company,omitempty"`
	Message   string     `json:"message" bson:"message"`
	Language  string     `json:"language" bson:"language"`
	CreatedAt time.Time  `json:"createdAt" bson:"createdAt"`
	Status    string     `json:"status" bson:"status"`
	HandledAt *time.Time `json:"handledAt" bson:"handledAt,omitempty"`
	HandledBy *Staff     `json:"handledBy" bson:"handledBy,omitempty"`
	Replies   []Reply    `json:"replies" bson:"replies"`
	From      string     `json:"-" bson:"from"` // the sender's address, kept for abuse handling
	// EmailKey is Email as svc-auth keeps addresses, which a KVKK copy finds the inquiry by
	// (privacy.go).
	EmailKey string `json:"-" bson:"emailKey"`
	// Order sorts staff's list newest first (createdAt, then id); Keys filter and search it.
	Order         string   `json:"-" bson:"order"`
	Keys          []string `json:"-" bson:"keys"`
	SearchVersion int      `json:"-" bson:"searchVersion"`
	Version       int64    `json:"-" bson:"version"`
	events.Outbox `bson:",inline" json:"-"`
	// The reply mails, queued with their replies (replyMail).
	mailbox.Box `bson:",inline" json:"-"`
}

func (in *Inquiry) versionPtr() *int64 { return &in.Version }

// Staff is the staff member who acted.
type Staff struct {
	ID   string `json:"id" bson:"id"`
	Name string `json:"name" bson:"name"`
}

// Reply is a staff member's answer, mailed to the inquirer.
type Reply struct {
	ID      string    `json:"id" bson:"id"`
	Message string    `json:"message" bson:"message"`
	At      time.Time `json:"at" bson:"at"`
	By      Staff     `json:"by" bson:"by"`
}

// index computes the order and the keys staff's list finds the inquiry by, and the key of its
// address a KVKK copy finds it by.
func (in *Inquiry) index() {
	in.EmailKey = emailKey(in.Email)
	in.Order = in.CreatedAt.UTC().Format("2006-01-02T15:04:05.000000000Z") + "/" + in.ID
	in.Keys, in.SearchVersion = indexKeys(in.searchDims(), in.searchTexts()...), searchkeys.Version
}

func (in *Inquiry) searchDims() []dim     { return []dim{{"kind", in.Kind}, {"status", in.Status}} }
func (in *Inquiry) searchTexts() []string { return []string{in.Name, in.Email, in.Company} }

// MailReply is the kind of a reply's mail; its payload names the reply.
const MailReply = "inquiry.reply"

type replyMailData struct {
	InquiryID string `json:"inquiryId"`
	ReplyID   string `json:"replyId"`
}

// MailRender writes the replies' mails for the relay (mailbox.NewRelay), from the inquiry as
// stored: the inquirer has no account, so the language is the inquiry's. Each ends with
// footer's lines (the agency's facts, company.Facts.MailFooter).
func MailRender(store interface {
	Inquiry(ctx context.Context, id string) (Inquiry, error)
}, footer func(i18n.Lang) []string) mailbox.Render {
	return func(ctx context.Context, m mailbox.Mail) (mail.Message, error) {
		var d replyMailData
		if err := m.Decode(&d); err != nil || m.Kind != MailReply {
			return mail.Message{}, fmt.Errorf("%w: mail %s of kind %q: %v", outbox.ErrDrop, m.ID, m.Kind, err)
		}
		in, err := store.Inquiry(ctx, d.InquiryID)
		if errors.Is(err, ErrNotFound) {
			return mail.Message{}, fmt.Errorf("inquiry %s is gone: %w", d.InquiryID, mailbox.ErrSkip)
		}
		if err != nil {
			return mail.Message{}, err
		}
		i := slices.IndexFunc(in.Replies, func(r Reply) bool { return r.ID == d.ReplyID })
		if i < 0 {
			return mail.Message{}, fmt.Errorf("%w: reply %s of %s", outbox.ErrDrop, d.ReplyID, d.InquiryID)
		}
		p := replyMail(in, in.Replies[i])
		p.Footer = footer(p.Lang)
		return p.Message()
	}
}

// replyMail is the reply to the inquirer, in the inquiry's language, quoting their message.
func replyMail(in Inquiry, r Reply) mailbox.Page {
	lang := i18n.Parse(in.Language)
	p := mailbox.Page{Lang: lang, To: in.Email, Lines: strings.Split(strings.TrimSpace(r.Message), "\n\n")}
	quoted := strings.TrimSpace(in.Message)
	if lang == i18n.EN {
		p.Subject, p.Greeting = "LinguaPort: about your message", "Hello "+in.Name+","
		p.After, p.Quote = []string{"Your message of " + i18n.DateTime(in.CreatedAt, lang) + ":"}, quoted
		p.Why = "You get this mail because you wrote to us through the LinguaPort website."
		return p
	}
	p.Subject, p.Greeting = "LinguaPort: mesajınız hakkında", "Merhaba "+in.Name+","
	p.After, p.Quote = []string{i18n.DateTime(in.CreatedAt, lang) + " tarihli mesajınız:"}, quoted
	p.Why = "Bu e-postayı, LinguaPort web sitesinden bize yazdığınız için alıyorsunuz."
	return p
}
