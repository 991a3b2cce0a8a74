package auth

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/i18n"
)

// Events of svc-orders' job pool (events.Stream("orders"), contract in svc-orders/API.md "Job
// pool") that become system messages. The payloads are declared here, not imported.
const (
	EventJobsAvailable  = "pool.jobs_available"
	EventOrderEscalated = "order.escalated"
)

// JobsAvailable is the part of pool.jobs_available the inbox needs: one translator's batch.
type JobsAvailable struct {
	TranslatorID string `json:"translatorId"`
	Jobs         []struct {
		Number string `json:"number"`
	} `json:"jobs"`
	Count int `json:"count"`
}

// OrderEscalated is the part of order.escalated the inbox needs. Reason is "unclaimed" (also
// when absent: events from before it existed), "revision_unavailable" or "revision_overdue".
type OrderEscalated struct {
	OrderID    string    `json:"orderId"`
	Number     string    `json:"number"`
	CustomerID string    `json:"customerId"`
	Reason     string    `json:"reason"`
	At         time.Time `json:"at"`
}

// escalationNews is what staff read for each reason of an escalation.
var escalationNews = map[string]struct{ title, body i18n.Text }{
	"unclaimed": {
		i18n.Text{TR: "Çevirmen bekleyen iş: %s", EN: "Job waiting for a translator: %s"},
		i18n.Text{TR: "%s numaralı siparişi havuzdan süresi içinde kimse almadı. Yönetim panelinden uygun bir çevirmene atayın.",
			EN: "Nobody took order %s from the pool in time. Assign it to an eligible translator in the back office."},
	},
	"revision_unavailable": {
		i18n.Text{TR: "Düzeltme çevirmen bekliyor: %s", EN: "Revision needs a translator: %s"},
		i18n.Text{TR: "%s numaralı siparişin müşterisi düzeltme istedi; teslim eden çevirmen şu an işi geri alamıyor (izinde, askıda ya da hesabı kapalı). Yönetim panelinden çevirmene geri gönderin ya da başka birine verin.",
			EN: "The customer of order %s asked for a revision; the translator who delivered cannot take it back now (on vacation, suspended or account closed). Send it back or give it to someone else in the back office."},
	},
	"revision_overdue": {
		i18n.Text{TR: "Düzeltme süresi geçti: %s", EN: "Revision overdue: %s"},
		i18n.Text{TR: "%s numaralı siparişin düzeltmesi süresi içinde yeniden teslim edilmedi. Yönetim panelinden çevirmene yeni bir süreyle geri gönderin ya da başka birine verin.",
			EN: "The revision of order %s was not redelivered by its deadline. Send it back with a new deadline or give it to someone else in the back office."},
	},
}

// jobsAvailable tells a translator how many new jobs entered their pool, and which.
func jobsAvailable(ctx context.Context, inbox *MongoStore, e events.Event) error {
	var p JobsAvailable
	if err := e.Decode(&p); err != nil || p.TranslatorID == "" {
		return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
	}
	numbers := make([]string, len(p.Jobs))
	for i, j := range p.Jobs {
		numbers[i] = j.Number
	}
	n, list := max(p.Count, len(p.Jobs)), strings.Join(numbers, ", ")
	title := i18n.Text{TR: fmt.Sprintf("Havuzunuzda %d yeni iş var", n), EN: fmt.Sprintf("%d new jobs in your pool", n)}
	if n == 1 {
		title.EN = "1 new job in your pool"
	}
	// svc-orders sends a translator at most one batch per 15 minutes, so the offers mail each
	// batch comes with is batched alike; a translator may turn offers off (CategoryOffers).
	msg := messageDoc{
		ID:     "pool-" + e.ID,
		UserID: p.TranslatorID,
		Title:  title,
		Body: i18n.Text{
			TR: fmt.Sprintf("Uzmanlığınıza uygun yeni işler: %s. İş havuzu sayfasından inceleyip alabilirsiniz; ilk alan çevirmen işi üstlenir.", list),
			EN: fmt.Sprintf("New jobs that match your profile: %s. Look at them and take one on your job pool page; the first translator to take a job gets it.", list),
		},
		CreatedAt: e.OccurredAt,
	}
	return inbox.AddMessage(ctx, msg.withMail(e, KindJobOffers, "", offersMail{Numbers: numbers, Count: n}))
}

// orderEscalated tells the customer that a translator is being arranged, and every staff
// account that the job needs one. The inbox is per user, so staff get one message each (ids
// derived from the event's and the account's: a redelivery adds none, an admin added since gets
// theirs); there are a handful of admins, found by an index on the role.
func orderEscalated(ctx context.Context, inbox *MongoStore, e events.Event) error {
	var p OrderEscalated
	if err := e.Decode(&p); err != nil || p.Number == "" {
		return fmt.Errorf("%s payload %q: %w", e.Type, e.Data, err)
	}
	news, ok := escalationNews[p.Reason]
	if p.Reason == "" {
		news, ok = escalationNews["unclaimed"], true
	}
	if !ok {
		return nil // a reason this version does not know: the back office shows the order
	}
	// The customer hears that a translator is being arranged; a revision's escalation is staff's
	// to arrange (their order says a revision is in progress).
	if p.CustomerID != "" && (p.Reason == "" || p.Reason == "unclaimed") {
		err := inbox.AddMessage(ctx, messageDoc{
			ID:     "escalated-" + e.ID,
			UserID: p.CustomerID,
			Title:  i18n.Text{TR: "Sipariş " + p.Number, EN: "Order " + p.Number},
			Body: i18n.Text{
				TR: fmt.Sprintf("%s numaralı siparişiniz için çevirmen ayarlıyoruz; iş en kısa sürede başlayacak.", p.Number),
				EN: fmt.Sprintf("We are arranging a translator for order %s; work will start as soon as possible.", p.Number),
			},
			CreatedAt: e.OccurredAt,
		})
		if err != nil {
			return err
		}
	}
	// The staff address hears of it once, whoever is signed in to the back office.
	err := inbox.AddMail(ctx, staffMail(e.ID+"/"+KindStaffEscalation, KindStaffEscalation,
		orderMail{OrderID: p.OrderID, Number: p.Number, At: p.At, Reason: reasonOr(p.Reason)}, e.OccurredAt))
	if err != nil {
		return err
	}
	staff, err := inbox.staff(ctx)
	if err != nil {
		return err
	}
	for _, id := range staff {
		err := inbox.AddMessage(ctx, messageDoc{
			ID:        "escalated-" + e.ID + "-" + id,
			UserID:    id,
			Title:     i18n.Text{TR: fmt.Sprintf(news.title.TR, p.Number), EN: fmt.Sprintf(news.title.EN, p.Number)},
			Body:      i18n.Text{TR: fmt.Sprintf(news.body.TR, p.Number), EN: fmt.Sprintf(news.body.EN, p.Number)},
			CreatedAt: e.OccurredAt,
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// revisionBack tells the translator a revision request came back to (order.status_changed
// revision_requested names them) that it is among their active jobs again.
func revisionBack(ctx context.Context, inbox *MongoStore, e events.Event, p OrderStatusChanged) error {
	if p.Status != "revision_requested" || p.TranslatorID == "" {
		return nil
	}
	msg := messageDoc{
		ID:     "revision-" + e.ID,
		UserID: p.TranslatorID,
		Title:  i18n.Text{TR: "Düzeltme istendi: " + p.Number, EN: "Revision requested: " + p.Number},
		Body: i18n.Text{
			TR: fmt.Sprintf("Müşteri %s numaralı iş için düzeltme istedi. İş, gerekçesi ve düzeltme süresiyle aktif işlerinizde; düzeltilmiş dosyayı oradan teslim edin.", p.Number),
			EN: fmt.Sprintf("The customer asked for a revision of job %s. It is among your active jobs with the reason and the revision deadline; deliver the revised file there.", p.Number),
		},
		CreatedAt: e.OccurredAt,
	}
	data := orderMail{OrderID: p.OrderID, Number: p.Number, At: p.At, Reason: p.RevisionReason, Due: p.RevisionDue}
	if err := inbox.AddMessage(ctx, msg.withMail(e, KindRevisionAsked, "", data)); err != nil {
		return err
	}
	// Staff hear that work came back, so a revision nobody picks up is no surprise later.
	return staffMailFor(ctx, inbox, e, e.ID, KindStaffRevision, data)
}

// reasonOr is an escalation's reason, "unclaimed" for events from before reasons existed.
func reasonOr(reason string) string {
	if reason == "" {
		return "unclaimed"
	}
	return reason
}

// staff answers the ids of the staff (admin) accounts.
func (s *MongoStore) staff(ctx context.Context) ([]string, error) {
	cur, err := s.users.Find(ctx, bson.D{{Key: "role", Value: authn.RoleAdmin}}, options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("find staff: %w", err)
	}
	var found []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(ctx, &found); err != nil {
		return nil, fmt.Errorf("read staff: %w", err)
	}
	ids := make([]string, len(found))
	for i, u := range found {
		ids[i] = u.ID
	}
	return ids, nil
}
