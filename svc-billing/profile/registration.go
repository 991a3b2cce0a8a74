package profile

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/errs"
)

// The e-Fatura scenarios of a registered buyer's invoices (GİB's profile ids): basic, or
// commercial, which the buyer can accept or reject.
const (
	EFaturaBasic      = "TEMELFATURA"
	EFaturaCommercial = "TICARIFATURA"
)

// Registration says a customer is registered with GİB for e-Fatura, as staff found them in GİB's
// list of registered users: their invoices are then e-Fatura documents of Scenario, for the GİB
// alias they receive at, instead of e-Arşiv ones. It is staff's, kept apart from the billing
// details the customer writes, so neither overwrites the other.
type Registration struct {
	CustomerID string    `json:"customerId" bson:"_id"`
	Scenario   string    `json:"scenario" bson:"scenario"`
	Alias      string    `json:"alias" bson:"alias"` // urn:mail:<box>@<domain>
	SetBy      string    `json:"setBy" bson:"setBy"`
	SetAt      time.Time `json:"setAt" bson:"setAt"`
}

// Reasons a registration is refused (errs.Fields).
const (
	ReasonScenario = "scenario" // neither EFaturaBasic nor EFaturaCommercial
	ReasonAlias    = "alias"    // not a GİB alias
)

// aliasPattern is a GİB receiving alias: urn:mail: and an e-mail-shaped box name.
var aliasPattern = regexp.MustCompile(`^urn:mail:[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}$`)

// CheckRegistration checks a registration's scenario and alias.
func CheckRegistration(r Registration) error {
	f := errs.Fields{}
	if r.Scenario != EFaturaBasic && r.Scenario != EFaturaCommercial {
		f.Add("scenario", ReasonScenario)
	}
	if !aliasPattern.MatchString(strings.TrimSpace(r.Alias)) {
		f.Add("alias", ReasonAlias)
	}
	return f.Err()
}

// Registrations keeps the registrations, one document per registered customer in
// "einvoice_registrations", read by _id.
type Registrations struct{ c *mongo.Collection }

// NewRegistrations uses db.
func NewRegistrations(db *mongo.Database) *Registrations {
	return &Registrations{c: db.Collection("einvoice_registrations")}
}

// Registration is the customer's, or ErrNotFound for a customer not registered.
func (s *Registrations) Registration(ctx context.Context, customerID string) (Registration, error) {
	var r Registration
	err := s.c.FindOne(ctx, bson.D{{Key: "_id", Value: customerID}}).Decode(&r)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Registration{}, ErrNotFound
	}
	if err != nil {
		return Registration{}, fmt.Errorf("find e-Fatura registration: %w", err)
	}
	return r, nil
}

// Register checks r and saves it whole, as set now by staff member by.
func (s *Registrations) Register(ctx context.Context, r Registration, by string, now time.Time) (Registration, error) {
	r.Alias = strings.TrimSpace(r.Alias)
	if err := CheckRegistration(r); err != nil {
		return Registration{}, err
	}
	r.SetBy, r.SetAt = by, now.UTC().Truncate(time.Millisecond)
	if _, err := s.c.ReplaceOne(ctx, bson.D{{Key: "_id", Value: r.CustomerID}}, r, options.Replace().SetUpsert(true)); err != nil {
		return Registration{}, fmt.Errorf("save e-Fatura registration: %w", err)
	}
	return r, nil
}

// Unregister removes the customer's registration, ErrNotFound when there is none: their
// invoices are e-Arşiv again.
func (s *Registrations) Unregister(ctx context.Context, customerID string) error {
	res, err := s.c.DeleteOne(ctx, bson.D{{Key: "_id", Value: customerID}})
	if err != nil {
		return fmt.Errorf("delete e-Fatura registration: %w", err)
	}
	if res.DeletedCount == 0 {
		return ErrNotFound
	}
	return nil
}
