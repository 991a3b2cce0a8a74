package catalog

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/privacy"
)

// emailKey is an address as svc-auth keeps an account's (lower-cased, trimmed). An inquiry keeps
// the address as its sender typed it, for staff and the reply mail, and beside it this key, by
// which a KVKK request (naming the address as svc-auth keeps it) finds the sender's inquiries:
// "Ayse@Example.com " typed in the form is the person who proved they hold ayse@example.com.
func emailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// InquiriesFile is the name of the inquiries' file in svc-catalog's part of a KVKK copy.
const InquiriesFile = "inquiries.json"

// InquiriesByEmail is every inquiry sent from email (compared as emailKey folds it), oldest first.
// The {emailKey, createdAt} index bounds the read to the sender's own inquiries.
func (s *MongoStore) InquiriesByEmail(ctx context.Context, email string) ([]Inquiry, error) {
	key := emailKey(email)
	if key == "" {
		return []Inquiry{}, nil
	}
	return findAll[Inquiry](ctx, s.inquiries, bson.D{{Key: "emailKey", Value: key}},
		options.Find().SetSort(bson.D{{Key: "createdAt", Value: 1}}).
			SetProjection(bson.D{{Key: "keys", Value: 0}, {Key: "outbox", Value: 0}, {Key: "mailbox", Value: 0}}))
}

// backfillEmailKeys gives the inquiries stored before the key theirs (found by the key's index:
// equality to null), each in one conditional write, so a replica starting at the same moment or
// a staff change that wrote the key meanwhile wins. Once done it reads nothing: every write since
// stores the key (Inquiry.index).
func (s *MongoStore) backfillEmailKeys(ctx context.Context) error {
	old, err := findAll[Inquiry](ctx, s.inquiries, bson.D{{Key: "emailKey", Value: nil}},
		options.Find().SetProjection(bson.D{{Key: "email", Value: 1}}))
	if err != nil {
		return err
	}
	for _, in := range old {
		_, err := s.inquiries.UpdateOne(ctx, bson.D{{Key: "_id", Value: in.ID}, {Key: "emailKey", Value: nil}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "emailKey", Value: emailKey(in.Email)}}}})
		if err != nil {
			return fmt.Errorf("migrate inquiries/%s email key: %w", in.ID, err)
		}
	}
	return nil
}

// inquiriesCopy is inquiries.json: what the person sent through the contact and corporate forms
// (and what the live chat passed on as a contact inquiry while nobody was online), with the
// answers staff mailed them.
type inquiriesCopy struct {
	Inquiries []inquiryCopy `json:"inquiries"`
}

// inquiryCopy is an inquiry as its sender may read it. Staff's search keys, versions, outbox and
// queued mails are the service's workings, and the staff member who handled or answered it is
// staff's (the reply mail names no one), so they are left out.
type inquiryCopy struct {
	ID       string    `json:"id"`
	Kind     string    `json:"kind"` // contact | corporate
	SentAt   time.Time `json:"sentAt"`
	Name     string    `json:"name"`
	Email    string    `json:"email"`
	Phone    string    `json:"phone,omitempty"`
	Company  string    `json:"company,omitempty"`
	Message  string    `json:"message"`
	Language string    `json:"language"`
	// IPAddress is the address the inquiry came from, kept against abuse of the form.
	IPAddress string      `json:"ipAddress,omitempty"`
	Status    string      `json:"status"` // open | handled
	HandledAt *time.Time  `json:"handledAt,omitempty"`
	Replies   []replyCopy `json:"replies"`
}

// replyCopy is a staff answer as mailed to the sender.
type replyCopy struct {
	At      time.Time `json:"at"`
	Message string    `json:"message"`
}

// PrivacyInquiries is inquiries.json of svc-catalog's part of a KVKK copy: the inquiries sent from
// the request's address. Inquiries name no account (the forms are the same for everyone), so the
// address is what finds them.
func PrivacyInquiries(ctx context.Context, store *MongoStore, r privacy.Requested) (privacy.File, error) {
	found, err := store.InquiriesByEmail(ctx, r.Email)
	if err != nil {
		return privacy.File{}, err
	}
	out := inquiriesCopy{Inquiries: make([]inquiryCopy, 0, len(found))}
	for _, in := range found {
		c := inquiryCopy{ID: in.ID, Kind: in.Kind, SentAt: in.CreatedAt, Name: in.Name, Email: in.Email, Phone: in.Phone,
			Company: in.Company, Message: in.Message, Language: in.Language, IPAddress: in.From, Status: in.Status,
			HandledAt: in.HandledAt, Replies: make([]replyCopy, 0, len(in.Replies))}
		if c.Status == "" {
			c.Status = InquiryOpen // stored before the back office (migrate)
		}
		for _, rp := range in.Replies {
			c.Replies = append(c.Replies, replyCopy{At: rp.At, Message: rp.Message})
		}
		out.Inquiries = append(out.Inquiries, c)
	}
	return privacy.JSONFile(InquiriesFile, out)
}

// InquiryIDsByEmail is the ids of every inquiry sent from email (compared as emailKey folds it),
// read by the {emailKey, createdAt} index without the inquiries themselves; none for no address.
func (s *MongoStore) InquiryIDsByEmail(ctx context.Context, email string) ([]string, error) {
	key := emailKey(email)
	if key == "" {
		return []string{}, nil
	}
	found, err := findAll[struct {
		ID string `bson:"_id"`
	}](ctx, s.inquiries, bson.D{{Key: "emailKey", Value: key}}, options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(found))
	for i, f := range found {
		ids[i] = f.ID
	}
	return ids, nil
}

// DeleteInquiries deletes the inquiries ids names, and answers how many it deleted. Everything an
// inquiry holds goes with it: staff's replies, its search keys, the reply mails still queued (the
// mail relay finds nothing to send; MailRender skips a mail whose inquiry is gone) and events
// not yet relayed. Staff's list reads inquiries by their keys, so nothing is left naming them.
func (s *MongoStore) DeleteInquiries(ctx context.Context, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	res, err := s.inquiries.DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return 0, fmt.Errorf("delete inquiries: %w", err)
	}
	return int(res.DeletedCount), nil
}
