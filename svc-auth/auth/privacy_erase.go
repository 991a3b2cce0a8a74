package auth

import (
	"context"
	"errors"
	"fmt"

	"linguaport/internal/privacy"
)

// ownErasure is svc-auth's part of an erasure: the account keeps its id (the records other
// services keep name it), its role and its consent records (privacy.Retention, "users"), and
// loses its identity: the name, address, phone, company, password, linked sign-in providers,
// address confirmations, mail choices and search keys; its address becomes one that reaches
// nobody, so the address is free for a new account. Its messages and sessions go, with what
// svc-auth knew of their orders' states (order_states.go), and its API keys with the audit
// entries about them. The request
// itself is kept ("privacy_requests"). Running it again finds the account erased already.
func (s *privacyService) ownErasure(ctx context.Context, r privacy.Requested) ([]privacy.File, error) {
	report := privacy.Erasure{Erased: []privacy.Count{}, Kept: []privacy.Count{}}
	if r.UserID != "" {
		erased := 0
		_, err := s.store.UpdateUser(ctx, r.UserID, func(u *userDoc) (*userDoc, error) {
			if u.Email == erasedEmail(u.ID) {
				return u, nil
			}
			now := s.now().UTC()
			if u.ClosedAt == nil {
				u.ClosedAt = &now
			}
			u.Email, u.FullName, u.Phone, u.CompanyName, u.Address = erasedEmail(u.ID), "", "", "", ""
			u.PasswordHash, u.Google, u.Facebook, u.EmailVerified, u.Verify, u.MailOff = "", "", "", false, nil, nil
			u.SearchKeys, u.UpdatedAt = nil, now
			erased = 1
			return u, nil
		})
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return nil, fmt.Errorf("erase account %s: %w", r.UserID, err)
		default:
			if err := s.sessions.RevokeAllExcept(ctx, r.UserID, ""); err != nil {
				return nil, err
			}
			messages, err := s.store.DeleteMessagesOf(ctx, r.UserID)
			if err != nil {
				return nil, err
			}
			states, err := s.store.DeleteOrderStatesOf(ctx, r.UserID)
			if err != nil {
				return nil, err
			}
			apiKeys, entries, err := s.keys.EraseAccount(ctx, r.UserID)
			if err != nil {
				return nil, err
			}
			endpoints, deliveries, err := s.hooks.EraseAccount(ctx, r.UserID)
			if err != nil {
				return nil, err
			}
			report.Erased = append(report.Erased, privacy.Count{Collection: "users", Count: erased}, privacy.Count{Collection: "messages", Count: messages},
				privacy.Count{Collection: "order_states", Count: states}, privacy.Count{Collection: "api_keys", Count: apiKeys},
				privacy.Count{Collection: "audit", Count: entries}, privacy.Count{Collection: "webhook_endpoints", Count: endpoints},
				privacy.Count{Collection: "webhook_deliveries", Count: deliveries})
			// The account itself, without its identity, holding its consent records.
			report.Kept = append(report.Kept, privacy.Count{Collection: "users", Count: 1})
		}
	}
	// The requests of the address (this one included) are the record that it was answered.
	kept := 1
	if r.UserID != "" {
		mine, err := s.store.PrivacyOf(ctx, r.UserID)
		if err != nil {
			return nil, err
		}
		kept = max(kept, len(mine))
	}
	report.Kept = append(report.Kept, privacy.Count{Collection: "privacy_requests", Count: kept})
	if err := privacy.CheckKept("svc-auth", report); err != nil {
		return nil, err
	}
	f, err := privacy.JSONFile(privacy.ErasureFile, report)
	return []privacy.File{f}, err
}

// erasedEmail is an erased account's address: unique (the index wants one), reaching nobody
// (.invalid is reserved, RFC 2606).
func erasedEmail(id string) string { return "erased-" + id + "@erased.invalid" }
