package catalog

import (
	"fmt"
	"strings"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
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
	// Order sorts staff's list newest first (createdAt, then id); Keys filter and search it.
	Order   string   `json:"-" bson:"order"`
	Keys    []string `json:"-" bson:"keys"`
	Version int64    `json:"-" bson:"version"`
	// The reply mails leave through the outbox (MailHandler).
	events.Outbox `bson:",inline" json:"-"`
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

// index computes the order and the keys staff's list finds the inquiry by.
func (in *Inquiry) index() {
	in.Order = in.CreatedAt.UTC().Format("2006-01-02T15:04:05.000000000Z") + "/" + in.ID
	in.Keys = indexKeys([]dim{{"kind", in.Kind}, {"status", in.Status}}, in.Name, in.Email, in.Company)
}

// replyMail is the reply to the inquirer, in the inquiry's language, quoting their message.
func replyMail(in Inquiry, r Reply) mail.Message {
	quoted := "> " + strings.ReplaceAll(strings.TrimSpace(in.Message), "\n", "\n> ")
	if i18n.Lang(in.Language) == i18n.EN {
		return mail.Message{To: []string{in.Email}, Subject: "LinguaPort: about your message", Text: fmt.Sprintf(`Hello %s,

%s

Your message of %s UTC:

%s

LinguaPort`, in.Name, r.Message, in.CreatedAt.UTC().Format("2 January 2006 15:04"), quoted)}
	}
	return mail.Message{To: []string{in.Email}, Subject: "LinguaPort: mesajınız hakkında", Text: fmt.Sprintf(`Merhaba %s,

%s

%s UTC tarihli mesajınız:

%s

LinguaPort`, in.Name, r.Message, in.CreatedAt.UTC().Format("02.01.2006 15:04"), quoted)}
}
