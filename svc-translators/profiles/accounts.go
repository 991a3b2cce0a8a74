package profiles

import (
	"context"
	"slices"
	"strings"
	"time"

	"linguaport/internal/authn"
)

func (s *service) Accounts(ctx context.Context, c authn.Caller) ([]BankAccount, error) {
	p, err := s.Profile(ctx, c)
	if err != nil {
		return nil, err
	}
	return listed(p.Accounts), nil
}

// listed puts the default first, the others in the order they were added.
func listed(accounts []BankAccount) []BankAccount {
	out := make([]BankAccount, 0, len(accounts))
	for _, a := range accounts {
		if a.Default {
			out = append(out, a)
		}
	}
	for _, a := range accounts {
		if !a.Default {
			out = append(out, a)
		}
	}
	return out
}

func (s *service) AddAccount(ctx context.Context, c authn.Caller, in AccountInput) (BankAccount, error) {
	in = AccountInput{IBAN: NormalizeIBAN(in.IBAN), Holder: strings.TrimSpace(in.Holder)}
	if err := validateAccount(in); err != nil {
		return BankAccount{}, err
	}
	var added BankAccount
	p, err := s.own(ctx, c, func(p *Profile, now time.Time) error {
		if slices.ContainsFunc(p.Accounts, func(a BankAccount) bool { return a.IBAN == in.IBAN }) {
			return ErrAccountExists
		}
		if len(p.Accounts) >= MaxAccounts {
			return ErrTooManyAccounts
		}
		added = BankAccount{ID: newID(), IBAN: in.IBAN, Country: in.IBAN[:2], Holder: in.Holder,
			Default: len(p.Accounts) == 0, AddedAt: now.UTC().Truncate(time.Millisecond)}
		p.Accounts = append(p.Accounts, added)
		return nil
	})
	if err != nil {
		return BankAccount{}, err
	}
	for _, a := range p.Accounts {
		if a.ID == added.ID {
			return a, nil
		}
	}
	return added, nil
}

func (s *service) SetDefaultAccount(ctx context.Context, c authn.Caller, id string) ([]BankAccount, error) {
	p, err := s.own(ctx, c, func(p *Profile, _ time.Time) error {
		i := slices.IndexFunc(p.Accounts, func(a BankAccount) bool { return a.ID == id })
		if i < 0 {
			return ErrAccountNotFound
		}
		for j := range p.Accounts {
			p.Accounts[j].Default = j == i
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return listed(p.Accounts), nil
}

func (s *service) DeleteAccount(ctx context.Context, c authn.Caller, id string) error {
	_, err := s.own(ctx, c, func(p *Profile, _ time.Time) error {
		i := slices.IndexFunc(p.Accounts, func(a BankAccount) bool { return a.ID == id })
		if i < 0 {
			return ErrAccountNotFound
		}
		wasDefault := p.Accounts[i].Default
		p.Accounts = slices.Delete(p.Accounts, i, i+1)
		if wasDefault && len(p.Accounts) > 0 {
			// The next one in the order they were added; the first when the last was deleted.
			p.Accounts[i%len(p.Accounts)].Default = true
		}
		return nil
	})
	return err
}
