// Package datacopy answers KVKK copy and erasure requests for svc-orders (internal/privacy,
// DESIGN §14): svc-auth's privacy.requested names a person, and svc-orders answers a copy with
// what it keeps about them, as JSON files for its folder of the person's ZIP, and an erasure with
// the report of what it erased and kept (erase.go). A customer's copy is their quotes,
// orders, accepted contracts and uploaded files; a translator's their jobs, their uploads and
// their place in the job pool. Every query is by the person's id on an index, so a copy costs
// what the person's own data costs, however large the collections grow.
package datacopy

import (
	"context"
	"fmt"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/i18n"
	"linguaport/internal/privacy"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/quotes"
)

// The events of a KVKK request as svc-orders names them (contracts
// internal/events/contracts/privacy.requested.json and privacy.part_ready.json). They are
// internal/privacy's EventRequested and EventPartReady, spelt out here because the contracts'
// test asks every producer and consumer to name its event types in its own code; a test holds
// the two spellings together.
const (
	// EventPrivacyRequested is svc-auth's request, read from events.Stream("auth").
	EventPrivacyRequested = "privacy.requested"
	// EventPrivacyPartReady is svc-orders' answer to a copy, on events.Stream("orders").
	EventPrivacyPartReady = "privacy.part_ready"
)

// Service is who answers, as svc-auth counts the answers (privacy.Services).
const Service = "svc-orders"

// Sources are the stores a copy reads, each by the person's id.
type Sources struct {
	Quotes  Quotes
	Orders  Orders
	Files   Files
	Pool    Pool
	Notices Notices
}

// Quotes answers every quote of a customer (quotes.MongoStore).
type Quotes interface {
	EveryQuoteOf(ctx context.Context, customerID string) ([]*quotes.Quote, error)
}

// Orders answers every order of a customer, and every job that names a translator
// (orders.MongoStore).
type Orders interface {
	EveryOrderOf(ctx context.Context, customerID string) ([]*orders.Order, error)
	EveryJobOf(ctx context.Context, translatorID string) ([]*orders.Order, error)
}

// Files answers every file a person uploaded (files.MongoStore).
type Files interface {
	EveryFileOf(ctx context.Context, owner string) ([]files.File, error)
}

// Pool is the pool's copy of a translator's profile, nil for one it knows nothing of
// (pool.MongoStore).
type Pool interface {
	Translator(ctx context.Context, id string) (*pool.Translator, error)
}

// Notices are a translator's pool notices (pool.Notices).
type Notices interface {
	NoticesOf(ctx context.Context, translatorID string) (pool.NoticesCopy, error)
}

// Gather is svc-orders' privacy.Gather: the files of the person a request names, by their role.
// now dates the copy (a pending quote past its expiry reads as expired).
//
// A visitor without an account has nothing here: svc-orders keeps no e-mail addresses, and a
// visitor's uploads are known only by their upload token until an account claims them (and are
// deleted unclaimed). Staff have no copy here either: svc-orders keeps of them only who did what
// on quotes and orders, the agency's record of its own work.
func Gather(src Sources, now func() time.Time) privacy.Gather {
	return func(ctx context.Context, r privacy.Requested) ([]privacy.File, error) {
		if r.UserID == "" {
			return nil, nil
		}
		switch authn.Role(r.Role) {
		case authn.RoleCustomer:
			return src.customer(ctx, r.UserID, now().UTC())
		case authn.RoleTranslator:
			return src.translator(ctx, r.UserID, i18n.Parse(r.Lang))
		}
		return nil, nil
	}
}

// QuotesFile, OrdersFile, ContractsFile, FilesFile, JobsFile and PoolFile are the files of a
// copy, each one JSON object (API.md, "KVKK copy").
type (
	QuotesFile struct {
		Quotes []quotes.QuoteCopy `json:"quotes"`
	}
	OrdersFile struct {
		Orders []orders.OrderCopy `json:"orders"`
	}
	ContractsFile struct {
		Contracts []ContractCopy `json:"contracts"`
	}
	FilesFile struct {
		Files []files.Metadata `json:"files"`
		// Count and TotalSize (bytes) sum the list up.
		Count     int   `json:"count"`
		TotalSize int64 `json:"totalSize"`
	}
	JobsFile struct {
		Jobs []orders.JobCopy `json:"jobs"`
	}
	PoolFile struct {
		// Profile is absent when the pool has no copy of the translator's profile.
		Profile *pool.ProfileCopy `json:"profile,omitempty"`
		Notices pool.NoticesCopy  `json:"notices"`
	}
)

// ContractCopy is a contract the customer accepted, word for word, with the address they
// accepted it from, and the quote and order it was accepted for.
type ContractCopy struct {
	QuoteNumber string `json:"quoteNumber"`
	OrderNumber string `json:"orderNumber,omitempty"`
	contracts.Accepted
}

// customer is a customer's copy: quotes.json, orders.json, contracts.json, files.json.
func (src Sources) customer(ctx context.Context, id string, now time.Time) ([]privacy.File, error) {
	quoteList, err := src.Quotes.EveryQuoteOf(ctx, id)
	if err != nil {
		return nil, err
	}
	orderList, err := src.Orders.EveryOrderOf(ctx, id)
	if err != nil {
		return nil, err
	}
	uploads, err := src.Files.EveryFileOf(ctx, id)
	if err != nil {
		return nil, err
	}
	quoteFile, contractFile := QuotesFile{Quotes: make([]quotes.QuoteCopy, len(quoteList))}, ContractsFile{Contracts: []ContractCopy{}}
	quoteNumbers := make(map[string]string, len(quoteList))
	for i, q := range quoteList {
		quoteFile.Quotes[i] = q.Copy(now)
		quoteNumbers[q.ID] = q.Number
		// The words accepted are kept on the approved quote (orders.OrderContract reads them there).
		if q.Contract != nil {
			contractFile.Contracts = append(contractFile.Contracts, ContractCopy{QuoteNumber: q.Number, OrderNumber: q.OrderNumber, Accepted: *q.Contract})
		}
	}
	orderFile := OrdersFile{Orders: make([]orders.OrderCopy, len(orderList))}
	for i, o := range orderList {
		orderFile.Orders[i] = o.CustomerCopy(now, quoteNumbers[o.QuoteID])
	}
	return jsonFiles(
		named{"quotes.json", quoteFile},
		named{"orders.json", orderFile},
		named{"contracts.json", contractFile},
		named{"files.json", filesFile(uploads)},
	)
}

// translator is a translator's copy: jobs.json, files.json (their deliveries' uploads), pool.json.
func (src Sources) translator(ctx context.Context, id string, lang i18n.Lang) ([]privacy.File, error) {
	jobs, err := src.Orders.EveryJobOf(ctx, id)
	if err != nil {
		return nil, err
	}
	uploads, err := src.Files.EveryFileOf(ctx, id)
	if err != nil {
		return nil, err
	}
	profile, err := src.Pool.Translator(ctx, id)
	if err != nil {
		return nil, err
	}
	notices, err := src.Notices.NoticesOf(ctx, id)
	if err != nil {
		return nil, err
	}
	jobFile := JobsFile{Jobs: make([]orders.JobCopy, len(jobs))}
	for i, o := range jobs {
		jobFile.Jobs[i] = o.JobCopy(id, lang)
	}
	poolFile := PoolFile{Notices: notices}
	if profile != nil {
		c := profile.Copy()
		poolFile.Profile = &c
	}
	return jsonFiles(
		named{"jobs.json", jobFile},
		named{"files.json", filesFile(uploads)},
		named{"pool.json", poolFile},
	)
}

func filesFile(list []files.File) FilesFile {
	out := FilesFile{Files: files.MetadataOfAll(list), Count: len(list)}
	for _, f := range list {
		out.TotalSize += f.Size
	}
	return out
}

// named is one file of a copy before it is written.
type named struct {
	name string
	v    any
}

func jsonFiles(list ...named) ([]privacy.File, error) {
	out := make([]privacy.File, 0, len(list))
	for _, n := range list {
		f, err := privacy.JSONFile(n.name, n.v)
		if err != nil {
			return nil, fmt.Errorf("svc-orders copy: %w", err)
		}
		out = append(out, f)
	}
	return out, nil
}
