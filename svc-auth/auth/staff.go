package auth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/mongox"
	"linguaport/internal/searchkeys"
)

// Staff's view of the accounts (API.md "Staff"): customers listed and searched, one customer's
// profile, names for ids. Never a password hash, a session, a refresh or reset token: those live
// in Redis or stay in userDoc, and the types below have no field for them.

// Bounds of staff's lists.
const (
	CustomerPageSize = 50
	MaxUserIDs       = 100
	// MaxStaffMembers bounds GET admin/staff: an agency's back office has a handful of accounts,
	// and the list is one answer (the audit screen's "staff member" choice), not pages.
	MaxStaffMembers = 500
)

// Field reasons of staff's refused requests; the API words them (api/errors.go).
const (
	ReasonCursor  = "cursor"   // before: no such customer
	ReasonTooMany = "too_many" // ids: more than MaxUserIDs
	ReasonInvalid = "invalid"  // sort: not one of the list's orders
)

// CustomerSummary is one row of staff's customer list.
type CustomerSummary struct {
	ID          string    `json:"id"`
	FullName    string    `json:"fullName"`
	Email       string    `json:"email"`
	CompanyName string    `json:"companyName"`
	CreatedAt   time.Time `json:"createdAt"`
}

// CustomerPage is one page of the list in the asked order; the next is before=Next.
type CustomerPage struct {
	Customers []CustomerSummary `json:"customers"`
	More      bool              `json:"more"`
	Next      string            `json:"next,omitempty"` // the last id, when More
}

// Customer is one customer's profile as staff see it.
type Customer struct {
	ID          string    `json:"id"`
	FullName    string    `json:"fullName"`
	Email       string    `json:"email"`
	Phone       string    `json:"phone"`
	CompanyName string    `json:"companyName"`
	Address     string    `json:"address"`
	Type        string    `json:"type"`
	Language    string    `json:"language"`
	CreatedAt   time.Time `json:"createdAt"`
	// Providers are the sign-in providers linked to the account, by name.
	Providers []string `json:"providers"`
	// EmailVerified: the owner confirmed the e-mail with a mailed link, or a provider vouched for
	// it (linking needs a verified one, oauth.go).
	EmailVerified bool `json:"emailVerified"`
}

// UserRef is an account's name for an id, for the back office's other screens.
type UserRef struct {
	ID    string     `json:"id"`
	Name  string     `json:"name"`
	Email string     `json:"email"`
	Role  authn.Role `json:"role"`
}

// StaffStore is what staff's views read (MongoStore).
type StaffStore interface {
	// Customers lists role customer accounts by createdAt (oldest first when oldest), found by q
	// unless it is zero, past the account after (nil: from the top), at most limit.
	Customers(ctx context.Context, q searchkeys.Query, oldest bool, after *userDoc, limit int) ([]userDoc, error)
	UserByID(ctx context.Context, id string) (*userDoc, error)
	UsersByIDs(ctx context.Context, ids []string) ([]userDoc, error)
	// StaffMembers lists the admin accounts, newest first, at most limit.
	StaffMembers(ctx context.Context, limit int) ([]userDoc, error)
}

// Staff is svc-auth's staff API.
type Staff interface {
	// Customers is a page of the list; sort is newest (or "") or oldest.
	Customers(ctx context.Context, q, sort, before string) (CustomerPage, error)
	// Customer is ErrNotFound for an id that is not a customer's.
	Customer(ctx context.Context, id string) (Customer, error)
	Users(ctx context.Context, ids []string) ([]UserRef, error)
	// StaffMembers are the staff (admin) accounts by name, for choosing one (the audit screen).
	StaffMembers(ctx context.Context) ([]UserRef, error)
}

type staffService struct{ store StaffStore }

// NewStaff serves staff's views from store.
func NewStaff(store StaffStore) Staff { return staffService{store: store} }

func (s staffService) Customers(ctx context.Context, q, sort, before string) (CustomerPage, error) {
	oldest, ok := mongox.OldestFirst(sort) // by createdAt
	if !ok {
		return CustomerPage{}, errs.Fields{"sort": ReasonInvalid}
	}
	var after *userDoc
	if before != "" {
		u, err := s.store.UserByID(ctx, before)
		switch {
		case errors.Is(err, ErrNotFound) || err == nil && u.Role != authn.RoleCustomer:
			return CustomerPage{}, errs.Fields{"before": ReasonCursor}
		case err != nil:
			return CustomerPage{}, err
		}
		after = u
	}
	docs, err := s.store.Customers(ctx, searchkeys.Parse(q), oldest, after, CustomerPageSize+1)
	if err != nil {
		return CustomerPage{}, err
	}
	page := CustomerPage{Customers: []CustomerSummary{}, More: len(docs) > CustomerPageSize}
	for _, u := range docs[:min(len(docs), CustomerPageSize)] {
		page.Customers = append(page.Customers, CustomerSummary{ID: u.ID, FullName: u.FullName, Email: u.Email,
			CompanyName: u.CompanyName, CreatedAt: u.CreatedAt})
	}
	if page.More {
		page.Next = page.Customers[len(page.Customers)-1].ID
	}
	return page, nil
}

func (s staffService) Customer(ctx context.Context, id string) (Customer, error) {
	// A sandbox id's customer is the account it belongs to (a sandbox order's page names it).
	u, err := s.store.UserByID(ctx, authn.LiveID(id))
	if err != nil {
		return Customer{}, err
	}
	if u.Role != authn.RoleCustomer {
		return Customer{}, ErrNotFound
	}
	c := Customer{ID: u.ID, FullName: u.FullName, Email: u.Email, Phone: u.Phone, CompanyName: u.CompanyName,
		Address: u.Address, Type: string(u.Role), Language: u.Lang, CreatedAt: u.CreatedAt, Providers: []string{}}
	if u.Google != "" {
		c.Providers = append(c.Providers, "google")
	}
	if u.Facebook != "" {
		c.Providers = append(c.Providers, "facebook")
	}
	// Accounts linked before confirmation was kept count as confirmed by their provider.
	c.EmailVerified = u.EmailVerified || len(c.Providers) > 0
	return c, nil
}

func (s staffService) Users(ctx context.Context, ids []string) ([]UserRef, error) {
	clean := []string{}
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(clean, id) {
			clean = append(clean, id)
		}
	}
	if len(clean) > MaxUserIDs {
		return nil, errs.Fields{"ids": ReasonTooMany}
	}
	out := []UserRef{}
	if len(clean) == 0 {
		return out, nil
	}
	// A sandbox id (authn.SandboxID) is named after the account it belongs to, marked; the
	// sandbox's simulated translator is no account and is named as svc-orders shows it.
	lookup := []string{}
	for _, id := range clean {
		if live := authn.LiveID(id); !slices.Contains(lookup, live) {
			lookup = append(lookup, live)
		}
	}
	docs, err := s.store.UsersByIDs(ctx, lookup)
	if err != nil {
		return nil, err
	}
	byID := map[string]userDoc{}
	for _, u := range docs {
		byID[u.ID] = u
	}
	for _, id := range clean {
		if id == SandboxTranslator {
			out = append(out, UserRef{ID: id, Name: SandboxTranslatorName, Role: authn.RoleTranslator})
			continue
		}
		u, ok := byID[authn.LiveID(id)]
		if !ok {
			continue
		}
		ref := UserRef{ID: id, Name: u.FullName, Email: u.Email, Role: u.Role}
		if authn.IsSandbox(id) {
			ref.Name += " (sandbox)"
		}
		out = append(out, ref)
	}
	return out, nil
}

// SandboxTranslator is the id of svc-orders' simulated translator, who works the orders of
// customers' sandbox spaces, and SandboxTranslatorName what staff read for it.
var (
	SandboxTranslator     = authn.SandboxID("translator")
	SandboxTranslatorName = "Deneme Çevirmeni (sandbox)"
)

func (s staffService) StaffMembers(ctx context.Context) ([]UserRef, error) {
	docs, err := s.store.StaffMembers(ctx, MaxStaffMembers)
	if err != nil {
		return nil, err
	}
	out := make([]UserRef, 0, len(docs))
	for _, u := range docs {
		out = append(out, UserRef{ID: u.ID, Name: u.FullName, Email: u.Email, Role: u.Role})
	}
	// By name as people read it (Turkish i's folded, case ignored), the id breaking ties, so
	// the choice lists the same way every time.
	slices.SortFunc(out, func(a, b UserRef) int {
		if c := strings.Compare(searchkeys.Fold(a.Name), searchkeys.Fold(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// index makes the keys staff find the account by: a prefix of the full name, the e-mail, or one
// of their words (internal/searchkeys).
func (u *userDoc) index() {
	u.SearchKeys, u.SearchVersion = searchkeys.Keys(nil, u.searchTexts()...), searchkeys.Version
}

func (u *userDoc) searchTexts() []string { return []string{u.FullName, u.Email} }

// Customers: by createdAt, the id breaking ties, served (in either direction) by
// {role, createdAt, _id} or, searching, the multikey {role, searchKeys, createdAt, _id}: the
// index answers the accounts of q's key, read until limit of them match q.
func (s *MongoStore) Customers(ctx context.Context, q searchkeys.Query, oldest bool, after *userDoc, limit int) ([]userDoc, error) {
	filter := bson.D{{Key: "role", Value: authn.RoleCustomer}}
	page := mongox.Keyset{Key: "createdAt", Ascending: oldest, Limit: int64(limit)}
	opts := page.Options().SetProjection(staffProjection)
	if !q.IsZero() {
		filter = append(filter, bson.E{Key: "searchKeys", Value: q.Key()})
		opts.SetLimit(0)
	}
	if after != nil {
		page.After, page.AfterID = after.CreatedAt, after.ID
	}
	cur, err := s.users.Find(ctx, page.Filter(filter), opts)
	if err != nil {
		return nil, fmt.Errorf("find customers: %w", err)
	}
	out, err := searchkeys.Collect(ctx, cur, limit, func(u *userDoc) bool { return q.Match(u.searchTexts()...) })
	if err != nil {
		return nil, fmt.Errorf("customers: %w", err)
	}
	return out, nil
}

// UsersByIDs reads the accounts of ids (missing ones are left out), served by _id.
func (s *MongoStore) UsersByIDs(ctx context.Context, ids []string) ([]userDoc, error) {
	cur, err := s.users.Find(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}}, options.Find().SetProjection(staffProjection))
	if err != nil {
		return nil, fmt.Errorf("find users: %w", err)
	}
	var out []userDoc
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read users: %w", err)
	}
	return out, nil
}

// StaffMembers: the admin accounts, newest first, served by {role, createdAt, _id}.
func (s *MongoStore) StaffMembers(ctx context.Context, limit int) ([]userDoc, error) {
	page := mongox.Keyset{Key: "createdAt", Limit: int64(limit)}
	cur, err := s.users.Find(ctx, page.Filter(bson.D{{Key: "role", Value: authn.RoleAdmin}}), page.Options().SetProjection(staffProjection))
	if err != nil {
		return nil, fmt.Errorf("find staff members: %w", err)
	}
	var out []userDoc
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("read staff members: %w", err)
	}
	return out, nil
}

// staffProjection leaves the password hash and the outbox in the database.
var staffProjection = bson.D{{Key: "passwordHash", Value: 0}, {Key: events.OutboxField, Value: 0}, {Key: "searchKeys", Value: 0}}

// FillSearchKeys gives the accounts stored without search keys, or with keys of an older format
// (searchkeys.Stale), new ones, so staff find them; each write is conditional on the keys still
// being stale, so a change of the account meanwhile (which made new keys) is kept.
func (s *MongoStore) FillSearchKeys(ctx context.Context) error {
	cur, err := s.users.Find(ctx, searchkeys.Stale(), options.Find().
		SetProjection(bson.D{{Key: "fullName", Value: 1}, {Key: "email", Value: 1}}))
	if err != nil {
		return fmt.Errorf("find users with stale search keys: %w", err)
	}
	var docs []userDoc
	if err := cur.All(ctx, &docs); err != nil {
		return fmt.Errorf("read users with stale search keys: %w", err)
	}
	for _, u := range docs {
		u.index()
		_, err := s.users.UpdateOne(ctx, append(bson.D{{Key: "_id", Value: u.ID}}, searchkeys.Stale()...),
			bson.D{{Key: "$set", Value: bson.D{{Key: "searchKeys", Value: u.SearchKeys}, {Key: searchkeys.VersionField, Value: u.SearchVersion}}}})
		if err != nil {
			return fmt.Errorf("search keys of %s: %w", u.ID, err)
		}
	}
	return nil
}
