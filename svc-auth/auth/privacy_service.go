package auth

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/privacy"
	"linguaport/svc-auth/keys"
	"linguaport/svc-auth/webhooks"
)

// Privacy is what people and staff do with KVKK requests.
type Privacy interface {
	// Ask records the signed-in caller's request and starts it (their account is the check of
	// who they are; an erasure also needs their password, which an account made by Google or
	// Facebook sign-in does not have). One request of a kind is open at a time:
	// ErrPrivacyOpenAlready. An erasure closes the account at once: every session ends and it
	// signs in no more.
	Ask(ctx context.Context, c authn.Caller, kind, password string) (PrivacyRequest, error)
	// AskByEmail records a visitor's request and mails its confirmation link to email; it says
	// nothing of whether the address has an account. ip is limited in how often it may ask.
	AskByEmail(ctx context.Context, email, kind string, lang i18n.Lang, ip string) error
	// Confirm starts the visitor's request the mailed token names.
	Confirm(ctx context.Context, token string) (PrivacyRequest, error)
	Mine(ctx context.Context, c authn.Caller) ([]PrivacyRequest, error)
	// Copy writes the ready copy of request id (the signed-in owner's), or of the request a
	// mailed download token names, as a ZIP; the first download delivers it.
	Copy(ctx context.Context, c authn.Caller, id, token string, w io.Writer) error
	// CopyName is the file name of a request's ZIP.
	CopyName(ctx context.Context, c authn.Caller, id, token string) (string, error)
	StaffRequests(ctx context.Context, c authn.Caller, state, after string) (PrivacyPage, error)
	StaffRequest(ctx context.Context, c authn.Caller, id string) (PrivacyRequest, error)

	// Answer applies an event: svc-auth's own part of a request (privacy.requested) or another
	// service's (privacy.part_ready).
	Answer(ctx context.Context, e events.Event) error
}

// PrivacyPage is one page of staff's list.
type PrivacyPage struct {
	Requests []PrivacyRequest `json:"requests"`
	More     bool             `json:"more"`
	Next     string           `json:"next,omitempty"`
}

// PrivacyPageSize is staff's page.
const PrivacyPageSize = 50

// privacyStates are the states staff filter by.
var privacyStates = []string{PrivacyUnverified, PrivacyOpen, PrivacyReady, PrivacyDelivered, PrivacyCompleted}

// privacyService needs of the store the requests and the accounts (a request's own part, an
// erasure's account and messages), and of the sessions the active ones (to copy or end them).
type privacyService struct {
	store interface {
		PrivacyStore
		UserByID(ctx context.Context, id string) (*userDoc, error)
		UserByEmail(ctx context.Context, email string) (*userDoc, error)
		UpdateUser(ctx context.Context, id string, fn func(*userDoc) (*userDoc, error)) (*userDoc, error)
		Messages(ctx context.Context, userID string, lang i18n.Lang) ([]Message, error)
		DeleteMessagesOf(ctx context.Context, userID string) (int, error)
		OpenOrdersOf(ctx context.Context, customerID string) ([]string, error)
		DeleteOrderStatesOf(ctx context.Context, customerID string) (int, error)
	}
	sessions interface {
		Active(ctx context.Context, uid string) ([]ActiveSession, error)
		RevokeAllExcept(ctx context.Context, uid, keep string) error
	}
	keys  AccountKeys
	hooks AccountWebhooks
	links mailLinks
	limit Limiter
	newID func() string
	now   func() time.Time
}

// AccountKeys is what the requests need of the account's API keys (svc-auth/keys): listed in a
// copy, ended when the account closes, deleted with it.
type AccountKeys interface {
	OfAccount(ctx context.Context, owner string) ([]keys.Key, error)
	CloseAccount(ctx context.Context, owner string) error
	EraseAccount(ctx context.Context, owner string) (keys, entries int, err error)
}

// AccountWebhooks is what the requests need of the account's webhook endpoints
// (svc-auth/webhooks): listed in a copy, disabled when the account closes, deleted with their
// deliveries.
type AccountWebhooks interface {
	OfAccount(ctx context.Context, owner string) ([]webhooks.Endpoint, error)
	CloseAccount(ctx context.Context, owner string) error
	EraseAccount(ctx context.Context, owner string) (endpoints, deliveries int, err error)
}

// NewPrivacy returns the requests' service; links signs the mailed links (MAIL_LINK_SECRET), and
// limit counts a visitor address's requests.
func NewPrivacy(store *MongoStore, sessions *Sessions, accountKeys AccountKeys, accountHooks AccountWebhooks, secret []byte, limit Limiter, newID func() string, now func() time.Time) Privacy {
	if len(secret) == 0 {
		secret = newLinkSecret()
	}
	return &privacyService{store: store, sessions: sessions, keys: accountKeys, hooks: accountHooks, links: mailLinks{key: secret}, limit: limit, newID: newID, now: now}
}

func (s *privacyService) Ask(ctx context.Context, c authn.Caller, kind, password string) (PrivacyRequest, error) {
	if err := checkKind(kind); err != nil {
		return PrivacyRequest{}, err
	}
	if kind == privacy.KindErasure {
		u, err := s.store.UserByID(ctx, c.ID)
		if err != nil {
			return PrivacyRequest{}, err
		}
		if err := s.noWorkInProgress(ctx, u.ID); err != nil {
			return PrivacyRequest{}, err
		}
		if u.PasswordHash != "" {
			if password == "" {
				return PrivacyRequest{}, errs.Fields{"password": "required"}
			}
			if ok, err := VerifyPassword(password, u.PasswordHash); err != nil || !ok {
				if err == nil {
					err = ErrPrivacyPassword
				}
				return PrivacyRequest{}, err
			}
		}
	}
	if open, err := s.store.OpenPrivacyOf(ctx, c.ID, kind); err != nil || open != nil {
		if err == nil {
			err = ErrPrivacyOpenAlready
		}
		return PrivacyRequest{}, err
	}
	u, err := s.store.UserByID(ctx, c.ID)
	if err != nil {
		return PrivacyRequest{}, err
	}
	now := s.now().UTC()
	d := &privacyDoc{ID: s.newID(), Kind: kind, UserID: u.ID, Email: u.Email, Role: string(u.Role), Lang: string(c.Lang), State: PrivacyUnverified, CreatedAt: now, Parts: []PrivacyPart{}}
	if err := d.open(ctx, now); err != nil {
		return PrivacyRequest{}, err
	}
	if err := s.store.InsertPrivacy(ctx, d); err != nil {
		return PrivacyRequest{}, err
	}
	if kind == privacy.KindErasure {
		if err := s.closeAccount(ctx, u.ID, now); err != nil {
			return PrivacyRequest{}, err
		}
	}
	return d.view(now), nil
}

// noWorkInProgress refuses an erasure while the person has orders in progress (order_states.go).
func (s *privacyService) noWorkInProgress(ctx context.Context, userID string) error {
	open, err := s.store.OpenOrdersOf(ctx, userID)
	if err != nil {
		return err
	}
	if len(open) > 0 {
		return &ErrPrivacyOrdersOpen{Numbers: open}
	}
	return nil
}

// closeAccount stops an account being erased from signing in: marked closed (sign-in, renewal
// and provider sign-in refuse it) and every session ended. The request is written first, so an
// account is never closed without the erasure that explains it; its own part anonymises it.
func (s *privacyService) closeAccount(ctx context.Context, uid string, now time.Time) error {
	if _, err := s.store.UpdateUser(ctx, uid, func(u *userDoc) (*userDoc, error) {
		if u.ClosedAt == nil {
			u.ClosedAt = &now
		}
		return u, nil
	}); err != nil {
		return fmt.Errorf("close account %s for its erasure: %w", uid, err)
	}
	if err := s.sessions.RevokeAllExcept(ctx, uid, ""); err != nil {
		return err
	}
	if err := s.keys.CloseAccount(ctx, uid); err != nil {
		return err
	}
	return s.hooks.CloseAccount(ctx, uid)
}

func (s *privacyService) AskByEmail(ctx context.Context, email, kind string, lang i18n.Lang, ip string) error {
	address := normalEmail(email)
	switch {
	case address == "":
		return errs.Fields{"email": "email"}
	case checkKind(kind) != nil:
		return checkKind(kind)
	}
	// Each request mails the address: an address is limited as well as a sender, so the form
	// cannot be turned on somebody's inbox from many addresses.
	if s.limit != nil {
		for _, key := range []string{"ip:" + ip, "email:" + address} {
			if ok, wait, err := s.limit.Allow(ctx, key); err != nil || !ok {
				if err == nil {
					err = &errs.RateLimited{RetryAfter: wait, Reason: ErrTooManyRequests}
				}
				return err
			}
		}
	}
	now := s.now().UTC()
	d := &privacyDoc{ID: s.newID(), Kind: kind, Email: address, Lang: string(lang), State: PrivacyUnverified, CreatedAt: now, Parts: []PrivacyPart{},
		VerifyUntil: now.Add(privacyVerifyTTL)}
	mailID := privacyMailID(d.ID, KindPrivacyConfirm)
	d.VerifyDigest = digest(s.links.mailToken("privacy-confirm", mailID))
	d.Box.Add(newMail(mailID, KindPrivacyConfirm, address, string(lang), privacyMail{RequestID: d.ID, Email: address}, now))
	return s.store.InsertPrivacy(ctx, d)
}

func (s *privacyService) Confirm(ctx context.Context, token string) (PrivacyRequest, error) {
	id, secret, ok := splitUserToken(token)
	if !ok {
		return PrivacyRequest{}, ErrPrivacyLink
	}
	now := s.now().UTC()
	d, err := s.store.Privacy(ctx, id)
	if errors.Is(err, ErrPrivacyNotFound) {
		return PrivacyRequest{}, ErrPrivacyLink
	}
	if err != nil {
		return PrivacyRequest{}, err
	}
	if d.State != PrivacyUnverified {
		return d.view(now), nil // the link opened twice: the request goes on as it is
	}
	// The address proved to be the person's: a request about an account's address is that
	// account's (its data is theirs), found now rather than told to whoever asked.
	var user *userDoc
	if u, err := s.store.UserByEmail(ctx, d.Email); err == nil {
		user = u
	} else if !errors.Is(err, ErrNotFound) {
		return PrivacyRequest{}, err
	}
	if user != nil && d.Kind == privacy.KindErasure {
		// Refused before the link is used up: once the orders are done, the same link (within
		// its day) confirms the erasure.
		if err := s.noWorkInProgress(ctx, user.ID); err != nil {
			return PrivacyRequest{}, err
		}
	}
	d, err = s.store.UpdatePrivacy(ctx, id, func(d *privacyDoc) (*privacyDoc, error) {
		if d.State != PrivacyUnverified {
			return d, nil
		}
		if d.VerifyDigest == "" || d.VerifyDigest != digest(secret) || now.After(d.VerifyUntil) {
			return nil, ErrPrivacyLink
		}
		if user != nil {
			d.UserID, d.Role = user.ID, string(user.Role)
		}
		return d, d.open(ctx, now)
	})
	if err != nil {
		return PrivacyRequest{}, err
	}
	if d.Kind == privacy.KindErasure && d.UserID != "" {
		if err := s.closeAccount(ctx, d.UserID, now); err != nil {
			return PrivacyRequest{}, err
		}
	}
	return d.view(now), nil
}

func (s *privacyService) Mine(ctx context.Context, c authn.Caller) ([]PrivacyRequest, error) {
	docs, err := s.store.PrivacyOf(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]PrivacyRequest, 0, len(docs))
	for _, d := range docs {
		out = append(out, d.view(now))
	}
	return out, nil
}

// copyOf finds the request a download names: the caller's own by id, or the one a download
// token names (a visitor's, mailed when it was ready).
func (s *privacyService) copyOf(ctx context.Context, c authn.Caller, id, token string) (*privacyDoc, error) {
	if token != "" {
		rid, secret, ok := splitUserToken(token)
		if !ok {
			return nil, ErrPrivacyLink
		}
		d, err := s.store.Privacy(ctx, rid)
		if errors.Is(err, ErrPrivacyNotFound) || (err == nil && (d.DownloadDigest == "" || d.DownloadDigest != digest(secret) || s.now().After(d.DownloadUntil))) {
			return nil, ErrPrivacyLink
		}
		return d, err
	}
	d, err := s.store.Privacy(ctx, id)
	if err != nil {
		return nil, err
	}
	if d.UserID == "" || d.UserID != c.ID || d.Kind != privacy.KindCopy {
		return nil, ErrPrivacyNotFound
	}
	return d, nil
}

func (s *privacyService) CopyName(ctx context.Context, c authn.Caller, id, token string) (string, error) {
	d, err := s.copyOf(ctx, c, id, token)
	if err != nil {
		return "", err
	}
	if d.State != PrivacyReady && d.State != PrivacyDelivered {
		return "", ErrPrivacyNotReady
	}
	return "linguaport-" + copyWord.In(i18n.Parse(d.Lang)) + "-" + d.CreatedAt.In(i18n.Istanbul).Format("2006-01-02") + ".zip", nil
}

var copyWord = i18n.Text{TR: "kisisel-verilerim", EN: "my-data"}

func (s *privacyService) Copy(ctx context.Context, c authn.Caller, id, token string, w io.Writer) error {
	d, err := s.copyOf(ctx, c, id, token)
	if err != nil {
		return err
	}
	if d.State != PrivacyReady && d.State != PrivacyDelivered {
		return ErrPrivacyNotReady
	}
	if err := writeCopy(ctx, w, d, s.store); err != nil {
		return err
	}
	if d.State == PrivacyReady {
		now := s.now().UTC()
		_, err = s.store.UpdatePrivacy(ctx, d.ID, func(d *privacyDoc) (*privacyDoc, error) {
			if d.State == PrivacyReady {
				d.State, d.DeliveredAt = PrivacyDelivered, &now
			}
			return d, nil
		})
	}
	return err
}

func (s *privacyService) StaffRequests(ctx context.Context, c authn.Caller, state, after string) (PrivacyPage, error) {
	if !c.Staff() {
		return PrivacyPage{}, authn.ErrForbidden
	}
	if state != "" && !contains(privacyStates, state) {
		return PrivacyPage{}, errs.Fields{"state": "privacy_state"}
	}
	docs, err := s.store.PrivacyPage(ctx, state, after, PrivacyPageSize+1)
	if errors.Is(err, ErrPrivacyNotFound) {
		return PrivacyPage{}, errs.Fields{"before": "privacy_cursor"}
	}
	if err != nil {
		return PrivacyPage{}, err
	}
	page := PrivacyPage{Requests: []PrivacyRequest{}}
	if len(docs) > PrivacyPageSize {
		docs, page.More = docs[:PrivacyPageSize], true
		page.Next = docs[len(docs)-1].ID
	}
	now := s.now()
	for _, d := range docs {
		page.Requests = append(page.Requests, d.view(now))
	}
	return page, nil
}

func (s *privacyService) StaffRequest(ctx context.Context, c authn.Caller, id string) (PrivacyRequest, error) {
	if !c.Staff() {
		return PrivacyRequest{}, authn.ErrForbidden
	}
	d, err := s.store.Privacy(ctx, id)
	if err != nil {
		return PrivacyRequest{}, err
	}
	return d.view(s.now()), nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (s *privacyService) Answer(ctx context.Context, e events.Event) error {
	switch e.Type {
	case EventPrivacyRequested:
		var r privacy.Requested
		if err := json.Unmarshal([]byte(e.Data), &r); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		var files []privacy.File
		var err error
		switch r.Kind {
		case privacy.KindCopy:
			files, err = s.ownPart(ctx, r)
		case privacy.KindErasure:
			files, err = s.ownErasure(ctx, r)
		default:
			return nil
		}
		if err != nil {
			return err
		}
		return s.partReady(ctx, privacy.PartReady{RequestID: r.RequestID, Service: "svc-auth", Files: files})
	case EventPrivacyPartReady:
		var p privacy.PartReady
		if err := json.Unmarshal([]byte(e.Data), &p); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		return s.partReady(ctx, p)
	case EventPrivacyPartChunk:
		var c privacy.PartChunk
		if err := json.Unmarshal([]byte(e.Data), &c); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		return s.piecesArrived(ctx, c.Service, []privacy.PartChunk{c})
	case EventPrivacyPartBundle:
		var b privacy.PartBundle
		if err := json.Unmarshal([]byte(e.Data), &b); err != nil {
			return fmt.Errorf("%s payload: %w", e.Type, err)
		}
		return s.piecesArrived(ctx, b.Service, b.Pieces())
	}
	return nil
}

// piecesArrived keeps pieces of a service's files (a large file's piece, or the small files of a
// bundle, each one piece); the last pieces of an answer that is waiting for them make it count.
func (s *privacyService) piecesArrived(ctx context.Context, service string, pieces []privacy.PartChunk) error {
	if !contains(privacy.Services, service) || len(pieces) == 0 {
		return nil
	}
	requestID := pieces[0].RequestID
	allNew, err := s.store.SavePrivacyPieces(ctx, pieces)
	if err != nil {
		return err
	}
	recount := 0
	if !allNew {
		// Kept before (a redelivered event): the count may have missed them if the handler
		// stopped between the two writes, so they are counted again, once, from what is stored.
		if recount, err = s.store.PiecesKept(ctx, requestID, service); err != nil {
			return err
		}
	}
	return s.settle(ctx, requestID, service, nil, 0, func(n int) int {
		if allNew {
			return n + len(pieces)
		}
		return max(n, recount)
	})
}

// settle notes a service's answer once all of it is kept: part (nil when a piece arrived) is
// the answer, needing pieces pieces. The pieces kept are counted on the request (counted, given
// the count before, the new count, or nil to leave it), in the same update that checks it, so of
// an answer and its last piece handled at once the later update sees both; counting them in
// the database instead, at every piece of a long copy, made the copy quadratic.
func (s *privacyService) settle(ctx context.Context, requestID, service string, part *PrivacyPart, pieces int, counted func(int) int) error {
	now := s.now().UTC()
	_, err := s.store.UpdatePrivacy(ctx, requestID, func(d *privacyDoc) (*privacyDoc, error) {
		if d.answered(service) {
			return d, nil
		}
		kept := d.piecesKept(service)
		if counted != nil {
			kept = counted(kept)
			d.setPiecesKept(service, kept)
		}
		i := slices.IndexFunc(d.Pieces, func(w piecesAwaited) bool { return w.Part.Service == service })
		if part == nil {
			if i < 0 {
				return d, nil // the answer itself has not come yet
			}
			part, pieces = &d.Pieces[i].Part, d.Pieces[i].Pieces
		}
		if kept < pieces {
			if i < 0 {
				d.Pieces = append(d.Pieces, piecesAwaited{Part: *part, Pieces: pieces})
			}
			return d, nil
		}
		answered := *part
		if i >= 0 {
			d.Pieces = slices.Delete(d.Pieces, i, i+1)
		}
		download := digest(s.links.mailToken("privacy-download", privacyMailID(d.ID, KindPrivacyReady)))
		d.partAnswered(answered, now, download)
		return d, nil
	})
	if errors.Is(err, ErrPrivacyNotFound) {
		return nil // a request this database never had (another deployment's stream): nothing to do
	}
	return err
}

// partReady keeps a service's files and notes its answer; the last answer makes the copy ready.
func (s *privacyService) partReady(ctx context.Context, p privacy.PartReady) error {
	if !contains(privacy.Services, p.Service) {
		return nil // not a service a request waits for
	}
	if err := s.store.SavePrivacyFiles(ctx, p.RequestID, p.Service, p.Files); err != nil {
		return err
	}
	var size int64
	pieces := 0
	part := PrivacyPart{Service: p.Service, Files: len(p.Files)}
	for _, f := range p.Files {
		size += int64(len(f.Data)) + f.Size
		pieces += f.Chunks
		if f.Name == privacy.ErasureFile {
			var report privacy.Erasure
			if err := json.Unmarshal(f.Data, &report); err != nil {
				return fmt.Errorf("%s's erasure report of %s: %w", p.Service, p.RequestID, err)
			}
			part.Erased, part.Kept = report.Erased, report.Kept
		}
	}
	part.Bytes, part.At = size, s.now().UTC()
	return s.settle(ctx, p.RequestID, p.Service, &part, pieces, nil)
}

// ownPart is what svc-auth keeps about the person: the account, how they sign in and their
// active sessions, and their messages.
func (s *privacyService) ownPart(ctx context.Context, r privacy.Requested) ([]privacy.File, error) {
	if r.UserID == "" {
		f, err := privacy.JSONFile("account.json", map[string]any{"account": nil, "email": r.Email,
			"note": noAccountNote.In(i18n.Parse(r.Lang))})
		return []privacy.File{f}, err
	}
	u, err := s.store.UserByID(ctx, r.UserID)
	if errors.Is(err, ErrNotFound) {
		f, err := privacy.JSONFile("account.json", map[string]any{"account": nil, "email": r.Email})
		return []privacy.File{f}, err
	}
	if err != nil {
		return nil, err
	}
	signIn := []string{}
	if u.PasswordHash != "" {
		signIn = append(signIn, "password")
	}
	if u.Google != "" {
		signIn = append(signIn, "google")
	}
	if u.Facebook != "" {
		signIn = append(signIn, "facebook")
	}
	account, err := privacy.JSONFile("account.json", map[string]any{"account": map[string]any{
		"id": u.ID, "fullName": u.FullName, "email": u.Email, "emailVerified": u.EmailVerified, "role": u.Role, "phone": u.Phone,
		"companyName": u.CompanyName, "address": u.Address, "language": u.Lang, "createdAt": u.CreatedAt, "updatedAt": u.UpdatedAt,
		"signInWith": signIn, "mailsTurnedOff": nonNil(u.MailOff), "consents": consentsOf(u).History,
	}})
	if err != nil {
		return nil, err
	}
	active, err := s.sessions.Active(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	sessions, err := privacy.JSONFile("sessions.json", map[string]any{"sessions": active})
	if err != nil {
		return nil, err
	}
	msgs, err := s.store.Messages(ctx, u.ID, i18n.Parse(r.Lang))
	if err != nil {
		return nil, err
	}
	messages, err := privacy.JSONFile("messages.json", map[string]any{"messages": msgs})
	if err != nil {
		return nil, err
	}
	owned, err := s.keys.OfAccount(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	apiKeys, err := privacy.JSONFile("api_keys.json", map[string]any{"apiKeys": owned})
	if err != nil {
		return nil, err
	}
	endpoints, err := s.hooks.OfAccount(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	hooks, err := privacy.JSONFile("webhook_endpoints.json", map[string]any{"webhookEndpoints": endpoints})
	if err != nil {
		return nil, err
	}
	return []privacy.File{account, sessions, messages, apiKeys, hooks}, nil
}

var noAccountNote = i18n.Text{
	TR: "Bu e-posta adresiyle açılmış bir hesap yok.",
	EN: "There is no account with this e-mail address.",
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writeCopy writes the ZIP: a readme in the request's language, then each service's files in a
// folder of its own.
func writeCopy(ctx context.Context, w io.Writer, d *privacyDoc, store PrivacyStore) error {
	zw := zip.NewWriter(w)
	lang := i18n.Parse(d.Lang)
	readme, err := zw.Create(readmeName.In(lang))
	if err != nil {
		return err
	}
	if _, err := io.WriteString(readme, copyReadme(d, lang)); err != nil {
		return err
	}
	var file io.Writer // the file being written: a large one arrives in pieces, in order
	err = store.PrivacyFiles(ctx, d.ID, func(service, name string, piece int, data []byte) error {
		if piece == 0 || file == nil {
			var err error
			if file, err = zw.Create(strings.TrimPrefix(service, "svc-") + "/" + name); err != nil {
				return err
			}
		}
		_, err := file.Write(data)
		return err
	})
	if err != nil {
		return err
	}
	return zw.Close()
}

var readmeName = i18n.Text{TR: "BENIOKU.txt", EN: "README.txt"}
