package profile

import (
	"context"
	"errors"

	"linguaport/internal/authn"
)

// Reader reads saved profiles by the customer's id (Store, MongoStore).
type Reader interface {
	// Profile returns the customer's profile, or ErrNotFound.
	Profile(ctx context.Context, customerID string) (Profile, error)
}

// IssuedTo is the profile customerID's documents are issued to: their own saved details, or,
// for a sandbox id (authn.IsSandbox) that saved none, the live customer's (authn.LiveID), read
// only. A sandbox key's integrator should not have to type the company's details in a second
// time before a test approval (svc-orders asks for complete details first), and what the sandbox
// invoices show is then what the live ones will. Details saved under the sandbox id win: a
// sandbox can try other details without touching the live account's. The answer keeps
// customerID as its owner, so nothing written from it lands on the live account. ErrNotFound
// when neither saved any. Each read is a point lookup on _id.
func IssuedTo(ctx context.Context, r Reader, customerID string) (Profile, error) {
	p, err := r.Profile(ctx, customerID)
	if !errors.Is(err, ErrNotFound) || !authn.IsSandbox(customerID) {
		return p, err
	}
	live, err := r.Profile(ctx, authn.LiveID(customerID))
	if err != nil {
		return Profile{}, err
	}
	live.CustomerID = customerID
	return live, nil
}
