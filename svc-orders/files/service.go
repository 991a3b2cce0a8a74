package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/errs"
)

// Errors the service answers with; the transport maps them to HTTP. Counting's refusals
// (counting.ErrUnsupported, ...) come through unchanged.
var (
	ErrNoFile       = errors.New("no file in the upload")
	ErrTooManyFiles = errors.New("too many files under one upload token")
	ErrNotFound     = errors.New("file not found")
	// ErrTooManyUploads is the Reason of the errs.RateLimited an upload is refused with when its
	// sender used up their allowance.
	ErrTooManyUploads = errors.New("too many uploads")
)

// Holder is who may use a file: a signed-in owner, the hash of a visitor's upload token, or both
// (an empty field holds nothing).
type Holder struct{ OwnerID, TokenHash string }

// Store keeps files: their descriptions with what was counted in them, and their bytes.
type Store interface {
	// Save stores the bytes and the description; a description is never left without its bytes.
	Save(ctx context.Context, f File, content io.Reader) error
	// File is ErrNotFound for an unknown id.
	File(ctx context.Context, id string) (File, error)
	Open(ctx context.Context, id string) (io.ReadCloser, error)
	// HeldBy returns the files of ids that h holds, in the order of ids, with a zero File for
	// each one it does not hold.
	HeldBy(ctx context.Context, ids []string, h Holder) ([]File, error)
	// OwnedBy lists a user's uploads, newest first.
	OwnedBy(ctx context.Context, owner string) ([]File, error)
	// CountUnclaimed is how many files a visitor's upload token holds.
	CountUnclaimed(ctx context.Context, tokenHash string) (int64, error)
	// Claim gives the files of ids uploaded with the token of tokenHash to owner; a file someone
	// already owns stays theirs.
	Claim(ctx context.Context, ids []string, tokenHash, owner string) error
	// MarkDelivered records that owner's files of ids are the delivery of an order.
	MarkDelivered(ctx context.Context, ids []string, owner, orderID string) error
	// FirstPages answers the first page of text of those of the files of ids that have one.
	FirstPages(ctx context.Context, ids []string) (map[string]string, error)
	// DeleteUnclaimed removes visitors' files uploaded before t that nobody claimed, and
	// says how many.
	DeleteUnclaimed(ctx context.Context, before time.Time) (int, error)
}

// Tokens issues and checks the upload tokens that give visitors a hold on their uploads.
type Tokens interface {
	Issue(ctx context.Context) (string, error)
	// Valid reports whether token was issued and has not expired.
	Valid(ctx context.Context, token string) (bool, error)
}

// Orders tells who reaches a file through an order. The orders' own lists decide, not the
// file's last order: a translator may deliver one file to two orders.
type Orders interface {
	// DeliveriesTo lists the files delivered for a customer's orders.
	DeliveriesTo(ctx context.Context, customerID string) ([]File, error)
	// Reaches reports whether user is the customer of an order the file was delivered to, or
	// the translator of an order it is a document of.
	Reaches(ctx context.Context, userID, fileID string) (bool, error)
}

// Limiter decides whether a sender (an address or a user) may upload another file now.
type Limiter interface {
	Allow(ctx context.Context, key string) (ok bool, retryAfter time.Duration, err error)
}

// UploadInput is one uploaded file, already on local disk.
type UploadInput struct {
	Name        string
	Content     counting.Source
	UploadToken string
	From        string // the sender's address, for the visitors' upload limit
}

// UploadAnswer is the stored file and, for a visitor, the token that reaches it.
type UploadAnswer struct {
	File        File   `json:"file"`
	UploadToken string `json:"uploadToken,omitempty"`
}

// Service is what people do with files. The caller (authn.Caller) is passed in by the endpoint;
// a file that is not the caller's is ErrNotFound.
type Service interface {
	UploadFile(ctx context.Context, c authn.Caller, in UploadInput) (UploadAnswer, error)
	// Files are the caller's uploads and the files delivered for their orders, newest first.
	Files(ctx context.Context, c authn.Caller) ([]File, error)
	OpenFile(ctx context.Context, c authn.Caller, id, uploadToken string) (File, io.ReadCloser, error)

	// Usable returns the files of ids that the caller may put into an estimate, a quote or a
	// delivery: their own, or a visitor's uploaded with uploadToken. Others are errs.Fields.
	Usable(ctx context.Context, c authn.Caller, ids []string, uploadToken string) ([]File, error)
	// Claim makes the files a visitor uploaded with uploadToken the caller's, who has signed in since.
	Claim(ctx context.Context, c authn.Caller, ids []string, uploadToken string) error
	// MarkDelivered records that the caller's files of ids are the delivery of order orderID.
	MarkDelivered(ctx context.Context, c authn.Caller, ids []string, orderID string) error
	// DeleteUnclaimed removes the visitors' files whose token has expired, which nobody can
	// claim any more. It acts as the system, not as a caller.
	DeleteUnclaimed(ctx context.Context) error
	// FirstPages answers the first page of text (counting.Counts.FirstPage, kept at upload) of
	// those of the files of ids that have one: the job pool shows it before a job is claimed. It
	// acts as the system: the caller decides whom it shows them to.
	FirstPages(ctx context.Context, ids []string) (map[string]string, error)
	// SaveMade stores a document the system made on c's behalf (the sandbox's simulated
	// translator's pseudo-translation): counted and stored exactly as an upload of c's, so it is
	// delivered and downloaded as one, but without the upload limit, which paces people.
	SaveMade(ctx context.Context, c authn.Caller, name string, content []byte) (File, error)
}

type service struct {
	store   Store
	tokens  Tokens
	orders  Orders
	limiter Limiter
	// counting holds a slot per upload being counted.
	counting chan struct{}
	newID    func() string
	now      func() time.Time
}

// NewService returns the files service. limiter may be nil (no upload limit). countingSlots is
// how many uploads are counted at once (2 when not positive): a 50 MB spreadsheet takes seconds
// of CPU and a few hundred MB of memory, so more only queue for the same cores.
func NewService(store Store, tokens Tokens, orders Orders, limiter Limiter, countingSlots int, newID func() string, now func() time.Time) Service {
	if countingSlots <= 0 {
		countingSlots = 2
	}
	return &service{store: store, tokens: tokens, orders: orders, limiter: limiter,
		counting: make(chan struct{}, countingSlots), newID: newID, now: now}
}

func (s *service) UploadFile(ctx context.Context, c authn.Caller, in UploadInput) (UploadAnswer, error) {
	if err := s.allow(ctx, c.ID, in.From); err != nil {
		return UploadAnswer{}, err
	}
	f, err := s.counted(ctx, c, in.Name, in.Content)
	if err != nil {
		return UploadAnswer{}, err
	}
	ans := UploadAnswer{}
	if c.ID == "" {
		if ans.UploadToken, err = s.visitorToken(ctx, in.UploadToken); err != nil {
			return UploadAnswer{}, err
		}
		f.TokenHash = HashToken(ans.UploadToken)
		n, err := s.store.CountUnclaimed(ctx, f.TokenHash)
		if err != nil {
			return UploadAnswer{}, err
		}
		if n >= MaxFilesPerOrder {
			return UploadAnswer{}, ErrTooManyFiles
		}
	}
	if err := s.store.Save(ctx, f, io.NewSectionReader(in.Content, 0, in.Content.Size())); err != nil {
		return UploadAnswer{}, err
	}
	ans.File = f
	return ans, nil
}

// counted is the description of c's document named name: what counting found in it, under a
// counting slot.
func (s *service) counted(ctx context.Context, c authn.Caller, name string, content counting.Source) (File, error) {
	name = CleanFileName(name)
	select {
	case s.counting <- struct{}{}:
	case <-ctx.Done():
		return File{}, ctx.Err()
	}
	counts, err := counting.Count(name, content)
	<-s.counting
	if err != nil {
		return File{}, err
	}
	return File{ID: s.newID(), Name: name, Size: content.Size(), Format: counts.Format, ContentType: ContentTypeOf(counts.Format),
		Purpose: SourceFile, Counts: counts, UploadedAt: s.now().UTC(), OwnerID: c.ID}, nil
}

func (s *service) SaveMade(ctx context.Context, c authn.Caller, name string, content []byte) (File, error) {
	f, err := s.counted(ctx, c, name, bytes.NewReader(content))
	if err != nil {
		return File{}, fmt.Errorf("counting %s: %w", name, err)
	}
	if err := s.store.Save(ctx, f, bytes.NewReader(content)); err != nil {
		return File{}, err
	}
	return f, nil
}

// allow applies the upload limit: per user, or per address for visitors.
func (s *service) allow(ctx context.Context, user, from string) error {
	if s.limiter == nil {
		return nil
	}
	key := "user:" + user
	if user == "" {
		key = "addr:" + from
	}
	ok, retry, err := s.limiter.Allow(ctx, key)
	if err != nil {
		return err
	}
	if !ok {
		return &errs.RateLimited{RetryAfter: retry, Reason: ErrTooManyUploads}
	}
	return nil
}

// visitorToken is the token a visitor's upload goes under: the one they sent while it is valid,
// otherwise a new one.
func (s *service) visitorToken(ctx context.Context, sent string) (string, error) {
	ok, err := s.tokens.Valid(ctx, sent)
	if err != nil || ok {
		return sent, err
	}
	return s.tokens.Issue(ctx)
}

func (s *service) Files(ctx context.Context, c authn.Caller) ([]File, error) {
	files, err := s.store.OwnedBy(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	// Deliveries belong to their translator; the customer sees them through their orders.
	delivered, err := s.orders.DeliveriesTo(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	files = append(files, delivered...)
	slices.SortStableFunc(files, func(a, b File) int { return b.UploadedAt.Compare(a.UploadedAt) })
	return files, nil
}

func (s *service) OpenFile(ctx context.Context, c authn.Caller, id, uploadToken string) (File, io.ReadCloser, error) {
	f, err := s.store.File(ctx, id)
	if err != nil {
		return File{}, nil, err
	}
	ok, err := s.mayRead(ctx, c, f, uploadToken)
	if err != nil {
		return File{}, nil, err
	}
	if !ok {
		return File{}, nil, ErrNotFound
	}
	r, err := s.store.Open(ctx, f.ID)
	if err != nil {
		return File{}, nil, err
	}
	return f, r, nil
}

// mayRead says who reaches a file: its uploader (a visitor through the upload token), staff,
// the customer of an order it was delivered for, and the translator of an order it belongs to.
func (s *service) mayRead(ctx context.Context, c authn.Caller, f File, token string) (bool, error) {
	switch {
	case c.Owns(f.OwnerID):
		return true, nil
	case f.OwnerID == "" && token != "" && HashToken(token) == f.TokenHash:
		return s.tokens.Valid(ctx, token)
	case c.ID == "":
		return false, nil
	}
	return s.orders.Reaches(ctx, c.ID, f.ID)
}

func (s *service) Usable(ctx context.Context, c authn.Caller, ids []string, uploadToken string) ([]File, error) {
	if len(ids) > MaxFilesPerOrder {
		return nil, errs.Fields{"fileIds": "too_many_files"}
	}
	holder := Holder{OwnerID: c.ID}
	if ok, err := s.tokens.Valid(ctx, uploadToken); err != nil {
		return nil, err
	} else if ok {
		holder.TokenHash = HashToken(uploadToken)
	}
	held := make([]File, len(ids))
	if holder != (Holder{}) {
		var err error
		if held, err = s.store.HeldBy(ctx, ids, holder); err != nil {
			return nil, err
		}
	}
	fields := errs.Fields{}
	seen := map[string]bool{}
	for i, f := range held {
		if f.ID == "" || seen[f.ID] {
			fields[fmt.Sprintf("fileIds.%d", i)] = "file_not_found"
		}
		seen[f.ID] = true
	}
	if len(fields) > 0 {
		return nil, fields
	}
	return held, nil
}

func (s *service) Claim(ctx context.Context, c authn.Caller, ids []string, uploadToken string) error {
	ok, err := s.tokens.Valid(ctx, uploadToken)
	if err != nil || !ok {
		return err
	}
	return s.store.Claim(ctx, ids, HashToken(uploadToken), c.ID)
}

func (s *service) MarkDelivered(ctx context.Context, c authn.Caller, ids []string, orderID string) error {
	return s.store.MarkDelivered(ctx, ids, c.ID, orderID)
}

func (s *service) DeleteUnclaimed(ctx context.Context) error {
	_, err := s.store.DeleteUnclaimed(ctx, s.now().UTC().Add(-UploadTokenTTL))
	return err
}

func (s *service) FirstPages(ctx context.Context, ids []string) (map[string]string, error) {
	return s.store.FirstPages(ctx, ids)
}
