// Package mailbox is the outbox of mails (DESIGN §13): a state change that someone should hear
// about queues its mail in the same single-document write, in the document's own "mailbox"
// array, and a relay (internal/outbox, shared with the events) renders and sends it afterwards.
//
// So a mail is never lost (it is stored before anything is sent, and a sweep finds what a crash
// left), never held up by the request (the SMTP server may be slow or away; the relay retries
// with back-off while it refuses), and sent once per cause: its id is derived from what caused
// it (an event's id, a document's id and step), and the write that queues it is the same
// conditional write that makes the change, which a redelivered event or a double click does not
// repeat. A crash between the server accepting a mail and the relay removing it sends it again:
// the duplicate at-least-once allows, and it keeps its Message-ID, so mail clients fold the two.
package mailbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/mail"
	"linguaport/internal/outbox"
)

// leaseFor is how long a relay holds a mail it is sending: longer than a send may take (a minute
// at most, internal/mail), so only a relay that died lets another send it again.
const leaseFor = 2 * time.Minute

// Field is the name of the array of queued mails inside a document.
const Field = "mailbox"

// Mail is one mail waiting to be sent. What it says is decided when it is sent, by the owning
// service's Render, from Kind and Data: the text then follows the recipient's current language
// and address, and a fixed template reaches mails already queued.
type Mail struct {
	// ID is unique per cause ("<event id>/order.delivered"); it is also the Message-ID's left part.
	ID   string `bson:"id" json:"id"`
	Kind string `bson:"kind" json:"kind"` // which mail: the renderer's switch
	// To is whom it is for, as the renderer understands it: a user id, or an address.
	To string `bson:"to" json:"to"`
	// Lang is the language of the request or event that caused the mail, for a recipient whose
	// own language is not known.
	Lang      string    `bson:"lang,omitempty" json:"lang,omitempty"`
	Data      string    `bson:"data,omitempty" json:"data,omitempty"` // JSON payload
	CreatedAt time.Time `bson:"createdAt" json:"createdAt"`
}

// New builds a mail with its payload encoded as JSON.
func New(id, kind, to, lang string, data any, now time.Time) (Mail, error) {
	m := Mail{ID: id, Kind: kind, To: to, Lang: lang, CreatedAt: now.UTC()}
	if data != nil {
		b, err := json.Marshal(data)
		if err != nil {
			return Mail{}, fmt.Errorf("mail %s payload: %w", kind, err)
		}
		m.Data = string(b)
	}
	return m, nil
}

// Decode reads the payload into v.
func (m Mail) Decode(v any) error {
	if m.Data == "" {
		return nil
	}
	return json.Unmarshal([]byte(m.Data), v)
}

// Box is embedded, inline, in the documents that queue mails.
type Box struct {
	Mails []Mail `bson:"mailbox,omitempty" json:"-"`
	// Waiting marks the document while mails wait in it (outbox.Waiting): Add sets it.
	Waiting bool `bson:"mailboxWaiting,omitempty" json:"-"`
}

// Add queues m to be sent once the document is written.
func (b *Box) Add(m Mail) {
	b.Mails = append(b.Mails, m)
	b.Waiting = true
}

// PushUpdate is the update fragments that queue mails in the same write as the change
// (outbox.Push): merge push into the $push of an UpdateOne/FindOneAndUpdate and mark into its $set.
func PushUpdate(ms ...Mail) (push, mark bson.E) { return outbox.Push(Field, ms) }

// Index is the index every collection that queues mails declares for the relay's sweep.
func Index() mongo.IndexModel { return outbox.Index(Field) }

// ErrSkip is returned by a Render that decides a mail is not to be sent after all: the
// recipient turned this kind off, or has no account any more. The mail leaves the queue unsent.
var ErrSkip = errors.New("mailbox: not to be sent")

// Render turns a queued mail into the message to send. An error wrapping ErrSkip drops the mail
// quietly; one wrapping outbox.ErrDrop drops it as undeliverable (logged); any other error is
// retried with back-off (a store or a service the renderer reads is away).
type Render func(ctx context.Context, m Mail) (mail.Message, error)

// Sender sends one message (internal/mail.Sender).
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// Relay sends one collection's queued mails.
type Relay struct {
	*outbox.Relay
}

// NewRelay sends what coll's documents queue in their mailbox: those Kick names as soon as it
// names them, and whatever a sweep finds at start-up and every sweepEvery. coll must have Index.
// A document whose mail the server refuses for now (a 4xx, or no answer) waits, doubling from
// two seconds up to sweepEvery, before it is tried again; a mail the server refuses for good, or
// that cannot be composed, is dropped and logged, so it does not hold back the ones after it.
func NewRelay(coll *mongo.Collection, render Render, sender Sender, log *slog.Logger, sweepEvery time.Duration) *Relay {
	if log == nil {
		log = slog.Default()
	}
	send := func(ctx context.Context, docID any, item bson.Raw) error {
		var m Mail
		if err := bson.Unmarshal(item, &m); err != nil {
			return fmt.Errorf("%w: mail in %s/%v: %w", outbox.ErrDrop, coll.Name(), docID, err)
		}
		msg, err := render(ctx, m)
		if errors.Is(err, ErrSkip) {
			log.InfoContext(ctx, "mail not sent", "mail", m.ID, "kind", m.Kind, "why", err.Error())
			return nil
		}
		if err != nil {
			return fmt.Errorf("render mail %s (%s): %w", m.ID, m.Kind, err)
		}
		if msg.ID == "" {
			msg.ID = messageID(m.ID)
		}
		if err := sender.Send(ctx, msg); err != nil {
			if permanent(err) {
				return fmt.Errorf("%w: mail %s (%s): %w", outbox.ErrDrop, m.ID, m.Kind, err)
			}
			return fmt.Errorf("send mail %s (%s): %w", m.ID, m.Kind, err)
		}
		log.InfoContext(ctx, "mail sent", "mail", m.ID, "kind", m.Kind)
		return nil
	}
	r := outbox.NewRelay(coll, Field, "mails of "+coll.Name(), send, log, sweepEvery)
	// Nobody downstream folds duplicates of a mail, so two relays must not both send one.
	r.Lease = leaseFor
	return &Relay{r}
}

// messageID is the Message-ID's left part for the mail with id: the same for every try, so
// clients fold a duplicate, and within what a Message-ID may hold whatever the id looks like.
func messageID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:16])
}

// permanent tells a mail that will never go (it cannot be composed, or the server refused it
// for good) from one worth trying again. A sender configured wrong fails every mail alike until
// an operator fixes it, so those mails wait rather than go.
func permanent(err error) bool {
	if errors.Is(err, mail.ErrConfig) {
		return false
	}
	return errors.Is(err, mail.ErrInvalid) || errors.Is(err, mail.ErrPermanent)
}
