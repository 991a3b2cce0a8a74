package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/internal/privacy"
)

// KVKK data-subject requests (Law 6698 art. 11 and 13, DESIGN §14): a person asks for a copy of
// what the platform keeps about them, from Settings when signed in, or through the site's form
// with the link mailed to their address as the check of who they are. svc-auth keeps the request
// and its 30-day clock, announces it to every service (privacy.requested) and collects their
// answers (privacy.part_ready) into one ZIP, with its own part (the account). Staff follow every
// request in the back office.

// The event types of a request (internal/privacy), as svc-auth's code names them.
const (
	EventPrivacyRequested  = "privacy.requested"
	EventPrivacyPartReady  = "privacy.part_ready"
	EventPrivacyPartChunk  = "privacy.part_chunk"
	EventPrivacyPartBundle = "privacy.part_bundle"
)

// PrivacyDeadline is how long the controller has to answer (KVKK art. 13: thirty days).
const PrivacyDeadline = 30 * 24 * time.Hour

// How long the mailed links work: confirming a visitor's request, and downloading the copy
// without signing in.
const (
	privacyVerifyTTL   = 24 * time.Hour
	privacyDownloadTTL = 14 * 24 * time.Hour
)

// States of a request.
const (
	// PrivacyUnverified: a visitor's request whose mailed link was not opened yet; not started.
	PrivacyUnverified = "unverified"
	// PrivacyOpen: announced to the services; their answers are being collected.
	PrivacyOpen = "open"
	// PrivacyReady: every service answered; the copy can be downloaded.
	PrivacyReady = "ready"
	// PrivacyDelivered: the person downloaded the copy.
	PrivacyDelivered = "delivered"
	// PrivacyCompleted: every service erased what it may; the person was mailed what is kept.
	PrivacyCompleted = "completed"
)

// Errors of the requests; api/errors.go words them.
var (
	ErrPrivacyNotFound    = errors.New("privacy request not found")
	ErrPrivacyLink        = errors.New("the privacy link is not valid or has expired")
	ErrPrivacyNotReady    = errors.New("the copy is not ready yet")
	ErrPrivacyOpenAlready = errors.New("a request of this kind is open already")
	// ErrPrivacyPassword: an erasure asked from Settings needs the account's password.
	ErrPrivacyPassword = errors.New("the password does not confirm the erasure")
)

// ErrPrivacyOrdersOpen refuses an erasure while the person has orders in progress
// (order_states.go): Numbers are those orders.
type ErrPrivacyOrdersOpen struct{ Numbers []string }

func (e *ErrPrivacyOrdersOpen) Error() string {
	return fmt.Sprintf("orders in progress: %s", strings.Join(e.Numbers, ", "))
}

// PrivacyRequest is a request as its person and staff read it.
type PrivacyRequest struct {
	ID          string        `json:"id"`
	Kind        string        `json:"kind"`
	State       string        `json:"state"`
	UserID      string        `json:"userId,omitempty"`
	Email       string        `json:"email"`
	Lang        string        `json:"lang"`
	CreatedAt   time.Time     `json:"createdAt"`
	OpenedAt    *time.Time    `json:"openedAt,omitempty"`
	DueAt       *time.Time    `json:"dueAt,omitempty"`
	ReadyAt     *time.Time    `json:"readyAt,omitempty"`
	DeliveredAt *time.Time    `json:"deliveredAt,omitempty"`
	Parts       []PrivacyPart `json:"parts"`
	Waiting     []string      `json:"waiting"` // services not answered yet
	DaysLeft    *int          `json:"daysLeft,omitempty"`
}

// PrivacyPart is one service's answer.
type PrivacyPart struct {
	Service string    `json:"service" bson:"service"`
	Files   int       `json:"files" bson:"files"`
	Bytes   int64     `json:"bytes" bson:"bytes"`
	At      time.Time `json:"at" bson:"at"`
	// An erasure's report: what the service erased and kept (privacy.Erasure).
	Erased []privacy.Count `json:"erased,omitempty" bson:"erased,omitempty"`
	Kept   []privacy.Count `json:"kept,omitempty" bson:"kept,omitempty"`
}

// privacyDoc is a request as stored (privacy_requests), with the events and mails its writes
// queue.
type privacyDoc struct {
	ID          string        `bson:"_id"`
	Kind        string        `bson:"kind"`
	UserID      string        `bson:"userId,omitempty"`
	Email       string        `bson:"email"`
	Role        string        `bson:"role,omitempty"`
	Lang        string        `bson:"lang"`
	State       string        `bson:"state"`
	CreatedAt   time.Time     `bson:"createdAt"`
	OpenedAt    *time.Time    `bson:"openedAt,omitempty"`
	DueAt       *time.Time    `bson:"dueAt,omitempty"`
	ReadyAt     *time.Time    `bson:"readyAt,omitempty"`
	DeliveredAt *time.Time    `bson:"deliveredAt,omitempty"`
	Parts       []PrivacyPart `bson:"parts"`
	// Pieces are the answers whose large files are still arriving in pieces
	// (privacy.part_chunk): they count once every piece is kept.
	Pieces []piecesAwaited `bson:"pieces,omitempty"`
	// PiecesArrived counts, per service, the pieces kept so far (settle).
	PiecesArrived []piecesCount `bson:"piecesArrived,omitempty"`
	// VerifyDigest and DownloadDigest are the digests of the mailed links' secrets (the links
	// are derived from the mails' ids when they are sent: mails_links.go); their Until say when
	// they stop working.
	VerifyDigest   string    `bson:"verifyDigest,omitempty"`
	VerifyUntil    time.Time `bson:"verifyUntil,omitzero"`
	DownloadDigest string    `bson:"downloadDigest,omitempty"`
	DownloadUntil  time.Time `bson:"downloadUntil,omitzero"`
	mongox.Version `bson:",inline"`
	events.Outbox  `bson:",inline"`
	mailbox.Box    `bson:",inline"`
	// MailLease carries the mail relay's claim through whole-document updates (as userDoc's).
	MailLease bson.Raw `bson:"mailboxLease,omitempty"`
}

func (d *privacyDoc) view(now time.Time) PrivacyRequest {
	r := PrivacyRequest{ID: d.ID, Kind: d.Kind, State: d.State, UserID: d.UserID, Email: d.Email, Lang: d.Lang, CreatedAt: d.CreatedAt,
		OpenedAt: d.OpenedAt, DueAt: d.DueAt, ReadyAt: d.ReadyAt, DeliveredAt: d.DeliveredAt, Parts: d.Parts, Waiting: d.waiting()}
	if r.Parts == nil {
		r.Parts = []PrivacyPart{}
	}
	if d.DueAt != nil && (d.State == PrivacyOpen || d.State == PrivacyUnverified) {
		days := int(d.DueAt.Sub(now).Hours() / 24)
		r.DaysLeft = &days
	}
	return r
}

// waiting are the services that have not answered.
func (d *privacyDoc) waiting() []string {
	out := []string{}
	for _, svc := range privacy.Services {
		if !d.answered(svc) {
			out = append(out, svc)
		}
	}
	return out
}

func (d *privacyDoc) answered(service string) bool {
	for _, p := range d.Parts {
		if p.Service == service {
			return true
		}
	}
	return false
}

// open starts the request at now: its clock runs, and the services are told.
func (d *privacyDoc) open(ctx context.Context, now time.Time) error {
	if d.State != PrivacyUnverified {
		return nil
	}
	due := now.Add(PrivacyDeadline)
	d.State, d.OpenedAt, d.DueAt, d.VerifyDigest = PrivacyOpen, &now, &due, ""
	e, err := events.New(ctx, EventPrivacyRequested, privacy.Requested{RequestID: d.ID, Kind: d.Kind, UserID: d.UserID, Email: d.Email, Role: d.Role, Lang: d.Lang})
	if err != nil {
		return err
	}
	d.Outbox.Add(e)
	return nil
}

// partAnswered records a service's answer; the last one makes the copy ready and mails its
// person the way to it (downloadDigest is the digest of a visitor's download link).
func (d *privacyDoc) partAnswered(p PrivacyPart, now time.Time, downloadDigest string) bool {
	if d.answered(p.Service) {
		return false
	}
	d.Parts = append(d.Parts, p)
	if d.State != PrivacyOpen || len(d.waiting()) > 0 {
		return true
	}
	d.ReadyAt = &now
	if d.Kind == privacy.KindErasure {
		// The account's identity is gone by now: the news goes to the address that asked.
		d.State = PrivacyCompleted
		d.Box.Add(newMail(privacyMailID(d.ID, KindPrivacyErased), KindPrivacyErased, d.Email, d.Lang, privacyMail{RequestID: d.ID, Email: d.Email}, now))
		return true
	}
	d.State = PrivacyReady
	if d.UserID == "" {
		d.DownloadDigest, d.DownloadUntil = downloadDigest, now.Add(privacyDownloadTTL)
	}
	d.Box.Add(newMail(privacyMailID(d.ID, KindPrivacyReady), KindPrivacyReady, d.recipient(), d.Lang, privacyMail{RequestID: d.ID, Email: d.Email}, now))
	return true
}

// recipient is whom the request's mails go to: the account, or the address of a visitor.
func (d *privacyDoc) recipient() string {
	if d.UserID != "" {
		return d.UserID
	}
	return d.Email
}

// piecesAwaited is a service's answer waiting for the pieces of its large files.
type piecesAwaited struct {
	Part   PrivacyPart `bson:"part"`
	Pieces int         `bson:"pieces"`
}

// piecesCount is how many pieces of a service's answer are kept.
type piecesCount struct {
	Service string `bson:"service"`
	Count   int    `bson:"count"`
}

func (d *privacyDoc) piecesKept(service string) int {
	for _, c := range d.PiecesArrived {
		if c.Service == service {
			return c.Count
		}
	}
	return 0
}

func (d *privacyDoc) setPiecesKept(service string, n int) {
	for i := range d.PiecesArrived {
		if d.PiecesArrived[i].Service == service {
			d.PiecesArrived[i].Count = n
			return
		}
	}
	d.PiecesArrived = append(d.PiecesArrived, piecesCount{Service: service, Count: n})
}

// privacyMail is the payload of a request's mails.
type privacyMail struct {
	RequestID string `json:"requestId"`
	Email     string `json:"email"`
}

// privacyMailID names a request's mail of kind: one of each per request.
func privacyMailID(requestID, kind string) string { return "privacy/" + requestID + "/" + kind }

// PrivacyStore keeps the requests and the files of their copies.
type PrivacyStore interface {
	InsertPrivacy(ctx context.Context, d *privacyDoc) error
	Privacy(ctx context.Context, id string) (*privacyDoc, error)
	UpdatePrivacy(ctx context.Context, id string, fn func(*privacyDoc) (*privacyDoc, error)) (*privacyDoc, error)
	// OpenPrivacyOf is the person's request of kind still open (unverified, open or ready), if any.
	OpenPrivacyOf(ctx context.Context, userID, kind string) (*privacyDoc, error)
	PrivacyOf(ctx context.Context, userID string) ([]*privacyDoc, error)
	// PrivacyPage lists requests for staff: state "" for all, the nearest deadline first.
	PrivacyPage(ctx context.Context, state string, after string, limit int) ([]*privacyDoc, error)
	// SavePrivacyFiles keeps a service's files of a request (idempotent per file), and
	// SavePrivacyPieces pieces of files that came apart from the answer (a large file's, or small
	// ones bundled); PiecesKept counts a service's pieces of a request.
	// PrivacyFiles walks them in order: service, name, piece.
	SavePrivacyFiles(ctx context.Context, requestID, service string, files []privacy.File) error
	SavePrivacyPieces(ctx context.Context, pieces []privacy.PartChunk) (allNew bool, err error)
	PiecesKept(ctx context.Context, requestID, service string) (int, error)
	PrivacyFiles(ctx context.Context, requestID string, each func(service, name string, piece int, data []byte) error) error
}

// normalEmail is an address as accounts keep it, or "" when it is none.
func normalEmail(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || len(s) > 254 {
		return ""
	}
	return s
}

func digestHex(s string) string { sum := sha256.Sum256([]byte(s)); return hex.EncodeToString(sum[:]) }

// checkKind refuses a kind of request this version does not take.
func checkKind(kind string) error {
	if kind != privacy.KindCopy && kind != privacy.KindErasure {
		return errs.Fields{"kind": "privacy_kind"}
	}
	return nil
}
