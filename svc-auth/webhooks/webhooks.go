// Package webhooks tells a customer's own systems what happened to their quotes, orders and
// invoices (DESIGN §15), as svc-auth's inbox and mails tell the customer: from the same events of
// the other services' streams.
//
// A customer registers endpoints (a URL, the event types it wants) and gets a signing secret.
// Every event that concerns them becomes one delivery per subscribed endpoint, stored before
// anything is sent, so none is lost; a dispatcher sends it as the Standard Webhooks specification
// says (webhook-id, webhook-timestamp, webhook-signature "v1,<base64 HMAC-SHA256>"), with a thin
// payload (type, time, ids: the receiver fetches the rest with its key), and retries a failure
// over about three days (Schedule). Deliveries about one order reach an endpoint in the order
// they happened: a later one waits while an earlier one is still being tried. One slow endpoint
// holds at most its own share of the senders (PerEndpoint), never the others'.
//
// An endpoint answering 410 Gone is disabled at once; one failing for DisableAfter is disabled
// too, and its owner is mailed either way. The panel shows each endpoint's deliveries of the last
// LogFor, replays any of them, and sends a test event.
package webhooks

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
)

// Type is an event type an endpoint subscribes to, as its deliveries name it.
type Type string

// The event types (what a customer can pick) and the test event (sent on request, whatever the
// endpoint picked).
const (
	QuoteReady             Type = "quote.ready"
	OrderPaid              Type = "order.paid"
	OrderAssigned          Type = "order.assigned"
	OrderDelivered         Type = "order.delivered"
	OrderRevisionDelivered Type = "order.revision_delivered"
	OrderCompleted         Type = "order.completed"
	InvoiceIssued          Type = "invoice.issued"
	InvoicePaid            Type = "invoice.paid"
	InvoiceRefunded        Type = "invoice.refunded"
	TestEvent              Type = "webhook.test"
)

// Types lists the event types an endpoint can pick, in the order the panel shows them.
var Types = []Type{QuoteReady, OrderPaid, OrderAssigned, OrderDelivered, OrderRevisionDelivered,
	OrderCompleted, InvoiceIssued, InvoicePaid, InvoiceRefunded}

// Limits and times.
const (
	// MaxEndpoints is how many endpoints one customer may register.
	MaxEndpoints = 20
	// MaxURL is the longest URL an endpoint may have; MaxDescription the longest description.
	MaxURL         = 2000
	MaxDescription = 200
	// Timeout is how long an endpoint has to answer a delivery.
	Timeout = 10 * time.Second
	// DisableAfter is how long an endpoint may fail every delivery before it is disabled.
	DisableAfter = 5 * 24 * time.Hour
	// RotationOverlap is how long a replaced secret still signs, beside the new one, so a
	// receiver can move to the new secret without refusing a delivery.
	RotationOverlap = 24 * time.Hour
	// LogFor is how long deliveries are kept and shown.
	LogFor = 14 * 24 * time.Hour
	// PageSize is how many deliveries one page of an endpoint's log holds.
	PageSize = 50
	// MaxAttempts bounds the attempts one delivery keeps (retries and replays): a replay past it
	// is refused.
	MaxAttempts = 100
	// keptResponse is how much of an endpoint's answer the log keeps.
	keptResponse = 1 << 10
)

// Schedule is the wait before each retry of a failed delivery: after the first attempt fails the
// next is 5 s later, then 5 min, … The eleven attempts span about three days (71 h 35 min);
// after the last the delivery has failed, and stays replayable in the log.
var Schedule = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour,
	5 * time.Hour, 10 * time.Hour, 10 * time.Hour, 14 * time.Hour, 14 * time.Hour, 16 * time.Hour}

// Why an endpoint is disabled.
const (
	DisabledByOwner = "owner"   // the customer turned it off
	DisabledGone    = "gone"    // it answered 410 Gone
	DisabledFailing = "failing" // every delivery failed for DisableAfter
	DisabledClosed  = "closed"  // the account was closed
)

// Delivery states.
const (
	// Pending deliveries are due at their NextAt, or are being sent by the worker holding their
	// endpoint's lease.
	Pending = "pending"
	// Delivered ones had a 2xx answer.
	Delivered = "delivered"
	// Failed ones used every attempt of the Schedule.
	Failed = "failed"
	// Held ones arrived while their endpoint was disabled: enabling it sends them.
	Held = "held"
)

// Errors the API words (api/webhooks.go).
var (
	ErrNotFound      = errors.New("webhooks: no such endpoint")
	ErrNoDelivery    = errors.New("webhooks: no such delivery")
	ErrTooMany       = errors.New("webhooks: too many endpoints")
	ErrNotCustomer   = errors.New("webhooks: only customers register endpoints")
	ErrDisabled      = errors.New("webhooks: the endpoint is disabled")
	ErrNotReplayable = errors.New("webhooks: the delivery is still being sent")
	ErrTooManyTries  = errors.New("webhooks: the delivery was tried too often")
)

// Reasons an endpoint's fields are refused (errs.Fields), beside "required" and "too_long".
const (
	ReasonURL         = "webhook_url"
	ReasonHTTPS       = "webhook_https"
	ReasonPrivate     = "webhook_private"
	ReasonTypes       = "webhook_types"
	ReasonUnknownType = "webhook_unknown_type"
)

// Endpoint is an endpoint as its customer sees it: never its secrets.
type Endpoint struct {
	ID             string     `json:"id"`
	URL            string     `json:"url"`
	Description    string     `json:"description"`
	Types          []Type     `json:"types"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	DisabledAt     *time.Time `json:"disabledAt"`
	DisabledReason string     `json:"disabledReason,omitempty"`
	// FailingSince is when its deliveries began to fail, nil while they succeed.
	FailingSince *time.Time `json:"failingSince"`
	// SecretsValid is how many secrets sign its deliveries now: 2 during a rotation's overlap.
	SecretsValid int `json:"secretsValid"`
}

// WithSecret is an endpoint with its current signing secret: the answer of registering one, of
// rotating its secret and of asking for it.
type WithSecret struct {
	Endpoint
	Secret string `json:"secret"`
}

// Settings is what a customer sets of an endpoint.
type Settings struct {
	URL         string `json:"url"`
	Description string `json:"description"`
	Types       []Type `json:"types"`
}

// Secret is one signing secret: "whsec_" and the base64 of 32 random bytes, the form the
// Standard Webhooks libraries take. One stops signing at its ExpiresAt (a rotated-out secret).
type Secret struct {
	Value     string     `bson:"value"`
	CreatedAt time.Time  `bson:"createdAt"`
	ExpiresAt *time.Time `bson:"expiresAt,omitempty"`
}

// EndpointDoc is an endpoint as stored. DueAt is the dispatcher's: the earliest time one of its
// pending deliveries is due (nil when none is), so it finds the endpoints with work without
// reading their deliveries. The mailbox holds the mail telling the owner it was disabled, queued
// in the write that disables it.
type EndpointDoc struct {
	ID             string     `bson:"_id"`
	OwnerID        string     `bson:"ownerId"`
	URL            string     `bson:"url"`
	Description    string     `bson:"description"`
	Types          []Type     `bson:"types"`
	Secrets        []Secret   `bson:"secrets"`
	CreatedAt      time.Time  `bson:"createdAt"`
	UpdatedAt      time.Time  `bson:"updatedAt"`
	DisabledAt     *time.Time `bson:"disabledAt,omitempty"`
	DisabledReason string     `bson:"disabledReason,omitempty"`
	FailingSince   *time.Time `bson:"failingSince,omitempty"`
	DueAt          *time.Time `bson:"dueAt,omitempty"`
	// LeaseUntil and LeaseBy: the worker sending its deliveries now, and until when.
	LeaseUntil     *time.Time `bson:"leaseUntil,omitempty"`
	LeaseBy        string     `bson:"leaseBy,omitempty"`
	mongox.Version `bson:",inline"`
	mailbox.Box    `bson:",inline"`
}

// Endpoint is the doc as its customer sees it.
func (d EndpointDoc) Endpoint(now time.Time) Endpoint {
	types := d.Types
	if types == nil {
		types = []Type{}
	}
	return Endpoint{ID: d.ID, URL: d.URL, Description: d.Description, Types: types,
		CreatedAt: d.CreatedAt.UTC(), UpdatedAt: d.UpdatedAt.UTC(), DisabledAt: utc(d.DisabledAt),
		DisabledReason: d.DisabledReason, FailingSince: utc(d.FailingSince), SecretsValid: len(d.signing(now))}
}

// Wants reports whether the endpoint subscribed to t.
func (d EndpointDoc) Wants(t Type) bool { return slices.Contains(d.Types, t) }

// signing lists the secrets that sign at now, newest first.
func (d EndpointDoc) signing(now time.Time) []Secret {
	var out []Secret
	for _, s := range d.Secrets {
		if s.ExpiresAt == nil || s.ExpiresAt.After(now) {
			out = append(out, s)
		}
	}
	return out
}

// current is the newest secret.
func (d EndpointDoc) current() string {
	if len(d.Secrets) == 0 {
		return ""
	}
	return d.Secrets[0].Value
}

// Attempt is one try at sending a delivery, as the log shows it.
type Attempt struct {
	At time.Time `bson:"at" json:"at"`
	// Timestamp is the webhook-timestamp header it was sent with (Unix seconds).
	Timestamp int64 `bson:"timestamp" json:"timestamp"`
	// Status is the endpoint's HTTP status, 0 when it gave none (timeout, refused connection).
	Status     int    `bson:"status" json:"status"`
	DurationMs int64  `bson:"durationMs" json:"durationMs"`
	Error      string `bson:"error,omitempty" json:"error,omitempty"`
	// Response is the start of the endpoint's answer.
	Response string `bson:"response,omitempty" json:"response,omitempty"`
	// Replay marks an attempt its owner asked for.
	Replay bool `bson:"replay,omitempty" json:"replay,omitempty"`
}

// DeliveryDoc is one event for one endpoint. Its id is the webhook-id every attempt carries, so a
// receiver can drop a repeat. Lane and Seq order the deliveries of one endpoint about one order:
// Seq is when the event happened (nanoseconds), and a delivery is not sent while one of its lane
// with a smaller Seq is pending.
type DeliveryDoc struct {
	ID         string    `bson:"_id"`
	EndpointID string    `bson:"endpointId"`
	OwnerID    string    `bson:"ownerId"`
	EventID    string    `bson:"eventId"`
	Type       Type      `bson:"type"`
	Body       string    `bson:"body"` // the JSON payload, byte for byte what is signed
	Lane       string    `bson:"lane"`
	Seq        int64     `bson:"seq"`
	State      string    `bson:"state"`
	NextAt     time.Time `bson:"nextAt"`
	Attempts   []Attempt `bson:"attempts"`
	CreatedAt  time.Time `bson:"createdAt"`
	// Tries counts the attempts of the current round (the Schedule's position); a replay
	// starts a new round.
	Tries int `bson:"tries"`
	// Replay marks a round its owner asked for: its first attempt is logged as a replay.
	Replay bool `bson:"replay,omitempty"`
	// Waited marks a delivery a later one of its lane waits on: finishing it makes that one due.
	Waited bool `bson:"waited,omitempty"`
	// PendingFor is the endpoint's id while the delivery is pending, and HeldFor while it is held;
	// neither is there once it is done. The dispatcher's questions name them rather than
	// {endpointId, state}, so they find only the work left: on FerretDB 1.24, whose PostgreSQL
	// indexes serve one field's equality, {endpointId, state} read every delivery the endpoint has
	// logged in 14 days (bench/webhooks run 4).
	PendingFor string `bson:"pendingFor,omitempty"`
	HeldFor    string `bson:"heldFor,omitempty"`
}

// Delivery is a delivery as the log shows it: what was sent and every attempt.
type Delivery struct {
	ID         string    `json:"id"`
	EndpointID string    `json:"endpointId"`
	Type       Type      `json:"type"`
	Payload    string    `json:"payload"`
	State      string    `json:"state"`
	CreatedAt  time.Time `json:"createdAt"`
	// NextAttemptAt is when the next try is due, for a pending delivery.
	NextAttemptAt *time.Time `json:"nextAttemptAt"`
	Attempts      []Attempt  `json:"attempts"`
}

// Delivery is the doc as the log shows it.
func (d DeliveryDoc) Delivery() Delivery {
	out := Delivery{ID: d.ID, EndpointID: d.EndpointID, Type: d.Type, Payload: d.Body, State: d.State,
		CreatedAt: d.CreatedAt.UTC(), Attempts: d.Attempts}
	if out.Attempts == nil {
		out.Attempts = []Attempt{}
	}
	for i := range out.Attempts {
		out.Attempts[i].At = out.Attempts[i].At.UTC()
	}
	if d.State == Pending {
		next := d.NextAt.UTC()
		out.NextAttemptAt = &next
	}
	return out
}

// DeliveryPage is one page of an endpoint's log, newest first, and the cursor of the next page
// ("" at the end).
type DeliveryPage struct {
	Deliveries []Delivery `json:"deliveries"`
	Next       string     `json:"next"`
}

// newSecret is a fresh signing secret.
func newSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return secretPrefix + base64.StdEncoding.EncodeToString(b), nil
}

const secretPrefix = "whsec_"

// Sign is the Standard Webhooks signature of one delivery attempt under one secret:
// "v1," and the base64 HMAC-SHA256, keyed with the secret's decoded bytes, of
// "<webhook-id>.<webhook-timestamp>.<body>".
func Sign(secret, id string, timestamp int64, body []byte) (string, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, secretPrefix))
	if err != nil {
		return "", fmt.Errorf("webhook secret: %w", err)
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id))
	mac.Write([]byte{'.'})
	mac.Write([]byte(strconv.FormatInt(timestamp, 10)))
	mac.Write([]byte{'.'})
	mac.Write(body)
	return "v1," + base64.StdEncoding.EncodeToString(mac.Sum(nil)), nil
}

// signatures is the webhook-signature header: one signature per secret signing at now,
// space-separated, newest first, so a receiver holding either secret accepts it during an overlap.
func signatures(secrets []Secret, id string, timestamp int64, body []byte) (string, error) {
	sigs := make([]string, 0, len(secrets))
	for _, s := range secrets {
		sig, err := Sign(s.Value, id, timestamp, body)
		if err != nil {
			return "", err
		}
		sigs = append(sigs, sig)
	}
	return strings.Join(sigs, " "), nil
}

// messageID is the webhook-id of an event's delivery to an endpoint: derived from both, so a
// redelivered event makes the same delivery, which its unique id then refuses.
func messageID(eventID, endpointID string) string {
	sum := sha256.Sum256([]byte(eventID + "/" + endpointID))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// retryAfter is the wait after a round's tries-th failed attempt, and false when it was the last.
func (d *Dispatcher) retryAfter(tries int) (time.Duration, bool) {
	if tries < 1 || tries > len(d.schedule) {
		return 0, false
	}
	return d.schedule[tries-1], true
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
