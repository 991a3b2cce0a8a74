package auth

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// userDoc is a user as stored. The password hash stays here: only user() leaves the package.
type userDoc struct {
	ID           string     `bson:"_id"`
	Email        string     `bson:"email"` // lower case, unique
	FullName     string     `bson:"fullName"`
	Role         authn.Role `bson:"role"`
	PasswordHash string     `bson:"passwordHash,omitempty"` // none for accounts made by Google or Facebook sign-in
	Phone        string     `bson:"phone"`
	CompanyName  string     `bson:"companyName"`
	Address      string     `bson:"address"`
	Lang         string     `bson:"lang"`
	Google       string     `bson:"google,omitempty"`   // the Google subject linked to the account
	Facebook     string     `bson:"facebook,omitempty"` // the Facebook user id linked to the account
	CreatedAt    time.Time  `bson:"createdAt"`
	UpdatedAt    time.Time  `bson:"updatedAt"`
	// SearchKeys are the keys staff find the account by (staff.go, internal/searchkeys), kept by
	// every write; SearchVersion is their format.
	SearchKeys    []string `bson:"searchKeys,omitempty"`
	SearchVersion int      `bson:"searchVersion,omitempty"`
	// EmailVerified: the owner showed they read mail at Email (a verification or reset link),
	// or Google or Facebook vouched for it.
	EmailVerified bool `bson:"emailVerified,omitempty"`
	// Verify holds the verification links mailed for the address (mails_account.go).
	Verify []verifyTicket `bson:"verify,omitempty"`
	// MailOff are the optional mail categories the owner turned off (mailCategories).
	MailOff []string `bson:"mailOff,omitempty"`
	// Consents is the history of what the owner was shown and agreed to (consents.go).
	Consents []ConsentRecord `bson:"consents,omitempty"`
	// ClosedAt: the owner asked for their data to be erased (privacy_erase.go); the account no
	// longer signs in, and its identity is erased with the request.
	ClosedAt *time.Time `bson:"closedAt,omitempty"`

	mongox.Version `bson:",inline"`
	events.Outbox  `bson:",inline"`
	// mailbox.Box holds the account's mails to send (security, welcome), queued in the write
	// that causes them.
	mailbox.Box `bson:",inline"`
	// MailLease is the mail relay's claim on the head mail. An update replaces the whole
	// document, so it carries the claim through instead of dropping it and letting a second
	// relay send the same mail.
	MailLease bson.Raw `bson:"mailboxLease,omitempty"`
}

func (u *userDoc) user() User {
	return User{ID: u.ID, FullName: u.FullName, Email: u.Email, Type: u.Role, Phone: u.Phone, CompanyName: u.CompanyName, Address: u.Address,
		EmailVerified: u.EmailVerified}
}

// MongoStore keeps the accounts (users, with their outbox of events) and their system messages
// (messages): the service's Store. Both queue mails, as does mails (mails no account document
// carries: to the agency's own address, or to an address without an account); each write that
// queues one tells that collection's relay (StartMail).
type MongoStore struct {
	users, messages, mails             *mongo.Collection
	kickUsers, kickMessages, kickMails func(ids ...any)
	// KVKK requests (privacy_store.go): the requests, with their events and mails, and the
	// files of their copies.
	privacy, privacyFiles               *mongo.Collection
	kickPrivacyEvents, kickPrivacyMails func(ids ...any)
	// The customers' orders' latest statuses (order_states.go).
	orderStates *mongo.Collection
}

// NewMongoStore opens the collections and their indexes: emails are unique, accounts are found
// by the Google or Facebook identity linked to them (sparse: most accounts have none), the outbox
// relay sweeps users, and a user's messages are listed newest first.
func NewMongoStore(ctx context.Context, db *mongo.Database) (*MongoStore, error) {
	noKick := func(...any) {}
	s := &MongoStore{users: db.Collection("users"), messages: db.Collection("messages"), mails: db.Collection("mails"),
		kickUsers: noKick, kickMessages: noKick, kickMails: noKick, kickPrivacyEvents: noKick, kickPrivacyMails: noKick}
	if err := s.openPrivacy(ctx, db); err != nil {
		return nil, err
	}
	if err := s.openOrderStates(ctx, db); err != nil {
		return nil, err
	}
	if err := mongox.EnsureIndexes(ctx, s.users,
		mongo.IndexModel{Keys: bson.D{{Key: "email", Value: 1}}, Options: options.Index().SetUnique(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "google", Value: 1}}, Options: options.Index().SetSparse(true)},
		mongo.IndexModel{Keys: bson.D{{Key: "facebook", Value: 1}}, Options: options.Index().SetSparse(true)},
		// The staff accounts, told of jobs nobody took (inbox_jobs.go).
		mongo.IndexModel{Keys: bson.D{{Key: "role", Value: 1}}},
		// Staff's customer list, newest first, and its search (staff.go).
		mongo.IndexModel{Keys: bson.D{{Key: "role", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		mongo.IndexModel{Keys: bson.D{{Key: "role", Value: 1}, {Key: "searchKeys", Value: 1}, {Key: "createdAt", Value: -1}, {Key: "_id", Value: -1}}},
		// The accounts whose search keys are missing or of an older format (FillSearchKeys).
		searchkeys.VersionIndex(),
		events.OutboxIndex(), mailbox.Index()); err != nil {
		return nil, fmt.Errorf("users indexes: %w", err)
	}
	if err := mongox.EnsureIndexes(ctx, s.messages, mongo.IndexModel{Keys: bson.D{{Key: "userId", Value: 1}, {Key: "createdAt", Value: -1}}},
		mailbox.Index()); err != nil {
		return nil, fmt.Errorf("messages indexes: %w", err)
	}
	if err := mongox.EnsureIndexes(ctx, s.mails, mailbox.Index()); err != nil {
		return nil, fmt.Errorf("mails indexes: %w", err)
	}
	return s, nil
}

// Users is where the user documents and their outboxes live, for the outbox relay.
func (s *MongoStore) Users() *mongo.Collection { return s.users }

// InsertUser stores a new account; an email already used is ErrEmailTaken.
func (s *MongoStore) InsertUser(ctx context.Context, u *userDoc) error {
	u.index()
	if _, err := s.users.InsertOne(ctx, u); err != nil {
		if mongox.IsDuplicateKey(err) {
			return ErrEmailTaken
		}
		return fmt.Errorf("insert user: %w", err)
	}
	if len(u.Mails) > 0 {
		s.kickUsers(u.ID)
	}
	return nil
}

func (s *MongoStore) findUser(ctx context.Context, filter bson.D) (*userDoc, error) {
	var u userDoc
	if err := s.users.FindOne(ctx, filter).Decode(&u); err != nil {
		if errors.Is(err, mongo.ErrNoDocuments) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("find user: %w", err)
	}
	return &u, nil
}

// UserByID finds an account by id.
func (s *MongoStore) UserByID(ctx context.Context, id string) (*userDoc, error) {
	return s.findUser(ctx, bson.D{{Key: "_id", Value: id}})
}

// UserByEmail finds an account by its (normalized) email.
func (s *MongoStore) UserByEmail(ctx context.Context, email string) (*userDoc, error) {
	return s.findUser(ctx, bson.D{{Key: "email", Value: email}})
}

// UserByProvider finds the account linked to a Google or Facebook identity.
func (s *MongoStore) UserByProvider(ctx context.Context, provider, subject string) (*userDoc, error) {
	return s.findUser(ctx, bson.D{{Key: provider, Value: subject}})
}

// UpdateUser changes an account with fn in one conditional write (wild-workouts style).
func (s *MongoStore) UpdateUser(ctx context.Context, id string, fn func(*userDoc) (*userDoc, error)) (*userDoc, error) {
	u, err := mongox.Update(ctx, s.users, id, func(u *userDoc) (*userDoc, error) {
		changed, err := fn(u)
		if changed != nil {
			changed.index()
		}
		return changed, err
	})
	if errors.Is(err, mongox.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err == nil && len(u.Mails) > 0 {
		s.kickUsers(id)
	}
	return u, err
}

// messageDoc is one inbox entry, in both languages; its id comes from the event that caused it,
// so handling an event twice stores it once. A message that comes with a mail queues it in its
// own insert (mailbox.Box): the message and its mail are one write, once per event.
type messageDoc struct {
	ID          string     `bson:"_id"`
	UserID      string     `bson:"userId"`
	Title       i18n.Text  `bson:"title"`
	Body        i18n.Text  `bson:"body"`
	CreatedAt   time.Time  `bson:"createdAt"`
	ReadAt      *time.Time `bson:"readAt,omitempty"`
	mailbox.Box `bson:",inline"`
}

// AddMessage stores a message, with the mails it queues, once: a second AddMessage with the same
// id (a redelivered event) is a no-op, so it queues nothing twice.
func (s *MongoStore) AddMessage(ctx context.Context, m messageDoc) error {
	if _, err := s.messages.InsertOne(ctx, m); err != nil {
		if mongox.IsDuplicateKey(err) {
			return nil
		}
		return fmt.Errorf("insert message: %w", err)
	}
	if len(m.Mails) > 0 {
		s.kickMessages(m.ID)
	}
	return nil
}

// mailDoc carries one mail no account document carries: to the agency's own address
// (STAFF_MAIL_TO), or to an address without an account. Its id is the mail's, derived from its
// cause, so the document is also the record that the mail was queued: a redelivered event
// inserts nothing. (Sent, the document stays, empty, as that record.)
type mailDoc struct {
	ID          string    `bson:"_id"`
	CreatedAt   time.Time `bson:"createdAt"`
	mailbox.Box `bson:",inline"`
}

// AddMail queues m (staffMail builds a staff one) once per m.ID.
func (s *MongoStore) AddMail(ctx context.Context, m mailbox.Mail) error {
	doc := mailDoc{ID: m.ID, CreatedAt: m.CreatedAt}
	doc.Add(m)
	if _, err := s.mails.InsertOne(ctx, doc); err != nil {
		if mongox.IsDuplicateKey(err) {
			return nil
		}
		return fmt.Errorf("insert mail: %w", err)
	}
	s.kickMails(doc.ID)
	return nil
}

// DeleteMessagesOf deletes every message of a user and says how many went.
func (s *MongoStore) DeleteMessagesOf(ctx context.Context, userID string) (int, error) {
	res, err := s.messages.DeleteMany(ctx, bson.D{{Key: "userId", Value: userID}})
	if err != nil {
		return 0, fmt.Errorf("delete messages of %s: %w", userID, err)
	}
	return int(res.DeletedCount), nil
}

// Messages returns a user's newest messages in lang.
func (s *MongoStore) Messages(ctx context.Context, userID string, lang i18n.Lang) ([]Message, error) {
	cur, err := s.messages.Find(ctx, bson.D{{Key: "userId", Value: userID}},
		options.Find().SetSort(bson.D{{Key: "createdAt", Value: -1}}).SetLimit(100))
	if err != nil {
		return nil, fmt.Errorf("list messages: %w", err)
	}
	var docs []messageDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("list messages: %w", err)
	}
	out := make([]Message, 0, len(docs))
	for _, d := range docs {
		out = append(out, Message{ID: d.ID, Title: d.Title.In(lang), Body: d.Body.In(lang), CreatedAt: d.CreatedAt, Read: d.ReadAt != nil})
	}
	return out, nil
}

// MarkRead marks one of a user's messages read; another user's message is ErrNotFound.
func (s *MongoStore) MarkRead(ctx context.Context, userID, id string, at time.Time) error {
	res, err := s.messages.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}, {Key: "userId", Value: userID}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "readAt", Value: at}}}})
	if err != nil {
		return fmt.Errorf("mark message read: %w", err)
	}
	if res.MatchedCount == 0 {
		return ErrNotFound
	}
	return nil
}

type keyDoc struct {
	ID        string    `bson:"_id"`
	Seed      []byte    `bson:"seed"`
	CreatedAt time.Time `bson:"createdAt"`
}

// SigningKey returns the service's Ed25519 signing key, creating it on first start. Every
// instance reads the same key, so tokens from one verify at all (the JWKS names it by kid).
func SigningKey(ctx context.Context, db *mongo.Database) (*authn.Signer, error) {
	coll := db.Collection("keys")
	var doc keyDoc
	err := coll.FindOne(ctx, bson.D{{Key: "_id", Value: "signing"}}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		seed := make([]byte, ed25519.SeedSize)
		if _, err := rand.Read(seed); err != nil {
			return nil, err
		}
		if _, err := coll.InsertOne(ctx, keyDoc{ID: "signing", Seed: seed, CreatedAt: time.Now().UTC()}); err != nil && !mongox.IsDuplicateKey(err) {
			return nil, fmt.Errorf("store signing key: %w", err)
		}
		// Another instance may have won the race: use whatever is stored.
		err = coll.FindOne(ctx, bson.D{{Key: "_id", Value: "signing"}}).Decode(&doc)
	}
	if err != nil {
		return nil, fmt.Errorf("load signing key: %w", err)
	}
	return SignerFromSeed(doc.Seed)
}

// SignerFromSeed makes the signer of a 32-byte Ed25519 seed; its kid is derived from the public key.
func SignerFromSeed(seed []byte) (*authn.Signer, error) {
	if len(seed) != ed25519.SeedSize {
		return nil, fmt.Errorf("signing key seed must be %d bytes, not %d", ed25519.SeedSize, len(seed))
	}
	key := ed25519.NewKeyFromSeed(seed)
	sum := sha256.Sum256(key.Public().(ed25519.PublicKey))
	return authn.NewSigner(hex.EncodeToString(sum[:8]), key), nil
}
