// Package profile owns a customer's billing details: who their invoices are issued to (an
// individual or a company, in Turkey or abroad), with the Turkish identity and tax numbers
// checked as the tax office checks them.
package profile

import (
	"context"
	"errors"
	"time"
)

// Errors the service and its store answer with; input that breaks the rules is an errs.Fields.
var (
	// ErrNotFound: the customer has saved no details yet. The service answers it with an empty
	// profile, never to the caller.
	ErrNotFound = errors.New("no billing details saved")
)

// Billing types.
const (
	Individual = "individual"
	Company    = "company"
)

// Turkey is the country whose customers are billed with TCKN or VKN and Turkish VAT.
const Turkey = "TR"

// Details are whom an invoice is issued to. It is a value: an invoice keeps a copy of the
// details it was issued with, so a later change of the profile never rewrites a past invoice.
// Only the fields that apply to the type and the country are set (Validate refuses the others).
type Details struct {
	Type string `json:"type" bson:"type"` // Individual or Company
	// Individuals.
	FullName string `json:"fullName" bson:"fullName,omitempty"`
	TCKN     string `json:"tckn" bson:"tckn,omitempty"` // Turkey only
	// Companies.
	CompanyName string `json:"companyName" bson:"companyName,omitempty"`
	TaxOffice   string `json:"taxOffice" bson:"taxOffice,omitempty"` // Turkey only
	VKN         string `json:"vkn" bson:"vkn,omitempty"`             // Turkey only
	// TaxID is a customer abroad's own tax number, in their country's format.
	TaxID    string `json:"taxId" bson:"taxId,omitempty"`
	Address  string `json:"address" bson:"address"`
	City     string `json:"city" bson:"city"`
	Postcode string `json:"postcode" bson:"postcode,omitempty"`
	Country  string `json:"country" bson:"country"` // ISO 3166-1 alpha-2
	Email    string `json:"email" bson:"email"`     // where invoices are sent
}

// InTurkey reports whether the customer is billed in Turkey.
func (d Details) InTurkey() bool { return d.Country == Turkey }

// Profile is a customer's saved billing details, one document per customer.
type Profile struct {
	CustomerID string `json:"-" bson:"_id"`
	Details    `bson:",inline"`
	UpdatedAt  time.Time `json:"updatedAt,omitzero" bson:"updatedAt"`
	// Complete says invoices can be issued to these details: they pass today's rules. A customer
	// who saved nothing has an empty, incomplete profile.
	Complete bool `json:"complete" bson:"-"`
}

// Store keeps the profiles.
type Store interface {
	// Profile returns the customer's profile, or ErrNotFound.
	Profile(ctx context.Context, customerID string) (Profile, error)
	// Save writes the whole profile in one atomic write, creating it if need be.
	Save(ctx context.Context, p Profile) error
}

// Service is the billing details' API. Callers are identified by the transport: a customer
// reads and writes only their own details.
type Service interface {
	// Profile returns the customer's details, empty and incomplete when none were saved; a
	// sandbox id that saved none answers the live customer's (IssuedTo).
	Profile(ctx context.Context, customerID string) (Profile, error)
	// SaveProfile replaces the customer's details as a whole; the last save wins.
	SaveProfile(ctx context.Context, customerID string, d Details) (Profile, error)
}

type service struct {
	store Store
	now   func() time.Time
}

// NewService returns the billing details service.
func NewService(store Store, now func() time.Time) Service {
	return &service{store: store, now: now}
}

func (s *service) Profile(ctx context.Context, customerID string) (Profile, error) {
	// The details an invoice would be issued to, so svc-orders' check before an approval and
	// the invoice agree, in the sandbox too.
	p, err := IssuedTo(ctx, s.store, customerID)
	if errors.Is(err, ErrNotFound) {
		return Profile{CustomerID: customerID}, nil
	}
	if err != nil {
		return Profile{}, err
	}
	p.Complete = Validate(p.Details) == nil
	return p, nil
}

func (s *service) SaveProfile(ctx context.Context, customerID string, d Details) (Profile, error) {
	d = Normalize(d)
	if err := Validate(d); err != nil {
		return Profile{}, err
	}
	p := Profile{CustomerID: customerID, Details: d, UpdatedAt: s.now().UTC().Truncate(time.Millisecond)}
	if err := s.store.Save(ctx, p); err != nil {
		return Profile{}, err
	}
	p.Complete = true
	return p, nil
}
