package orders

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"go.mongodb.org/mongo-driver/v2/bson"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/svc-orders/counting"
)

// Money is an amount in minor units of a currency.
type Money struct {
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Decimals  int    `json:"decimals"`
	Formatted string `json:"formatted"`
}

// Converter moves USD cents into another currency's minor units at the platform's rates
// (svc-geo, spec §9) and formats the result for lang.
type Converter interface {
	// FromUSD returns the amount in currency and the rate used (units per 1 USD, in millionths).
	FromUSD(ctx context.Context, cents int64, currency, lang string) (Money, int64, error)
}

// ErrCurrency is an unknown or malformed currency code.
var ErrCurrency = errors.New("unknown currency")

// EstimateInput is the calculator's request (spec §3) with the display currency.
type EstimateInput struct {
	EstimateRequest
	FileIDs     []string // when given, the quantity is counted from these files
	UploadToken string   // a visitor's, reaching the files they uploaded
	Currency    string
	Lang        string
}

// PricedLine is a line in USD and in the display currency.
type PricedLine struct {
	Line
	Price Money `json:"price"`
}

// EstimateAnswer is what the calculator shows: the lines and total in USD (what is kept) and
// in the customer's currency (what is shown), the delivery window, and that it is an estimate.
type EstimateAnswer struct {
	Service  string       `json:"service"`
	Urgency  Urgency      `json:"urgency"`
	Unit     Unit         `json:"unit"`
	Quantity int          `json:"quantity"`
	Lines    []PricedLine `json:"lines"`
	TotalUSD Money        `json:"totalUsd"`
	Total    Money        `json:"total"`
	// RateMicros is the rate from USD to the display currency (millionths), kept by quotes.
	RateMicros int64     `json:"rateMicros"`
	Window     Window    `json:"deliveryWindow"`
	Note       string    `json:"note"`
	PricedAt   time.Time `json:"pricedAt"`
	Estimated  bool      `json:"estimated"`
}

// Service is svc-orders' behaviour: prices, files, quotes and orders. Who is asking comes from
// the request's identity (internal/authn); things that are not the caller's are ErrNotFound.
type Service interface {
	Estimate(ctx context.Context, in EstimateInput) (EstimateAnswer, error)
	PriceList(ctx context.Context) (PriceList, error)
	UpdatePriceList(ctx context.Context, pl PriceList) (PriceList, error)

	UploadFile(ctx context.Context, in UploadInput) (UploadAnswer, error)
	Files(ctx context.Context) ([]File, error)
	OpenFile(ctx context.Context, id, uploadToken string) (File, io.ReadCloser, error)

	CreateQuote(ctx context.Context, in QuoteInput) (*Quote, error)
	Quotes(ctx context.Context) ([]*Quote, error)
	Quote(ctx context.Context, id string) (*Quote, error)
	ApproveQuote(ctx context.Context, id string) (Approval, error)
	RejectQuote(ctx context.Context, id, reason string) (*Quote, error)

	Orders(ctx context.Context) ([]OrderView, error)
	Order(ctx context.Context, id string) (OrderView, error)
	Assign(ctx context.Context, id, translatorID string) (OrderView, error)
	Deliver(ctx context.Context, id string, fileIDs []string, note string) (OrderView, error)
	Complete(ctx context.Context, id string) (OrderView, error)
	RequestRevision(ctx context.Context, id, reason string) (OrderView, error)

	// InvoicePaid and EnsureOrder apply events (EventHandler); Sweep expires quotes and completes
	// orders whose revision period ended. They act as the system, not as a caller.
	InvoicePaid(ctx context.Context, p InvoicePaidData) error
	EnsureOrder(ctx context.Context, quoteID string) error
	Sweep(ctx context.Context) error
}

// Deps are what the service works with.
type Deps struct {
	Prices    *PriceStore
	Files     *FileStore
	Tokens    *UploadTokens
	Quotes    *QuoteStore
	Orders    *OrderStore
	Counters  *Counters
	Converter Converter
	// UploadLimit bounds uploads per address (visitors) or per user; nil means no limit.
	UploadLimit Limiter
	// CountingSlots is how many uploads are counted at once (default 2): a 50 MB spreadsheet
	// takes seconds of CPU and a few hundred MB of memory, so more only queue for the same cores.
	CountingSlots int
	// Published is called after a write that queued events, to wake the outbox relays.
	Published func()
	Now       func() time.Time
}

type service struct {
	prices    *PriceStore
	files     *FileStore
	tokens    *UploadTokens
	quotes    *QuoteStore
	orders    *OrderStore
	counters  *Counters
	converter Converter
	limit     Limiter
	counting  chan struct{}
	published func()
	clock     func() time.Time
}

// NewService returns the ordering service.
func NewService(d Deps) Service {
	s := &service{prices: d.Prices, files: d.Files, tokens: d.Tokens, quotes: d.Quotes, orders: d.Orders, counters: d.Counters,
		converter: d.Converter, limit: d.UploadLimit, published: d.Published, clock: d.Now}
	if s.clock == nil {
		s.clock = time.Now
	}
	if d.CountingSlots <= 0 {
		d.CountingSlots = 2
	}
	s.counting = make(chan struct{}, d.CountingSlots)
	if s.published == nil {
		s.published = func() {}
	}
	return s
}

func (s *service) now() time.Time { return s.clock().UTC() }

// caller is who makes a request; a visitor has no id.
type caller struct {
	id   string
	role authn.Role
}

func callerOf(ctx context.Context) caller {
	c, _ := authn.FromContext(ctx)
	return caller{id: c.Subject, role: c.Role}
}

func (c caller) admin() bool { return c.role == authn.RoleAdmin }

var estimateNote = Localized{
	TR: "Bu fiyat tahminidir; kesin fiyat, dosyalarınız incelendikten sonra teklifte yer alır.",
	EN: "This price is an estimate; the exact price is in the quote once your files have been reviewed.",
}

func (s *service) Estimate(ctx context.Context, in EstimateInput) (EstimateAnswer, error) {
	ans, _, err := s.estimate(ctx, in)
	return ans, err
}

// estimate prices in, counting the quantity from its files when it names any, and returns the
// files it priced.
func (s *service) estimate(ctx context.Context, in EstimateInput) (EstimateAnswer, []File, error) {
	pl, err := s.prices.Get(ctx)
	if err != nil {
		return EstimateAnswer{}, nil, err
	}
	var files []File
	if len(in.FileIDs) > 0 {
		if files, err = s.filesFor(ctx, in.FileIDs, in.UploadToken); err != nil {
			return EstimateAnswer{}, nil, err
		}
		if unit, ok := pl.unitOf(in.Service); ok {
			if in.Quantity, err = quantityOf(unit, files); err != nil {
				return EstimateAnswer{}, nil, err
			}
		}
	}
	currency := strings.ToUpper(strings.TrimSpace(in.Currency))
	if currency == "" {
		currency = "USD"
	}
	est, err := pl.Estimate(in.EstimateRequest)
	if err != nil {
		return EstimateAnswer{}, nil, err
	}
	ans := EstimateAnswer{Service: est.Service, Urgency: est.Urgency, Quantity: in.Quantity, Window: est.Window,
		Note: estimateNote.in(in.Lang), PricedAt: s.now(), Estimated: true}
	for _, l := range est.Lines {
		ans.Unit = l.Unit
		price, _, err := s.converter.FromUSD(ctx, l.Total, currency, in.Lang)
		if err != nil {
			return EstimateAnswer{}, nil, err
		}
		ans.Lines = append(ans.Lines, PricedLine{Line: l, Price: price})
	}
	if ans.TotalUSD, _, err = s.converter.FromUSD(ctx, est.Total, "USD", in.Lang); err != nil {
		return EstimateAnswer{}, nil, err
	}
	if ans.Total, ans.RateMicros, err = s.converter.FromUSD(ctx, est.Total, currency, in.Lang); err != nil {
		return EstimateAnswer{}, nil, err
	}
	return ans, files, nil
}

// filesFor loads the files of an estimate or quote that the caller may use: their own, or a
// visitor's uploaded with the token.
func (s *service) filesFor(ctx context.Context, ids []string, token string) ([]File, error) {
	if len(ids) > MaxFilesPerOrder {
		return nil, FieldErrors{"fileIds": "too_many_files"}
	}
	c := callerOf(ctx)
	var access []bson.D
	if c.id != "" {
		access = append(access, bson.D{{Key: "ownerId", Value: c.id}})
	}
	if ok, err := s.tokens.Valid(ctx, token); err != nil {
		return nil, err
	} else if ok {
		access = append(access, bson.D{{Key: "tokenHash", Value: HashToken(token)}, {Key: "ownerId", Value: bson.D{{Key: "$exists", Value: false}}}})
	}
	fields := FieldErrors{}
	files := make([]File, len(ids))
	if len(access) > 0 {
		var err error
		if files, err = s.files.Find(ctx, ids, bson.D{{Key: "$or", Value: access}}); err != nil {
			return nil, err
		}
	}
	seen := map[string]bool{}
	for i, f := range files {
		if f.ID == "" || seen[f.ID] {
			fields[fmt.Sprintf("fileIds.%d", i)] = "file_not_found"
		}
		seen[f.ID] = true
	}
	if len(fields) > 0 {
		return nil, fields
	}
	return files, nil
}

func (s *service) PriceList(ctx context.Context) (PriceList, error) { return s.prices.Get(ctx) }

func (s *service) UpdatePriceList(ctx context.Context, pl PriceList) (PriceList, error) {
	if err := pl.Validate(); err != nil {
		return PriceList{}, err
	}
	return s.prices.Put(ctx, pl)
}

// UploadInput is one uploaded file, already on local disk.
type UploadInput struct {
	Name        string
	Content     counting.Source
	UploadToken string
	From        string // the sender's address, for the visitors' upload limit
}

// UploadAnswer is the stored file and, for a visitor, the token that reaches it.
type UploadAnswer struct {
	File        File   `json:"file"`
	UploadToken string `json:"uploadToken,omitempty"`
}

func (s *service) UploadFile(ctx context.Context, in UploadInput) (UploadAnswer, error) {
	c := callerOf(ctx)
	if s.limit != nil {
		key := "user:" + c.id
		if c.id == "" {
			key = "addr:" + in.From
		}
		ok, retry, err := s.limit.Allow(ctx, key)
		if err != nil {
			return UploadAnswer{}, err
		}
		if !ok {
			return UploadAnswer{}, &RateLimitedError{RetryAfter: retry}
		}
	}
	name := CleanFileName(in.Name)
	select {
	case s.counting <- struct{}{}:
	case <-ctx.Done():
		return UploadAnswer{}, ctx.Err()
	}
	counts, err := counting.Count(name, in.Content)
	<-s.counting
	if err != nil {
		return UploadAnswer{}, err
	}
	f := File{ID: newID(), Name: name, Size: in.Content.Size(), Format: counts.Format, ContentType: ContentTypeOf(counts.Format),
		Purpose: SourceFile, Counts: counts, UploadedAt: s.now(), OwnerID: c.id}
	ans := UploadAnswer{}
	if c.id == "" {
		ok, err := s.tokens.Valid(ctx, in.UploadToken)
		if err != nil {
			return UploadAnswer{}, err
		}
		ans.UploadToken = in.UploadToken
		if !ok {
			if ans.UploadToken, err = s.tokens.Issue(ctx); err != nil {
				return UploadAnswer{}, err
			}
		}
		f.TokenHash = HashToken(ans.UploadToken)
		n, err := s.files.CountForToken(ctx, f.TokenHash)
		if err != nil {
			return UploadAnswer{}, err
		}
		if n >= MaxFilesPerOrder {
			return UploadAnswer{}, ErrTooManyFiles
		}
	}
	if err := s.files.Save(ctx, f, io.NewSectionReader(in.Content, 0, in.Content.Size())); err != nil {
		return UploadAnswer{}, err
	}
	ans.File = f
	return ans, nil
}

func (s *service) Files(ctx context.Context) ([]File, error) {
	c := callerOf(ctx)
	files, err := s.files.OwnedBy(ctx, c.id)
	if err != nil {
		return nil, err
	}
	// Deliveries belong to their translator; the customer sees them through their orders.
	orders, err := s.orders.Where(ctx, bson.D{{Key: "customerId", Value: c.id}, {Key: "deliveredAt", Value: bson.D{{Key: "$exists", Value: true}}}})
	if err != nil {
		return nil, err
	}
	for _, o := range orders {
		files = append(files, o.Deliveries...)
	}
	slices.SortStableFunc(files, func(a, b File) int { return b.UploadedAt.Compare(a.UploadedAt) })
	return files, nil
}

func (s *service) OpenFile(ctx context.Context, id, uploadToken string) (File, io.ReadCloser, error) {
	f, err := s.files.Get(ctx, id)
	if err != nil {
		return File{}, nil, err
	}
	ok, err := s.mayRead(ctx, f, uploadToken)
	if err != nil {
		return File{}, nil, err
	}
	if !ok {
		return File{}, nil, ErrNotFound
	}
	r, err := s.files.Open(ctx, f.ID)
	if err != nil {
		return File{}, nil, err
	}
	return f, r, nil
}

// mayRead says who reaches a file: its uploader (a visitor through the upload token), staff,
// the customer of the order it was delivered for once it was delivered, and the translator
// assigned to an order it belongs to.
func (s *service) mayRead(ctx context.Context, f File, token string) (bool, error) {
	c := callerOf(ctx)
	switch {
	case c.admin(), c.id != "" && f.OwnerID == c.id:
		return true, nil
	case f.OwnerID == "" && token != "" && HashToken(token) == f.TokenHash:
		return s.tokens.Valid(ctx, token)
	case c.id == "":
		return false, nil
	}
	// An order's customer reaches what was delivered to it, its translator what it is made of.
	// The orders' own lists decide, not the file's last order: a translator may deliver one file
	// to two orders.
	orders, err := s.orders.Where(ctx, bson.D{{Key: "$or", Value: bson.A{
		bson.D{{Key: "customerId", Value: c.id}, {Key: "deliveries._id", Value: f.ID}},
		bson.D{{Key: "translatorId", Value: c.id}, {Key: "files._id", Value: f.ID}},
	}}})
	if err != nil {
		return false, err
	}
	return len(orders) > 0, nil
}

// QuoteInput is an estimate the customer turns into a quote, with instructions for the translator.
type QuoteInput struct {
	EstimateInput
	Brief string
}

func (s *service) CreateQuote(ctx context.Context, in QuoteInput) (*Quote, error) {
	c := callerOf(ctx)
	in.Brief = strings.TrimSpace(in.Brief)
	if utf8.RuneCountInString(in.Brief) > MaxBriefRunes {
		return nil, FieldErrors{"brief": "too_long"}
	}
	if len(in.FileIDs) > 0 && in.UploadToken != "" {
		// The visitor who uploaded has signed in: their files become their account's.
		if ok, err := s.tokens.Valid(ctx, in.UploadToken); err != nil {
			return nil, err
		} else if ok {
			if err := s.files.Claim(ctx, in.FileIDs, HashToken(in.UploadToken), c.id); err != nil {
				return nil, err
			}
		}
		in.UploadToken = ""
	}
	est, files, err := s.estimate(ctx, in.EstimateInput)
	if err != nil {
		return nil, err
	}
	now := s.now()
	number, err := s.counters.Next(ctx, "Q", now.Year())
	if err != nil {
		return nil, err
	}
	if files == nil {
		files = []File{}
	}
	q := &Quote{
		ID: newID(), Number: number, CustomerID: c.id, Status: QuotePending,
		Work: Work{
			Service: est.Service, SourceLanguage: strings.ToLower(strings.TrimSpace(in.SourceLanguage)), TargetLanguages: est.targets(),
			Urgency: est.Urgency, AddOns: nonNil(in.AddOns), Unit: est.Unit, Quantity: est.Quantity, Files: files, Brief: in.Brief,
			Lines: est.Lines, TotalUSD: est.TotalUSD, Total: est.Total, RateMicros: est.RateMicros, Window: est.Window,
		},
		CreatedAt: now, ExpiresAt: now.Add(QuoteValidity),
	}
	e, err := events.New(ctx, EventQuoteCreated, QuoteCreatedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID, Total: q.Total})
	if err != nil {
		return nil, err
	}
	q.Add(e)
	if err := s.quotes.Insert(ctx, q); err != nil {
		return nil, err
	}
	s.published()
	return q, nil
}

func (s *service) Quotes(ctx context.Context) ([]*Quote, error) {
	qs, err := s.quotes.Of(ctx, callerOf(ctx).id)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for _, q := range qs {
		q.Status = q.StatusAt(now)
	}
	return qs, nil
}

func (s *service) Quote(ctx context.Context, id string) (*Quote, error) {
	q, err := s.quoteOf(ctx, id, true)
	if err != nil {
		return nil, err
	}
	q.Status = q.StatusAt(s.now())
	return q, nil
}

// quoteOf loads a quote the caller may see: their own, or any for staff when staffToo.
func (s *service) quoteOf(ctx context.Context, id string, staffToo bool) (*Quote, error) {
	c := callerOf(ctx)
	q, err := s.quotes.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if q.CustomerID != c.id && !(staffToo && c.admin()) {
		return nil, ErrNotFound
	}
	return q, nil
}

// Approval is an approved quote and the order it became.
type Approval struct {
	Quote *Quote    `json:"quote"`
	Order OrderView `json:"order"`
	// Decided is true for the call that approved the quote, false when it was approved before.
	Decided bool `json:"-"`
}

func (s *service) ApproveQuote(ctx context.Context, id string) (Approval, error) {
	q, err := s.quoteOf(ctx, id, false)
	if err != nil {
		return Approval{}, err
	}
	decided := false
	if q.Status != QuoteApproved {
		now := s.now()
		orderNumber, err := s.counters.Next(ctx, "O", now.Year())
		if err != nil {
			return Approval{}, err
		}
		orderID := newID()
		q, err = s.quotes.Update(ctx, id, func(q *Quote) (*Quote, error) {
			decided = false
			if q.Status == QuoteApproved {
				return q, nil // approved meanwhile by a parallel request: keep its order
			}
			if err := q.approve(now, orderID, orderNumber); err != nil {
				return nil, err
			}
			decided = true
			e, err := events.New(ctx, EventQuoteApproved, QuoteApprovedData{
				QuoteID: q.ID, Number: q.Number, OrderID: q.OrderID, OrderNumber: q.OrderNumber, CustomerID: q.CustomerID,
				Service: q.Service, TotalUSD: q.TotalUSD.Amount, Total: q.Total, RateMicros: q.RateMicros,
			})
			if err != nil {
				return nil, err
			}
			q.Add(e)
			return q, nil
		})
		if err != nil {
			return Approval{}, err
		}
	}
	o, err := s.orderFor(ctx, q)
	if err != nil {
		return Approval{}, err
	}
	s.published()
	return Approval{Quote: q, Order: o.viewAt(s.now()), Decided: decided}, nil
}

// orderFor creates the order of an approved quote, or returns the one it already has.
func (s *service) orderFor(ctx context.Context, q *Quote) (*Order, error) {
	o := newOrder(q, s.now())
	if err := o.statusChanged(ctx); err != nil {
		return nil, err
	}
	return s.orders.Create(ctx, o)
}

func (s *service) EnsureOrder(ctx context.Context, quoteID string) error {
	q, err := s.quotes.Get(ctx, quoteID)
	if errors.Is(err, ErrNotFound) {
		return nil // not ours to repair
	}
	if err != nil || q.Status != QuoteApproved {
		return err
	}
	_, err = s.orderFor(ctx, q)
	s.published()
	return err
}

func (s *service) RejectQuote(ctx context.Context, id, reason string) (*Quote, error) {
	reason = strings.TrimSpace(reason)
	if utf8.RuneCountInString(reason) > 1000 {
		return nil, FieldErrors{"reason": "too_long"}
	}
	q, err := s.quoteOf(ctx, id, false)
	if err != nil {
		return nil, err
	}
	if q.Status == QuoteRejected {
		return q, nil
	}
	now := s.now()
	q, err = s.quotes.Update(ctx, id, func(q *Quote) (*Quote, error) {
		if err := q.reject(now, reason); err != nil {
			return nil, err
		}
		e, err := events.New(ctx, EventQuoteRejected, QuoteRejectedData{QuoteID: q.ID, Number: q.Number, CustomerID: q.CustomerID})
		if err != nil {
			return nil, err
		}
		q.Add(e)
		return q, nil
	})
	if err != nil {
		return nil, err
	}
	s.published()
	return q, nil
}

func (s *service) Orders(ctx context.Context) ([]OrderView, error) {
	c := callerOf(ctx)
	filter := bson.D{{Key: "customerId", Value: c.id}}
	switch c.role {
	case authn.RoleAdmin:
		filter = bson.D{}
	case authn.RoleTranslator:
		filter = bson.D{{Key: "translatorId", Value: c.id}}
	}
	orders, err := s.orders.Where(ctx, filter)
	if err != nil {
		return nil, err
	}
	now := s.now()
	views := make([]OrderView, len(orders))
	for i, o := range orders {
		views[i] = o.viewAt(now)
	}
	return views, nil
}

func (s *service) Order(ctx context.Context, id string) (OrderView, error) {
	o, err := s.orderOf(ctx, id)
	if err != nil {
		return OrderView{}, err
	}
	return o.viewAt(s.now()), nil
}

// orderOf loads an order the caller may see: their own, the one assigned to them, or any for staff.
func (s *service) orderOf(ctx context.Context, id string) (*Order, error) {
	c := callerOf(ctx)
	o, err := s.orders.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !c.admin() && (c.id == "" || (o.CustomerID != c.id && o.TranslatorID != c.id)) {
		return nil, ErrNotFound
	}
	return o, nil
}

// Errors of order actions.
var (
	ErrNotYours         = errors.New("only the order's customer may do this")
	ErrNotAssignedToYou = errors.New("the order is not assigned to you")
)

// transition moves an order the caller may see, after allowed checks who may make the move.
func (s *service) transition(ctx context.Context, id string, allowed func(c caller, o *Order) error, change func(o *Order, now time.Time) error) (OrderView, error) {
	if _, err := s.orderOf(ctx, id); err != nil {
		return OrderView{}, err
	}
	c := callerOf(ctx)
	now := s.now()
	o, err := s.orders.Update(ctx, id, func(o *Order) (*Order, error) {
		if err := allowed(c, o); err != nil {
			return nil, err
		}
		if err := change(o, now); err != nil {
			return nil, err
		}
		return o, o.statusChanged(ctx)
	})
	if err != nil {
		return OrderView{}, err
	}
	s.published()
	return o.viewAt(now), nil
}

func staffOnly(c caller, _ *Order) error {
	if !c.admin() {
		return authn.ErrForbidden
	}
	return nil
}

func customerOnly(c caller, o *Order) error {
	if o.CustomerID != c.id && !c.admin() {
		return authn.ErrForbidden
	}
	return nil
}

func (s *service) Assign(ctx context.Context, id, translatorID string) (OrderView, error) {
	translatorID = strings.TrimSpace(translatorID)
	return s.transition(ctx, id, staffOnly, func(o *Order, now time.Time) error {
		if translatorID == "" {
			if o.Status != RevisionRequested || o.TranslatorID == "" {
				return FieldErrors{"translatorId": "required"}
			}
			translatorID = o.TranslatorID // a revision goes back to whoever delivered
		}
		if err := o.move(Assigned, now, ""); err != nil {
			return err
		}
		o.TranslatorID = translatorID
		return nil
	})
}

func (s *service) Deliver(ctx context.Context, id string, fileIDs []string, note string) (OrderView, error) {
	c := callerOf(ctx)
	note = strings.TrimSpace(note)
	if utf8.RuneCountInString(note) > MaxReasonRunes {
		return OrderView{}, FieldErrors{"note": "too_long"}
	}
	if len(fileIDs) == 0 {
		return OrderView{}, FieldErrors{"fileIds": "required"}
	}
	if _, err := s.orderOf(ctx, id); err != nil {
		return OrderView{}, err
	}
	files, err := s.filesFor(ctx, fileIDs, "")
	if err != nil {
		return OrderView{}, err
	}
	// The files are marked first: a file marked for an order that then refuses the delivery is
	// harmless, because the order's own list of deliveries decides who may download.
	if err := s.files.MarkDelivered(ctx, fileIDs, c.id, id); err != nil {
		return OrderView{}, err
	}
	for i := range files {
		files[i].Purpose, files[i].OrderID = DeliveryFile, id
	}
	return s.transition(ctx, id, func(c caller, o *Order) error {
		if !c.admin() && o.TranslatorID != c.id {
			return ErrNotAssignedToYou
		}
		return nil
	}, func(o *Order, now time.Time) error {
		if err := o.move(Delivered, now, note); err != nil {
			return err
		}
		o.Deliveries = append(o.Deliveries, files...)
		o.DeliveryNote = note
		return nil
	})
}

func (s *service) Complete(ctx context.Context, id string) (OrderView, error) {
	return s.transition(ctx, id, customerOnly, func(o *Order, now time.Time) error {
		return o.move(Completed, now, "")
	})
}

func (s *service) RequestRevision(ctx context.Context, id, reason string) (OrderView, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return OrderView{}, FieldErrors{"reason": "required"}
	case utf8.RuneCountInString(reason) > MaxReasonRunes:
		return OrderView{}, FieldErrors{"reason": "too_long"}
	}
	return s.transition(ctx, id, func(c caller, o *Order) error {
		if o.CustomerID != c.id {
			return ErrNotYours
		}
		return nil
	}, func(o *Order, now time.Time) error {
		if err := o.move(RevisionRequested, now, reason); err != nil {
			return err
		}
		o.RevisionReason = reason
		return nil
	})
}

func (s *service) InvoicePaid(ctx context.Context, p InvoicePaidData) error {
	id := p.OrderID
	if p.QuoteID != "" {
		// The invoice was made from quote.approved; make sure the quote's order exists (the
		// approval may have stopped before writing it) and take its id from the quote.
		q, err := s.quotes.Get(ctx, p.QuoteID)
		if err != nil {
			return fmt.Errorf("invoice %s paid for quote %s: %w", p.InvoiceID, p.QuoteID, err)
		}
		if q.Status == QuoteApproved {
			if _, err := s.orderFor(ctx, q); err != nil {
				return err
			}
			id = q.OrderID
		}
	}
	now := s.now()
	_, err := s.orders.Update(ctx, id, func(o *Order) (*Order, error) {
		if o.Status != AwaitingPayment {
			return nil, errAlreadyApplied // a redelivered event, or paid twice: the first one counted
		}
		if err := o.move(InProgress, now, ""); err != nil {
			return nil, err
		}
		o.InvoiceID = p.InvoiceID
		return o, o.statusChanged(ctx)
	})
	switch {
	case errors.Is(err, errAlreadyApplied):
		return nil
	case errors.Is(err, ErrNotFound):
		return fmt.Errorf("invoice %s paid for unknown order %q: %w", p.InvoiceID, id, err)
	case err != nil:
		return err
	}
	s.published()
	return nil
}

var errAlreadyApplied = errors.New("already applied")

func (s *service) Sweep(ctx context.Context) error {
	now := s.now()
	if _, err := s.quotes.ExpireDue(ctx, now); err != nil {
		return err
	}
	// A visitor's files whose token has expired can no longer be claimed by anyone.
	if _, err := s.files.DeleteUnclaimed(ctx, now.Add(-UploadTokenTTL)); err != nil {
		return err
	}
	ids, err := s.orders.DeliveredBefore(ctx, now.Add(-RevisionWindow))
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		_, err := s.orders.Update(ctx, id, func(o *Order) (*Order, error) {
			if o.Status != Delivered || o.DeliveredAt == nil || now.Before(o.DeliveredAt.Add(RevisionWindow)) {
				return nil, errAlreadyApplied
			}
			if err := o.move(Completed, now, "auto"); err != nil {
				return nil, err
			}
			return o, o.statusChanged(ctx)
		})
		if err != nil && !errors.Is(err, errAlreadyApplied) {
			errs = append(errs, err)
		}
	}
	if len(ids) > 0 {
		s.published()
	}
	return errors.Join(errs...)
}

func (e EstimateAnswer) targets() []string {
	t := make([]string, len(e.Lines))
	for i, l := range e.Lines {
		t[i] = l.TargetLanguage
	}
	return t
}

func (pl PriceList) unitOf(service string) (Unit, bool) {
	for _, p := range pl.Services {
		if p.Service == service {
			return p.Unit, true
		}
	}
	return "", false
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (l Localized) in(lang string) string {
	if lang == "en" {
		return l.EN
	}
	return l.TR
}

// Validate checks a price list staff submit: every field the estimator relies on is present and sane.
func (pl PriceList) Validate() error {
	fields := FieldErrors{}
	if len(pl.Services) == 0 {
		fields["services"] = "required"
	}
	seen := map[string]bool{}
	for i, s := range pl.Services {
		key := fmt.Sprintf("services.%d", i)
		switch {
		case s.Service == "" || seen[s.Service]:
			fields[key+".service"] = "invalid"
		case s.Unit != PerWord && s.Unit != PerPage && s.Unit != PerMinute:
			fields[key+".unit"] = "invalid"
		case s.BaseRate <= 0:
			fields[key+".baseRate"] = "positive"
		case s.Minimum < 0:
			fields[key+".minimum"] = "not_negative"
		}
		seen[s.Service] = true
	}
	if len(pl.LanguageTiers) == 0 {
		fields["languageTiers"] = "required"
	}
	for code, tier := range pl.LanguageTiers {
		if pl.TierMultipliers[tier] <= 0 {
			fields["languageTiers."+code] = "unknown_tier"
		}
	}
	for _, u := range []Urgency{Normal, Urgent} {
		r, ok := pl.Urgencies[u]
		if !ok || r.Multiplier <= 0 || r.Window.MinDays <= 0 || r.Window.MaxDays < r.Window.MinDays {
			fields["urgencies."+string(u)] = "invalid"
		}
	}
	for i, a := range pl.AddOns {
		if a.ID == "" || (a.PerUnit > 0) == (a.PerTarget > 0) {
			fields[fmt.Sprintf("addOns.%d", i)] = "invalid"
		}
	}
	if len(fields) > 0 {
		return fields
	}
	return nil
}
