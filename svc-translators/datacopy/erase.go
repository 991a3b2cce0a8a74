package datacopy

// KVKK erasure (internal/privacy, DESIGN §14): svc-translators keeps nothing of a person past an
// erasure (the retention list, privacy.Retention, has no line for it), so everything it keeps
// about them is deleted and Kept stays empty. Staff's audit entries of each record go just before
// the record (a retry could no longer find them after): they hold what staff changed on it
// (names, competencies, a suspension's reason, replies), and the profile's own log of staff's
// changes goes with the profile.
//
//   - By the request's user id: the translator's profile (competencies, specialisations,
//     vacations, bank accounts, suspension, staff's log of changes: one document) and their
//     support tickets, each with its whole thread.
//   - By the request's e-mail, and by the address on the profile when that differs (the account's
//     address may have changed since the person applied): every application sent from it, with
//     the bytes of its CV and portfolio file (GridFS bucket "application_files").
//
// Before the profile goes, the platform is told the translator is gone, as it is told of every
// change of the profile: translator.profile_changed with nothing to offer work for and suspended
// (svc-orders' pool stops offering them jobs and refuses their claims), and, when they had bank
// accounts, translator.payout_accounts with none (svc-billing stops paying to them). See
// profiles.Departure for why these are published straight to the stream.
//
// The order makes a retry after a crash finish the work: files before the application that names
// them, the profile (which names the address applied with) last. Running Erase again finds
// nothing more and reports zeros. Every query is by an indexed field: profiles by _id,
// applications by email, tickets by translatorId, GridFS files and chunks by the driver's own.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/privacy"
	"linguaport/svc-translators/profiles"
)

// The collections an erasure report counts (privacy.Erasure), as the database names them.
const (
	ErasedProfiles         = "profiles"
	ErasedTickets          = "tickets"
	ErasedApplications     = "applications"
	ErasedApplicationFiles = "application_files"
)

// The kinds of object svc-translators' audit log names (api/endpoints.go), each by its id: an
// application, a translator's profile (the translator's id), a ticket.
const (
	AuditApplication = "application"
	AuditTranslator  = "translator"
	AuditTicket      = "ticket"
)

// ProfileEraser finds and deletes a translator's profile (profiles.MongoStore: by _id, the
// delete conditional on the version read).
type ProfileEraser interface {
	ProfileSource
	Delete(ctx context.Context, translatorID string, version int64) (bool, error)
}

// ApplicationEraser finds the applications sent with an e-mail and deletes them with their files
// (applications.MongoStore).
type ApplicationEraser interface {
	ApplicationSource
	Delete(ctx context.Context, id string) (bool, error)
	EraseFile(ctx context.Context, id string) (bool, error)
}

// TicketEraser finds and deletes a translator's tickets (support.MongoStore: the translatorId
// index).
type TicketEraser interface {
	TicketSource
	DeleteOfTranslator(ctx context.Context, translatorID string) (int, error)
}

// Publisher publishes an event to a stream (events.Publisher).
type Publisher interface {
	Publish(ctx context.Context, stream string, e events.Event) error
}

// ErasureSources are the stores an erasure deletes from, each only through its own collection,
// and the publisher the departure of a translator goes out by, to events.Stream("translators").
type ErasureSources struct {
	Profiles     ProfileEraser
	Applications ApplicationEraser
	Tickets      TicketEraser
	Events       Publisher
	Audit        privacy.AuditTrail
}

// departureAttempts bounds how often the profile is announced gone and found changed before it
// could be deleted (a staff member or the translator writing it in that instant).
const departureAttempts = 5

// Erase is svc-translators' privacy.Erase. now is the clock the departure events are dated by.
func Erase(src ErasureSources, now func() time.Time) privacy.Erase {
	return func(ctx context.Context, r privacy.Requested) (privacy.Erasure, error) {
		var erasedProfiles, tickets, apps, files, entries int
		var emails []string
		addEmail := func(e string) {
			// Applications are stored with the address in lower case (applications.Form.check).
			if e = strings.ToLower(strings.TrimSpace(e)); e != "" && !slices.Contains(emails, e) {
				emails = append(emails, e)
			}
		}
		addEmail(r.Email)
		// A visitor without an account has no profile and no tickets: those are keyed by the
		// account's id, never found by e-mail.
		if r.UserID != "" {
			p, err := src.Profiles.Profile(ctx, r.UserID)
			switch {
			case errors.Is(err, profiles.ErrNotFound):
			case err != nil:
				return privacy.Erasure{}, fmt.Errorf("profile of %s: %w", r.UserID, err)
			default:
				addEmail(p.Email)
			}
		}
		for _, email := range emails {
			a, f, e, err := eraseApplications(ctx, src.Applications, src.Audit, email)
			apps, files, entries = apps+a, files+f, entries+e
			if err != nil {
				return privacy.Erasure{}, err
			}
		}
		if r.UserID != "" {
			list, err := src.Tickets.OfTranslator(ctx, r.UserID)
			if err != nil {
				return privacy.Erasure{}, fmt.Errorf("tickets of %s: %w", r.UserID, err)
			}
			ids := make([]string, len(list))
			for i, t := range list {
				ids[i] = t.ID
			}
			e, err := src.Audit.Erase(ctx, AuditTicket, ids)
			entries += e
			if err != nil {
				return privacy.Erasure{}, err
			}
			if tickets, err = src.Tickets.DeleteOfTranslator(ctx, r.UserID); err != nil {
				return privacy.Erasure{}, err
			}
			e, err = src.Audit.Erase(ctx, AuditTranslator, []string{r.UserID})
			entries += e
			if err != nil {
				return privacy.Erasure{}, err
			}
			if erasedProfiles, err = eraseProfile(ctx, src, r.UserID, now); err != nil {
				return privacy.Erasure{}, err
			}
		}
		return privacy.Erasure{
			Erased: []privacy.Count{
				{Collection: ErasedProfiles, Count: erasedProfiles},
				{Collection: ErasedTickets, Count: tickets},
				{Collection: ErasedApplications, Count: apps},
				{Collection: ErasedApplicationFiles, Count: files},
				{Collection: privacy.AuditCollection, Count: entries},
			},
			Kept: []privacy.Count{},
		}, nil
	}
}

// eraseApplications deletes the applications sent with email, each after its files and its audit
// entries, and counts the applications, the files and the entries it deleted.
func eraseApplications(ctx context.Context, store ApplicationEraser, trail privacy.AuditTrail, email string) (apps, files, entries int, err error) {
	list, err := store.ByEmail(ctx, email)
	if err != nil {
		return 0, 0, 0, err
	}
	for _, a := range list {
		n, err := trail.Erase(ctx, AuditApplication, []string{a.ID})
		entries += n
		if err != nil {
			return apps, files, entries, fmt.Errorf("application %s: %w", a.ID, err)
		}
		ids := []string{a.CV.ID}
		if a.Portfolio != nil {
			ids = append(ids, a.Portfolio.ID)
		}
		for _, id := range ids {
			if id == "" {
				continue
			}
			erased, err := store.EraseFile(ctx, id)
			if err != nil {
				return apps, files, entries, fmt.Errorf("application %s: %w", a.ID, err)
			}
			if erased {
				files++
			}
		}
		deleted, err := store.Delete(ctx, a.ID)
		if err != nil {
			return apps, files, entries, err
		}
		if deleted {
			apps++
		}
	}
	return apps, files, entries, nil
}

// eraseProfile announces the translator's departure and then deletes their profile, if it has
// not changed since it was read; changed, it is read and announced again, so the last
// announcement has a version above every write of the profile. It reports how many profiles it
// deleted (0 or 1).
func eraseProfile(ctx context.Context, src ErasureSources, id string, now func() time.Time) (int, error) {
	for range departureAttempts {
		p, err := src.Profiles.Profile(ctx, id)
		if errors.Is(err, profiles.ErrNotFound) {
			return 0, nil
		}
		if err != nil {
			return 0, fmt.Errorf("profile of %s: %w", id, err)
		}
		evs, err := profiles.Departure(ctx, p, now())
		if err != nil {
			return 0, err
		}
		for _, e := range evs {
			if err := src.Events.Publish(ctx, events.Stream("translators"), e); err != nil {
				return 0, fmt.Errorf("announcing the departure of %s: %w", id, err)
			}
		}
		deleted, err := src.Profiles.Delete(ctx, id, p.GetVersion())
		if err != nil {
			return 0, err
		}
		if deleted {
			return 1, nil
		}
	}
	return 0, fmt.Errorf("profile of %s kept changing while it was being erased", id)
}
