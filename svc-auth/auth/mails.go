package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"net/url"
	"slices"
	"strings"
	"time"

	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/outbox"
)

// Every mail svc-auth sends is queued in the write that causes it (DESIGN §13): in the account's
// document (welcome and confirmation, password links and changes), in the system message an event
// becomes (messageDoc.withMail), or in mails, one document per mail, for the agency's own address
// and addresses without an account. The relays of those three collections (StartMail) hand each
// queued mail to Mails.Render, which decides what it says when it is sent, from the table of kinds
// (mails_kinds.go), in the reader's language.

// StaffRecipient is the To of a mail for the agency's staff: Render sends it to STAFF_MAIL_TO, in
// STAFF_MAIL_LANG, whatever they were when it was queued.
const StaffRecipient = "staff"

// Optional mail categories a user may turn off (settings, or the one-click link in the mail).
// Mails of no category (invoices, receipts, security, what a user's own order does) always go.
const (
	CategoryOffers    = "offers"    // job offers for translators
	CategoryReminders = "reminders" // deadlines coming near and other reminders
)

// mailCategories are the optional categories, in the order settings shows them.
var mailCategories = []string{CategoryOffers, CategoryReminders}

// MailConfig is what the renderer needs besides the accounts.
type MailConfig struct {
	// SiteURL is where links point (SITE_URL): https://www.linguaport.com.
	SiteURL string
	// Secret signs the links mails carry (MAIL_LINK_SECRET): one-click unsubscribe, address
	// verification and password links are derived from it and the mail's id.
	Secret []byte
	// StaffTo and StaffLang are the agency's own address for staff mails and their language
	// (STAFF_MAIL_TO, STAFF_MAIL_LANG).
	StaffTo   string
	StaffLang i18n.Lang
	// Footer is the agency's facts every mail ends with, one line each
	// (company.Facts.MailFooter, read from COMPANY_FACTS_FILE).
	Footer func(i18n.Lang) []string
}

func (m *Mails) footer(lang i18n.Lang) []string {
	if m.cfg.Footer == nil {
		return nil
	}
	return m.cfg.Footer(lang)
}

// resetIssuer makes a mailed password link work (Sessions.IssueResetToken).
type resetIssuer interface {
	IssueResetToken(ctx context.Context, uid, token string, ttl time.Duration) error
}

// Mails renders svc-auth's queued mails (a mailbox.Render).
type Mails struct {
	store  Store
	resets resetIssuer
	cfg    MailConfig
	links  mailLinks
}

// NewMails returns the renderer of the mails queued in store's collections; resets issues the
// tokens of mailed password links when they are sent.
func NewMails(store Store, resets resetIssuer, cfg MailConfig) *Mails {
	if cfg.StaffLang == "" {
		cfg.StaffLang = i18n.TR
	}
	cfg.SiteURL = strings.TrimRight(cfg.SiteURL, "/")
	return &Mails{store: store, resets: resets, cfg: cfg, links: mailLinks{key: cfg.Secret}}
}

// Render turns a queued mail into the message to send: it finds the reader (an account, the
// staff address, or a literal address), their language, whether they still want this kind, and
// lays out the kind's words. A reader gone or a kind turned off is mailbox.ErrSkip; a kind this
// version does not know is dropped (outbox.ErrDrop); a store that does not answer is retried.
func (m *Mails) Render(ctx context.Context, ml mailbox.Mail) (mail.Message, error) {
	k, ok := mailKinds[ml.Kind]
	if !ok {
		return mail.Message{}, fmt.Errorf("%w: no mail kind %q", outbox.ErrDrop, ml.Kind)
	}
	c := &composer{ctx: ctx, m: m, mail: ml, vars: map[string]string{}}
	switch {
	case ml.To == StaffRecipient:
		if m.cfg.StaffTo == "" {
			return mail.Message{}, fmt.Errorf("%w: no staff address (STAFF_MAIL_TO)", outbox.ErrDrop)
		}
		c.to, c.lang, c.staff = m.cfg.StaffTo, m.cfg.StaffLang, true
	case strings.Contains(ml.To, "@"):
		c.to, c.lang = ml.To, i18n.Parse(ml.Lang)
	default:
		u, err := m.store.UserByID(ctx, ml.To)
		if errors.Is(err, ErrNotFound) {
			return mail.Message{}, fmt.Errorf("account %s is gone: %w", ml.To, mailbox.ErrSkip)
		}
		if err != nil {
			return mail.Message{}, err
		}
		if k.Category != "" && slices.Contains(u.MailOff, k.Category) {
			return mail.Message{}, fmt.Errorf("%s mails turned off: %w", k.Category, mailbox.ErrSkip)
		}
		c.user = u
		c.to = (&netmail.Address{Name: u.FullName, Address: u.Email}).String()
		c.lang = readerLang(u.Lang, ml.Lang)
		c.vars["name"] = u.FullName
	}
	if k.Fill != nil {
		if err := errors.Join(k.Fill(c), c.err); err != nil {
			return mail.Message{}, fmt.Errorf("mail %s (%s): %w", ml.ID, ml.Kind, err)
		}
	}
	button := k.Button
	if c.button != (i18n.Text{}) {
		button = c.button
	}
	p := mailbox.Page{
		Lang: c.lang, To: c.to, Subject: c.say(k.Subject), Greeting: c.greeting(),
		Lines: c.sayAll(append(slices.Clip(k.Lines), c.lines...)), Facts: c.facts, After: c.sayAll(k.After), Why: c.say(k.Why),
		Footer: m.footer(c.lang),
	}
	if c.link != "" {
		p.Action = &mailbox.Link{Label: c.say(button), URL: c.link}
	}
	if k.Category != "" && c.user != nil {
		p.Unsubscribe = m.unsubscribeURL(c.user.ID, k.Category, c.lang)
	}
	return p.Message()
}

// readerLang is the account's language, else the one of the request or event that caused the mail.
func readerLang(account, cause string) i18n.Lang {
	if i18n.Valid(account) {
		return i18n.Lang(account)
	}
	return i18n.Parse(cause)
}

// composer is one mail being written: who reads it, in which language, and what a kind's Fill
// found in the payload (the words for the texts' {placeholders}, the facts, the button's link).
type composer struct {
	ctx   context.Context
	m     *Mails
	mail  mailbox.Mail
	lang  i18n.Lang
	to    string
	user  *userDoc // nil for a mail to an address
	staff bool
	vars  map[string]string
	facts []mailbox.Fact
	lines []i18n.Text // said after the kind's own Lines
	link  string
	// button, when set, words the button instead of the kind's Button.
	button i18n.Text
	err    error // a page the site has no address for
}

// add says one more line after the kind's Lines.
func (c *composer) add(line i18n.Text) { c.lines = append(c.lines, line) }

// decode reads the mail's payload into v; a payload that does not decode never will, so the
// mail is dropped rather than retried.
func (c *composer) decode(v any) error {
	if err := c.mail.Decode(v); err != nil {
		return fmt.Errorf("%w: payload: %w", outbox.ErrDrop, err)
	}
	return nil
}

// set gives {key} in the kind's texts its value.
func (c *composer) set(key, value string) { c.vars[key] = value }

// fact adds a labelled row; an empty value adds none.
func (c *composer) fact(label i18n.Text, value string) {
	if value != "" {
		c.facts = append(c.facts, mailbox.Fact{Label: label.In(c.lang), Value: value})
	}
}

// when writes t as a reader reads it: Istanbul time, zone named.
func (c *composer) when(t time.Time) string { return i18n.DateTime(t, c.lang) }

// page is the absolute address of one of the site's pages in the reader's language, with more
// path segments (an order's id) and a query.
func (c *composer) page(key string, rest ...string) string {
	u, err := c.m.pageURL(key, c.lang, rest...)
	if err != nil {
		c.err = fmt.Errorf("%w: %w", outbox.ErrDrop, err)
	}
	return u
}

func (c *composer) say(t i18n.Text) string {
	s := t.In(c.lang)
	if !strings.Contains(s, "{") {
		return s
	}
	pairs := make([]string, 0, 2*len(c.vars))
	for k, v := range c.vars {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

func (c *composer) sayAll(ts []i18n.Text) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		if s := c.say(t); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func (c *composer) greeting() string {
	switch {
	case c.vars["name"] != "":
		return c.say(i18n.Text{TR: "Merhaba {name},", EN: "Hello {name},"})
	case c.staff:
		return i18n.Text{TR: "Merhaba LinguaPort ekibi,", EN: "Hello LinguaPort team,"}.In(c.lang)
	}
	return i18n.Text{TR: "Merhaba,", EN: "Hello,"}.In(c.lang)
}

// sitePages are the pages mails link to, in both languages: the same paths as the web UI's one
// map (webui/src/config/paths.js; mails_test.go checks each segment is there).
var sitePages = map[string]i18n.Text{
	"login":        {TR: "/tr/giris", EN: "/en/login"},
	"verify":       {TR: "/tr/eposta-dogrula", EN: "/en/verify-email"},
	"reset":        {TR: "/tr/parola-sifirla", EN: "/en/reset-password"},
	"unsubscribed": {TR: "/tr/abonelikten-cik", EN: "/en/unsubscribe"},
	"overview":     {TR: "/tr/hesabim/genel-bakis", EN: "/en/account/overview"},
	"settings":     {TR: "/tr/hesabim/ayarlar", EN: "/en/account/settings"},
	"webhooks":     {TR: "/tr/hesabim/ayarlar/webhooklar", EN: "/en/account/settings/webhooks"},
	"order":        {TR: "/tr/hesabim/siparislerim", EN: "/en/account/orders"},
	"activeJobs":   {TR: "/tr/hesabim/aktif-islerim", EN: "/en/account/active-jobs"},
	"jobPool":      {TR: "/tr/hesabim/havuzdaki-isler", EN: "/en/account/job-pool"},
	"support":      {TR: "/tr/hesabim/destek", EN: "/en/account/support"},
	"ticket":       {TR: "/tr/hesabim/destek/talepler", EN: "/en/account/support/tickets"},
	"admin":        {TR: "/tr/yonetim", EN: "/en/admin"},
	"adminOrder":   {TR: "/tr/yonetim/siparisler", EN: "/en/admin/orders"},
	"quote":        {TR: "/tr/hesabim/siparislerim/teklifler", EN: "/en/account/orders/quotes"},
	"earnings":     {TR: "/tr/hesabim/kazanclar", EN: "/en/account/earnings"},

	"adminApplication": {TR: "/tr/yonetim/basvurular", EN: "/en/admin/applications"},
	"adminTicket":      {TR: "/tr/yonetim/talepler", EN: "/en/admin/tickets"},
	"adminTransfers":   {TR: "/tr/yonetim/havaleler", EN: "/en/admin/transfers"},
	"adminChat":        {TR: "/tr/yonetim/canli-destek", EN: "/en/admin/live-chat"},
	// A visitor's KVKK request: confirming it, and downloading its copy.
	"privacyRequest": {TR: "/tr/kvkk-basvurusu", EN: "/en/data-request"},
}

func (m *Mails) pageURL(key string, lang i18n.Lang, rest ...string) (string, error) {
	p, ok := sitePages[key]
	if !ok {
		return "", fmt.Errorf("no site page %q", key) // a kind naming a page this table lacks
	}
	var b strings.Builder
	b.WriteString(m.cfg.SiteURL)
	b.WriteString(p.In(lang))
	for _, r := range rest {
		if q, ok := strings.CutPrefix(r, "?"); ok {
			b.WriteString("?" + q)
			continue
		}
		b.WriteString("/" + url.PathEscape(r))
	}
	return b.String(), nil
}

// unsubscribeURL is the one-click address of a category's mails for one account (RFC 8058): a
// POST to it turns them off, a visit shows a page that does (unsubscribe.go).
func (m *Mails) unsubscribeURL(uid, category string, lang i18n.Lang) string {
	return m.cfg.SiteURL + "/api/v1/auth/unsubscribe/" + m.links.unsubscribeToken(uid, category) + "?lang=" + string(lang)
}

// MailRelays send what svc-auth's collections queue.
type MailRelays struct {
	Users, Messages, Mails, Privacy *mailbox.Relay
}

// StartMail makes the relays of the store's mails, rendered by render and sent by sender, and
// has every write that queues a mail tell its relay at once. Call Run to send.
func (s *MongoStore) StartMail(render mailbox.Render, sender mailbox.Sender, log *slog.Logger, sweepEvery time.Duration) *MailRelays {
	r := &MailRelays{
		Users:    mailbox.NewRelay(s.users, render, sender, log, sweepEvery),
		Messages: mailbox.NewRelay(s.messages, render, sender, log, sweepEvery),
		Mails:    mailbox.NewRelay(s.mails, render, sender, log, sweepEvery),
		Privacy:  mailbox.NewRelay(s.privacy, render, sender, log, sweepEvery),
	}
	s.kickUsers, s.kickMessages, s.kickMails, s.kickPrivacyMails = r.Users.Kick, r.Messages.Kick, r.Mails.Kick, r.Privacy.Kick
	return r
}

// Run sends until ctx ends.
func (r *MailRelays) Run(ctx context.Context) {
	relays := []*mailbox.Relay{r.Users, r.Messages, r.Mails, r.Privacy}
	done := make(chan struct{}, len(relays))
	for _, relay := range relays {
		go func() { relay.Run(ctx); done <- struct{}{} }()
	}
	for range relays {
		<-done
	}
}

// newMail builds a queued mail; the payloads are this package's own structs, which always encode.
func newMail(id, kind, to, lang string, data any, now time.Time) mailbox.Mail {
	m, err := mailbox.New(id, kind, to, lang, data, now)
	if err != nil {
		panic(err)
	}
	return m
}

// staffMail is a mail to the agency's staff address; queue it with MongoStore.AddMail. id is
// derived from its cause ("<event id>/staff.new_ticket"), so a redelivered event queues none.
func staffMail(id, kind string, data any, now time.Time) mailbox.Mail {
	return newMail(id, kind, StaffRecipient, "", data, now)
}
