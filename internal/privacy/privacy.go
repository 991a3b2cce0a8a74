// Package privacy carries KVKK data-subject requests between services (DESIGN §14). svc-auth
// owns the requests: it records one (a person's copy of their data, or erasure), and announces
// it on its stream (EventRequested). Every service that keeps something about people answers
// for its own collections: it gathers the person's data (a copy) into JSON files and answers
// with EventPartReady on its own stream, through an outbox in its own database (PartStore), so
// the answer survives a crash and a service that was down answers when it returns. svc-auth
// collects the parts and hands the person one ZIP. No service reads another's collections.
package privacy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/mongox"
)

// The events of a request (contracts in internal/events/contracts).
const (
	// EventRequested is svc-auth's: a request to answer (events.Stream("auth")).
	EventRequested = "privacy.requested"
	// EventPartReady is each service's answer to a copy, on its own stream.
	EventPartReady = "privacy.part_ready"
	// EventPartChunk carries one piece of a file too large to travel inline (ChunkBytes), on
	// the service's stream beside its part_ready.
	EventPartChunk = "privacy.part_chunk"
	// EventPartBundle carries several small attachments whole, packed up to ChunkBytes, on the
	// service's stream beside its part_ready: a customer's uploaded documents are mostly a few
	// kilobytes, and one event and document for each (1,000 for bench/privacy's customer) was
	// most of a copy's work and of what it took from other people's requests.
	EventPartBundle = "privacy.part_bundle"
)

// Stream is the area of the stream every service's answers travel on (events.Stream(Stream)):
// only svc-auth reads it, so a copy's megabytes pass no other service's consumers, as they would
// on the services' own streams.
const Stream = "privacy"

// ChunkBytes is the most of a file an event carries: a larger file (a busy customer's orders
// run to megabytes) travels in pieces, each its own document and event, so no document nears
// the database's 16 MiB and no stream entry holds a whole history. bench/privacy measured a
// single answer at 16 MB for 1,000 orders before files were split.
const ChunkBytes = 512 << 10

// Kinds of request.
const (
	KindCopy    = "copy"
	KindErasure = "erasure"
)

// Services are the services that answer a request, svc-auth included: a request is complete when
// each has answered.
var Services = []string{"svc-auth", "svc-orders", "svc-billing", "svc-translators", "svc-catalog"}

// Requested is EventRequested's payload: who the request is about. UserID is the account
// ("" for a visitor without one); Email is the address the person proved they hold, by which
// services also find what a visitor left (inquiries, chats, applications). Role is the
// account's ("customer", "translator"; "" for none).
type Requested struct {
	RequestID string `json:"requestId"`
	Kind      string `json:"kind"`
	UserID    string `json:"userId"`
	Email     string `json:"email"`
	Role      string `json:"role"`
	Lang      string `json:"lang"`
}

// File is one JSON file of a copy: its name inside the service's folder of the ZIP
// ("orders.json") and its content, a JSON object (the event's contract says so). A file larger
// than ChunkBytes travels in Chunks pieces (EventPartChunk) and has no Data here.
type File struct {
	Name   string          `json:"name" bson:"name"`
	Data   json.RawMessage `json:"data,omitempty" bson:"data,omitempty"`
	Chunks int             `json:"chunks,omitempty" bson:"chunks,omitempty"`
	// Size is the bytes of a file that travels apart (Chunks), for the request's record.
	Size int64 `json:"size,omitempty" bson:"size,omitempty"`
}

// PartReady is EventPartReady's payload: one service's files for a request.
type PartReady struct {
	RequestID string `json:"requestId"`
	Service   string `json:"service"`
	Files     []File `json:"files"`
}

// PartChunk is EventPartChunk's payload: piece Index (from 0) of Count of a file, its bytes
// exactly as the file has them.
type PartChunk struct {
	RequestID string `json:"requestId"`
	Service   string `json:"service"`
	Name      string `json:"name"`
	Index     int    `json:"index"`
	Count     int    `json:"count"`
	Data      []byte `json:"data"` // base64 in JSON
}

// PartBundle is EventPartBundle's payload: small files, each whole (one piece, Index 0 of 1).
type PartBundle struct {
	RequestID string        `json:"requestId"`
	Service   string        `json:"service"`
	Files     []BundledFile `json:"files"`
}

// BundledFile is one file of a bundle: its name as in the answer, its bytes as they are.
type BundledFile struct {
	Name string `json:"name"`
	Data []byte `json:"data"` // base64 in JSON
}

// Pieces are the bundle's files as the pieces they are: each its file's only one.
func (b PartBundle) Pieces() []PartChunk {
	out := make([]PartChunk, len(b.Files))
	for i, f := range b.Files {
		out[i] = PartChunk{RequestID: b.RequestID, Service: b.Service, Name: f.Name, Index: 0, Count: 1, Data: f.Data}
	}
	return out
}

// BundledMax is the largest attachment that travels in a bundle; a larger one travels in its
// own pieces.
const BundledMax = ChunkBytes / 4

// JSONFile is a File of v, indented so a person can read it.
func JSONFile(name string, v any) (File, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return File{}, fmt.Errorf("privacy: %s: %w", name, err)
	}
	if len(b) == 0 || b[0] != '{' {
		return File{}, fmt.Errorf("privacy: %s is not a JSON object", name)
	}
	return File{Name: name, Data: b}, nil
}

// AttachmentsFolder is where a copy's attachments go in the service's folder of the ZIP.
const AttachmentsFolder = "files/"

// Attachment is a file of the person's own that a copy carries as it is (a document they
// uploaded), beside the JSON files: its name in the ZIP's files/ folder, its size, and Open to read
// it. It always travels in pieces, one in memory at a time.
type Attachment struct {
	Name string
	Size int64
	Open func(ctx context.Context) (io.ReadCloser, error)
}

// ErrNoContent is an attachment whose content is gone (a file listed whose bytes were deleted):
// the copy goes without it, its description being in the JSON files, rather than never come.
var ErrNoContent = errors.New("privacy: the attachment's content is gone")

// Attach lists the attachments of a person's copy; nil for none.
type Attach func(ctx context.Context, r Requested) ([]Attachment, error)

// Gather collects what a service keeps about the person a request names, as files. It reads
// only the service's own collections, each query by an indexed field (userId, email).
type Gather func(ctx context.Context, r Requested) ([]File, error)

// part is a service's answer to one request, kept with its outbox until the relay has published
// it; the document stays as the record that the service answered.
type part struct {
	RequestID     string    `bson:"_id"`
	Service       string    `bson:"service"`
	Files         int       `bson:"files"`
	AnsweredAt    time.Time `bson:"answeredAt"`
	events.Outbox `bson:",inline"`
}

// PartStore keeps a service's answers (collection privacy_parts of its own database).
type PartStore struct {
	coll *mongo.Collection
}

// NewPartStore opens the service's privacy_parts with the outbox index its relay needs.
func NewPartStore(ctx context.Context, db *mongo.Database) (*PartStore, error) {
	coll := db.Collection("privacy_parts")
	if _, err := coll.Indexes().CreateOne(ctx, events.OutboxIndex()); err != nil {
		return nil, fmt.Errorf("privacy_parts indexes: %w", err)
	}
	return &PartStore{coll: coll}, nil
}

// Collection is the answers' collection.
func (s *PartStore) Collection() *mongo.Collection { return s.coll }

// Relay is the outbox relay that carries the answers to the privacy stream. It rests after each
// document as the answer's own writes do (mongox.Rest): each piece of a copy is half a megabyte
// read, published and taken out of its document again, work the answer's writes do not count,
// and unpaced it held the database four times as long as the writes themselves.
func (s *PartStore) Relay(pub *events.Publisher, log *slog.Logger, sweepEvery time.Duration) *events.Relay {
	r := events.NewRelay(s.coll, events.Stream(Stream), pub, log, sweepEvery)
	r.Rest = mongox.Rest
	return r
}

// Paced handles each event with h and, after the pieces of a copy (EventPartChunk,
// EventPartBundle), rests (mongox.Rest) for as long as the handling says: svc-auth keeping them
// (half a megabyte each into privacy_files, the request updated) is background work like the
// services' gathering, and must leave the database to other people's requests as theirs does.
// The other events of a request are small and answered at once. A failed handling is retried
// later anyway, so only a handled event rests.
func Paced(h events.Handler) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		began := time.Now()
		if err := h(ctx, e); err != nil {
			return err
		}
		if e.Type != EventPartChunk && e.Type != EventPartBundle {
			return nil
		}
		return mongox.Rest(ctx, time.Since(began))
	}
}

// chunk is one piece of a large file with the event that carries it; its id names the request,
// file and piece, so writing it again (an answer retried) writes nothing.
type chunk struct {
	ID            string    `bson:"_id"`
	RequestID     string    `bson:"requestId"`
	At            time.Time `bson:"at"`
	events.Outbox `bson:",inline"`
}

// answer records service's files for the request with the event that carries them: a file
// larger than ChunkBytes first as its pieces, each a document of its own with its event, then
// the answer itself, which names the pieces; a request answered before (a redelivered event) is
// left as it is: false. The pieces are written before the answer, so an answer never names a
// piece that is not there; a crash between them writes the pieces again, which are kept once.
func (s *PartStore) answer(ctx context.Context, service string, r Requested, files []File, attachments []Attachment, now time.Time) (bool, []any, error) {
	sent := make([]File, 0, len(files)+len(attachments))
	var written []any // the documents whose events the relay is to publish now
	for _, f := range files {
		if len(f.Data) <= ChunkBytes {
			sent = append(sent, f)
			continue
		}
		count, ids, _, err := s.pieces(ctx, service, r, f.Name, bytes.NewReader(f.Data), int64(len(f.Data)), now)
		if err != nil {
			return false, nil, err
		}
		written = append(written, ids...)
		sent = append(sent, File{Name: f.Name, Chunks: count, Size: int64(len(f.Data))})
	}
	b := bundler{store: s, service: service, req: r, now: now}
	for _, a := range attachments {
		began := time.Now()
		rc, err := a.Open(ctx)
		if errors.Is(err, ErrNoContent) {
			continue
		}
		if err != nil {
			return false, nil, fmt.Errorf("privacy: open %s: %w", a.Name, err)
		}
		name := AttachmentsFolder + a.Name
		// A small document joins the bundle being filled; one over BundledMax (or that turns
		// out to be, whatever its listed size) travels in pieces of its own.
		head, err := io.ReadAll(io.LimitReader(rc, BundledMax+1))
		if err != nil {
			rc.Close()
			return false, nil, fmt.Errorf("privacy: read %s: %w", a.Name, err)
		}
		if len(head) <= BundledMax {
			rc.Close()
			if err := b.add(ctx, BundledFile{Name: name, Data: head}); err != nil {
				return false, nil, err
			}
			sent = append(sent, File{Name: name, Chunks: 1, Size: int64(len(head))})
		} else {
			count, ids, size, err := s.pieces(ctx, service, r, name, io.MultiReader(bytes.NewReader(head), rc), a.Size, now)
			rc.Close()
			if err != nil {
				return false, nil, err
			}
			written = append(written, ids...)
			sent = append(sent, File{Name: name, Chunks: count, Size: size})
		}
		// A long copy (a thousand documents) reads as mongox.AllPaced does, resting after
		// each document, so other people's requests go between them.
		if err := mongox.Rest(ctx, time.Since(began)); err != nil {
			return false, nil, err
		}
	}
	if err := b.flush(ctx); err != nil {
		return false, nil, err
	}
	written = append(written, b.written...)
	e, err := events.New(ctx, EventPartReady, PartReady{RequestID: r.RequestID, Service: service, Files: sent})
	if err != nil {
		return false, nil, err
	}
	p := part{RequestID: r.RequestID, Service: service, Files: len(files), AnsweredAt: now.UTC()}
	p.Add(e)
	_, err = s.coll.InsertOne(ctx, p)
	if mongo.IsDuplicateKeyError(err) {
		return false, written, nil
	}
	if err != nil {
		return false, nil, fmt.Errorf("privacy: answer %s: %w", r.RequestID, err)
	}
	return true, append(written, r.RequestID), nil
}

// pieces writes what r reads as pieces of file name, ChunkBytes at a time (one, empty, for an
// empty file), each a document with its event, holding one piece in memory at a time; it
// answers their number, ids and the bytes it read. size, what the file should hold, only sizes the pieces' Count,
// which the answer's own count (File.Chunks) settles: a file that holds more or less is sent as
// it is.
func (s *PartStore) pieces(ctx context.Context, service string, req Requested, name string, r io.Reader, size int64, now time.Time) (int, []any, int64, error) {
	expected := max(1, int((size+ChunkBytes-1)/ChunkBytes))
	var ids []any
	var total int64
	buf := make([]byte, ChunkBytes)
	for i := 0; ; i++ {
		n, err := io.ReadFull(r, buf)
		last := errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		if err != nil && !last {
			return 0, nil, 0, fmt.Errorf("privacy: read piece %d of %s: %w", i, name, err)
		}
		total += int64(n)
		if n == 0 && last && i > 0 {
			break // the file ended on a piece's edge
		}
		e, err := events.New(ctx, EventPartChunk, PartChunk{RequestID: req.RequestID, Service: service, Name: name, Index: i, Count: max(expected, i+1), Data: buf[:n]})
		if err != nil {
			return 0, nil, 0, err
		}
		c := chunk{ID: fmt.Sprintf("%s/%s/%d", req.RequestID, name, i), RequestID: req.RequestID, At: now.UTC()}
		c.Add(e)
		began := time.Now()
		if _, err := s.coll.InsertOne(ctx, c); err != nil && !mongo.IsDuplicateKeyError(err) {
			return 0, nil, 0, fmt.Errorf("privacy: piece %s of %s: %w", c.ID, req.RequestID, err)
		}
		ids = append(ids, c.ID)
		if last {
			break
		}
		// A long copy's pieces are written as its reads are paced (mongox.Rest), so other
		// people's requests, and svc-auth keeping the pieces, go between them.
		if err := mongox.Rest(ctx, time.Since(began)); err != nil {
			return 0, nil, 0, err
		}
	}
	return len(ids), ids, total, nil
}

// bundler packs small attachments into bundles of up to ChunkBytes, each a document with its
// event (EventPartBundle). A bundle's id names the request and its place, and attachments come
// in the same order each time (Attach lists them sorted), so an answer retried writes the same
// bundles, which are kept once.
type bundler struct {
	store   *PartStore
	service string
	req     Requested
	now     time.Time
	files   []BundledFile
	size    int
	written []any
}

func (b *bundler) add(ctx context.Context, f BundledFile) error {
	if b.size+len(f.Data) > ChunkBytes {
		if err := b.flush(ctx); err != nil {
			return err
		}
	}
	b.files = append(b.files, f)
	b.size += len(f.Data)
	return nil
}

func (b *bundler) flush(ctx context.Context) error {
	if len(b.files) == 0 {
		return nil
	}
	e, err := events.New(ctx, EventPartBundle, PartBundle{RequestID: b.req.RequestID, Service: b.service, Files: b.files})
	if err != nil {
		return err
	}
	c := chunk{ID: fmt.Sprintf("%s/bundle/%d", b.req.RequestID, len(b.written)), RequestID: b.req.RequestID, At: b.now.UTC()}
	c.Add(e)
	began := time.Now()
	if _, err := b.store.coll.InsertOne(ctx, c); err != nil && !mongo.IsDuplicateKeyError(err) {
		return fmt.Errorf("privacy: bundle %s: %w", c.ID, err)
	}
	b.written = append(b.written, c.ID)
	b.files, b.size = nil, 0
	return mongox.Rest(ctx, time.Since(began))
}

// answered reports whether the service has answered the request.
func (s *PartStore) answered(ctx context.Context, requestID string) (bool, error) {
	err := s.coll.FindOne(ctx, bson.D{{Key: "_id", Value: requestID}}, options.FindOne().SetProjection(bson.D{{Key: "_id", Value: 1}})).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	return err == nil, err
}

// Erase removes or anonymises what the service keeps about the person a request names, except
// what a law makes it keep (Retention), and reports what it did. It reads and writes only the
// service's own collections, and running it again (a redelivered request, a crash before the
// answer was recorded) finds nothing more to erase and reports the same kept records.
type Erase func(ctx context.Context, r Requested) (Erasure, error)

// AuditTrail is a service's staff audit log as an erasure uses it (internal/audit.Log): Keep
// counts the entries of records a law keeps, clearing the fields of their snapshots that hold
// what people wrote (the fields the erasure clears on the records), and Erase deletes the
// entries of records the erasure deletes. A service's report counts them as collection "audit".
type AuditTrail interface {
	Keep(ctx context.Context, kind string, ids []string, written ...string) (int, error)
	Erase(ctx context.Context, kind string, ids []string) (int, error)
}

// AuditCollection is the audit log's collection in an erasure's report (internal/audit's).
const AuditCollection = "audit"

// Erasure is a service's report of an erasure: per collection, how many of the person's records
// it removed or anonymised, and how many it kept, each kept collection one of Retention's for the
// service.
type Erasure struct {
	Erased []Count `json:"erased"`
	Kept   []Count `json:"kept"`
}

// Count is a number of records of one collection.
type Count struct {
	Collection string `json:"collection"`
	Count      int    `json:"count"`
}

// ErasureFile is the one file of an erasure's answer.
const ErasureFile = "erasure.json"

// Answers are what a service answers each kind of request with; a kind without one is not the
// service's to answer (svc-auth then waits for it, and staff see that).
type Answers struct {
	Copy   Gather
	Attach Attach // optional: the person's own files, added to a copy
	Erase  Erase
}

// eraseWithSandbox erases the person and, for a customer, their sandbox space too (authn.SandboxID:
// what their sandbox keys made is theirs as much as their live account's work), and reports
// both together, per collection.
func eraseWithSandbox(ctx context.Context, erase Erase, r Requested) (Erasure, error) {
	report, err := erase(ctx, r)
	if err != nil || r.UserID == "" || authn.IsSandbox(r.UserID) || r.Role != string(authn.RoleCustomer) {
		return report, err
	}
	sbx := r
	sbx.UserID = authn.SandboxID(r.UserID)
	more, err := erase(ctx, sbx)
	if err != nil {
		return Erasure{}, fmt.Errorf("sandbox space: %w", err)
	}
	return Erasure{Erased: addCounts(report.Erased, more.Erased), Kept: addCounts(report.Kept, more.Kept)}, nil
}

// addCounts is a and b summed per collection, in a's order and then b's new ones.
func addCounts(a, b []Count) []Count {
	out := append(make([]Count, 0, len(a)+len(b)), a...) // [] rather than null in the report
	for _, c := range b {
		i := slices.IndexFunc(out, func(o Count) bool { return o.Collection == c.Collection })
		if i < 0 {
			out = append(out, c)
			continue
		}
		out[i].Count += c.Count
	}
	return out
}

// Handler answers svc-auth's requests for service: a copy with the files Copy finds, an erasure
// with the report of Erase (one file, ErasureFile); other events of the stream are not its to
// handle here. kick tells the service's relay which answer to publish. A redelivered request is
// answered once.
func Handler(service string, a Answers, store *PartStore, kick func(ids ...any), now func() time.Time) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		if e.Type != EventRequested {
			return nil
		}
		var r Requested
		if err := json.Unmarshal([]byte(e.Data), &r); err != nil || r.RequestID == "" {
			return fmt.Errorf("privacy: %s payload %q: %v", e.Type, e.Data, err)
		}
		if (r.Kind == KindCopy && a.Copy == nil) || (r.Kind == KindErasure && a.Erase == nil) || (r.Kind != KindCopy && r.Kind != KindErasure) {
			return nil
		}
		if done, err := store.answered(ctx, r.RequestID); err != nil || done {
			return err
		}
		var files []File
		var attachments []Attachment
		switch r.Kind {
		case KindCopy:
			var err error
			if files, err = a.Copy(ctx, r); err != nil {
				return fmt.Errorf("privacy: %s gathering %s: %w", service, r.RequestID, err)
			}
			if a.Attach != nil {
				if attachments, err = a.Attach(ctx, r); err != nil {
					return fmt.Errorf("privacy: %s attaching %s: %w", service, r.RequestID, err)
				}
			}
		case KindErasure:
			report, err := eraseWithSandbox(ctx, a.Erase, r)
			if err != nil {
				return fmt.Errorf("privacy: %s erasing %s: %w", service, r.RequestID, err)
			}
			if err := CheckKept(service, report); err != nil {
				return err
			}
			f, err := JSONFile(ErasureFile, report)
			if err != nil {
				return err
			}
			files = []File{f}
		}
		if files == nil {
			files = []File{}
		}
		_, written, err := store.answer(ctx, service, r, files, attachments, now())
		if err != nil {
			return err
		}
		if len(written) > 0 {
			kick(written...)
		}
		return nil
	}
}
