package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mailcapture"
	"linguaport/internal/placeholders"
	"linguaport/svc-auth/auth"
)

// mailFor waits for a mail to addr whose subject is subject.
func (f *fixture) mailFor(addr, subject string) mailcapture.Captured {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	m, err := f.mail.Wait(ctx, func(c mailcapture.Captured) bool { return c.To[0] == addr && c.Subject == subject })
	if err != nil {
		f.t.Fatalf("no mail %q to %s: %v (got %v)", subject, addr, err, subjects(f.mail.Messages()))
	}
	// Whatever mail a test waits for, no placeholder may be left in what its reader sees.
	if found := placeholders.FindIn(m.Subject, m.Text, placeholders.HTMLText(m.HTML)); found != nil {
		f.t.Errorf("mail %q to %s has placeholder text %q", subject, addr, found)
	}
	return m
}

// mailsFor counts the mails to addr with subject.
func (f *fixture) mailsFor(addr, subject string) int {
	n := 0
	for _, c := range f.mail.Messages() {
		if c.To[0] == addr && c.Subject == subject {
			n++
		}
	}
	return n
}

func subjects(ms []mailcapture.Captured) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.To[0] + ": " + m.Subject
	}
	return out
}

var verifyLink = regexp.MustCompile(`https://site\.test/(tr/eposta-dogrula|en/verify-email)\?token=([A-Za-z0-9_.-]+)`)

// linkIn finds a confirmation link in the text part and checks the HTML part has it as the button.
func linkIn(t *testing.T, m mailcapture.Captured, lang string) string {
	t.Helper()
	l := verifyLink.FindStringSubmatch(m.Text)
	if l == nil || !strings.HasPrefix(l[1], lang+"/") {
		t.Fatalf("no %s confirmation link in %q:\n%s", lang, m.Subject, m.Text)
	}
	if !strings.Contains(m.HTML, `href="`+l[0]+`"`) {
		t.Errorf("the HTML part lacks the button to %s", l[0])
	}
	return l[2]
}

// Signing up mails a welcome in the page's language, HTML with a text part, with an absolute link
// that confirms the address once; a used, altered or expired link is refused with a reason in the
// language of the request.
func TestRegistrationMailsAConfirmationLink(t *testing.T) {
	clock := &fakeClock{}
	f := startFixture(t, fixtureConfig{clock: clock})
	en := f.browser("en")
	en.register("Elif Şahin", "elif@example.com")
	if me := en.do("GET", "me", nil); me.user()["emailVerified"] != false {
		t.Fatalf("a new address is not confirmed yet: %s", me.raw)
	}
	welcome := f.mailFor("elif@example.com", "Welcome to LinguaPort")
	if welcome.HTML == "" || !strings.Contains(welcome.HTML, `lang="en"`) || !strings.Contains(welcome.Text, "Hello Elif Şahin,") ||
		!strings.Contains(welcome.Text, "The link works for 7 days") || strings.Contains(welcome.Text, "To stop these mails") {
		t.Errorf("welcome:\n%s", welcome.Text)
	}
	token := linkIn(t, welcome, "en")

	tr := f.browser("tr")
	for _, bad := range []string{"not-a-token", token + "x", "eA." + strings.SplitN(token, ".", 2)[1]} {
		if a := tr.do("POST", "verify", map[string]any{"token": bad}); a.status != 400 || a.code() != "verification_invalid" || !strings.Contains(a.message(), "doğrulama bağlantısı geçersiz") {
			t.Errorf("token %q: %d %s", bad, a.status, a.raw)
		}
	}
	if a := tr.do("POST", "verify", map[string]any{}); a.status != 400 || a.field("token") != "Bu alan zorunludur." {
		t.Errorf("no token: %d %s", a.status, a.raw)
	}
	// Opened in another browser, signed out: the token is what counts.
	if a := f.browser("en").do("POST", "verify", map[string]any{"token": token}); a.status != 204 {
		t.Fatalf("verify: %d %s", a.status, a.raw)
	}
	if me := en.do("GET", "me", nil); me.user()["emailVerified"] != true {
		t.Errorf("after confirming: %s", me.raw)
	}
	if a := tr.do("POST", "verify", map[string]any{"token": token}); a.status != 409 || a.code() != "verification_used" || !strings.Contains(a.message(), "daha önce kullanıldı") {
		t.Errorf("a used link: %d %s", a.status, a.raw)
	}
	if a := en.do("POST", "verify/resend", nil); a.status != 409 || a.code() != "already_verified" {
		t.Errorf("a new link for a confirmed address: %d %s", a.status, a.raw)
	}

	// Turkish, and a link left past its week.
	trb := f.browser("tr")
	trb.register("Ayşe Yılmaz", "ayse@example.com")
	hosgeldin := f.mailFor("ayse@example.com", "LinguaPort'a hoş geldiniz")
	if !strings.Contains(hosgeldin.Text, "Merhaba Ayşe Yılmaz,") || !strings.Contains(hosgeldin.HTML, `lang="tr"`) {
		t.Errorf("hoş geldiniz:\n%s", hosgeldin.Text)
	}
	late := linkIn(t, hosgeldin, "tr")
	clock.Advance(auth.VerifyTTL + time.Minute)
	if a := f.browser("en").do("POST", "verify", map[string]any{"token": late}); a.status != 410 || a.code() != "verification_expired" || a.message() != "This confirmation link has expired. Ask for a new one in your account." {
		t.Errorf("an expired link: %d %s", a.status, a.raw)
	}
	if me := trb.do("GET", "me", nil); me.user()["emailVerified"] != false {
		t.Errorf("an expired link confirmed the address: %s", me.raw)
	}
}

// A signed-in user asks for a new link: it comes in the page's language and works; asking is
// limited per account (3 an hour in the fixture).
func TestResendConfirmationLink(t *testing.T) {
	f := newFixture(t)
	b := f.browser("tr")
	b.register("Can Demir", "can@example.com")
	f.mailFor("can@example.com", "LinguaPort'a hoş geldiniz")
	if a := f.browser("tr").do("POST", "verify/resend", nil); a.status != 401 {
		t.Errorf("signed out: %d %s", a.status, a.raw)
	}
	if a := b.do("POST", "verify/resend", nil); a.status != 202 {
		t.Fatalf("resend: %d %s", a.status, a.raw)
	}
	again := f.mailFor("can@example.com", "E-posta adresinizi doğrulayın")
	token := linkIn(t, again, "tr")
	for range 2 {
		if a := b.do("POST", "verify/resend", nil); a.status != 202 {
			t.Fatalf("resend: %d %s", a.status, a.raw)
		}
	}
	if a := b.do("POST", "verify/resend", nil); a.status != 429 || a.code() != "too_many_attempts" || a.header.Get("Retry-After") == "" {
		t.Errorf("a fourth link within the hour: %d %s", a.status, a.raw)
	}
	// The first link asked for still works after later ones: the account keeps the newest few.
	if a := f.browser("tr").do("POST", "verify", map[string]any{"token": token}); a.status != 204 {
		t.Fatalf("verify with the resent link: %d %s", a.status, a.raw)
	}
	if me := b.do("GET", "me", nil); me.user()["emailVerified"] != true {
		t.Errorf("after confirming: %s", me.raw)
	}
}

// A reset link and a password change are security mails: they always go, with no unsubscribe,
// and using a mailed reset link confirms the address.
func TestSecurityMails(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Nur Çelik", "nur@example.com")
	token := f.resetToken("nur@example.com")
	if a := f.browser("en").do("POST", "password/reset", map[string]any{"token": token, "newPassword": "Bambaska-Parola-1", "confirmPassword": "Bambaska-Parola-1"}); a.status != 204 {
		t.Fatalf("reset: %d %s", a.status, a.raw)
	}
	changed := f.mailFor("nur@example.com", "Your LinguaPort password was changed")
	if !strings.Contains(changed.Text, "Changed at: ") || !strings.Contains(changed.Text, "(Istanbul time)") || !strings.Contains(changed.Text, "https://site.test/en/login") ||
		strings.Contains(changed.Text, "To stop these mails") || !strings.Contains(changed.Text, "security mails cannot be turned off") {
		t.Errorf("password changed:\n%s", changed.Text)
	}
	l := f.browser("en")
	if a := l.do("POST", "login", map[string]any{"email": "nur@example.com", "password": "Bambaska-Parola-1"}); a.status != 200 || a.user()["emailVerified"] != true {
		t.Errorf("a used reset link confirms the address: %d %s", a.status, a.raw)
	}
	if a := l.do("POST", "password", map[string]any{"currentPassword": "Bambaska-Parola-1", "newPassword": "Ucuncu-Parola-33", "confirmPassword": "Ucuncu-Parola-33"}); a.status != 204 {
		t.Fatalf("change: %d %s", a.status, a.raw)
	}
	deadline := time.Now().Add(10 * time.Second)
	for f.mailsFor("nur@example.com", "Your LinguaPort password was changed") < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := f.mailsFor("nur@example.com", "Your LinguaPort password was changed"); n != 2 {
		t.Errorf("%d password-changed mails after a reset and a change, want 2", n)
	}
	if n := f.mailsFor("nur@example.com", "Reset your LinguaPort password"); n != 1 {
		t.Errorf("%d reset mails for one request", n)
	}
}

// An order's delivery mails the customer once, however often the event arrives (redelivered by
// the stream, and again past the consumer's record of it), with an absolute link to the order.
func TestRedeliveredEventQueuesOneMail(t *testing.T) {
	f := newFixture(t)
	b := f.browser("en")
	b.register("Selin Kaya", "selin@example.com")
	userID := b.do("GET", "me", nil).user()["id"].(string)
	ctx := context.Background()
	at := time.Date(2026, 12, 4, 15, 0, 0, 0, time.UTC)
	delivered, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o1", "number": "O-2026-00007", "customerId": userID, "status": "delivered", "at": at})
	pub := events.NewPublisher(f.redis.Client)
	for range 2 {
		if err := pub.Publish(ctx, events.Stream("orders"), delivered); err != nil {
			t.Fatal(err)
		}
	}
	m := f.mailFor("selin@example.com", "Your translation is ready: O-2026-00007")
	if err := f.inbox(ctx, delivered); err != nil { // the consumer crashed before recording it
		t.Fatal(err)
	}
	if !strings.Contains(m.HTML, `href="https://site.test/en/account/orders/o1"`) || !strings.Contains(m.Text, "Delivered: 4 December 2026, 18:00 (Istanbul time)") ||
		strings.Contains(m.Text, "To stop these mails") {
		t.Errorf("delivered:\n%s", m.Text)
	}
	time.Sleep(500 * time.Millisecond)
	if n := f.mailsFor("selin@example.com", "Your translation is ready: O-2026-00007"); n != 1 {
		t.Errorf("%d mails for one delivery", n)
	}
}

// Job offers are optional: they carry a one-click unsubscribe, which turns them off with a POST
// as RFC 8058 has mail clients send it, without a session; turned off, none is sent. Settings
// turn them on again. The token is good for that one category of that one account only.
func TestOptionalMailsAndOneClickUnsubscribe(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	translator, err := auth.NewService(f.store, nil, nil, newID).CreateUser(ctx, "Can Çevirmen", "can@example.com", goodPassword, authn.RoleTranslator)
	if err != nil {
		t.Fatal(err)
	}
	pub := events.NewPublisher(f.redis.Client)
	batch := func(numbers ...string) events.Event {
		jobs := []map[string]any{}
		for _, n := range numbers {
			jobs = append(jobs, map[string]any{"orderId": "id-" + n, "number": n, "service": "professional-translation", "sourceLanguage": "tr", "targetLanguages": []string{"en"}})
		}
		e, _ := events.New(ctx, auth.EventJobsAvailable, map[string]any{"translatorId": translator.ID, "jobs": jobs, "count": len(jobs), "at": time.Now().UTC()})
		if err := pub.Publish(ctx, events.Stream("orders"), e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	batch("O-2026-00011", "O-2026-00012")
	offer := f.mailFor("can@example.com", "Havuzunuzda yeni işler var (2)")
	stop := regexp.MustCompile(`Bu e-postaları almak istemiyorsanız: (https://site\.test/api/v1/auth/unsubscribe/(\S+)\?lang=tr)`).FindStringSubmatch(offer.Text)
	if stop == nil || !strings.Contains(offer.HTML, `href="`+stop[1]+`"`) || !strings.Contains(offer.Text, "İşler: O-2026-00011, O-2026-00012") ||
		!strings.Contains(offer.HTML, `href="https://site.test/tr/hesabim/havuzdaki-isler"`) {
		t.Fatalf("offer:\n%s", offer.Text)
	}
	path := strings.TrimPrefix(stop[1], "https://site.test")

	// A visit shows the site's page, and turns nothing off.
	resp, err := noRedirect.Get(f.url + path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/tr/abonelikten-cik?token="+url.QueryEscape(stop[2]) {
		t.Errorf("a visit: %d → %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	b := f.browser("en")
	if a := b.do("POST", "login", map[string]any{"email": "can@example.com", "password": goodPassword}); a.status != 200 {
		t.Fatal(a.raw)
	}
	if p := b.do("GET", "me/mail-preferences", nil); p.body["offers"] != true || p.body["reminders"] != true {
		t.Fatalf("preferences after a visit: %s", p.raw)
	}

	// Tampering: another category, another account, a broken signature.
	parts := strings.Split(stop[2], ".")
	for _, forged := range []string{parts[0] + ".reminders." + parts[2], "eA.offers." + parts[2], parts[0] + ".offers." + parts[2][:10]} {
		if a := f.browser("en").do("POST", "unsubscribe/"+forged, nil); a.status != 400 || a.code() != "unsubscribe_invalid" || !strings.Contains(a.message(), "This unsubscribe link is not valid") {
			t.Errorf("forged %q: %d %s", forged, a.status, a.raw)
		}
	}

	// The one-click POST: form-encoded, no cookies, no Origin.
	req, _ := http.NewRequest("POST", f.url+path, strings.NewReader("List-Unsubscribe=One-Click"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("one-click: %d", resp.StatusCode)
	}
	if p := b.do("GET", "me/mail-preferences", nil); p.body["offers"] != false || p.body["reminders"] != true {
		t.Errorf("preferences after one click: %s", p.raw)
	}
	// A second click (the reader after their mail client) is answered the same.
	if a := f.browser("tr").do("POST", "unsubscribe/"+stop[2], nil); a.status != 200 || a.body["category"] != "offers" {
		t.Errorf("a second click: %d %s", a.status, a.raw)
	}

	// Turned off, the next batch is not sent; a mail the translator must get still is.
	batch("O-2026-00013")
	revision, _ := events.New(ctx, auth.EventOrderStatusChanged, map[string]any{"orderId": "o14", "number": "O-2026-00014", "customerId": "someone",
		"translatorId": translator.ID, "status": "revision_requested", "at": time.Now().UTC()})
	if err := pub.Publish(ctx, events.Stream("orders"), revision); err != nil {
		t.Fatal(err)
	}
	asked := f.mailFor("can@example.com", "Düzeltme istendi: O-2026-00014")
	if !strings.Contains(asked.Text, "Sipariş: O-2026-00014") || !strings.Contains(asked.HTML, `href="https://site.test/tr/hesabim/aktif-islerim"`) || strings.Contains(asked.Text, "almak istemiyorsanız") {
		t.Errorf("revision requested:\n%s", asked.Text)
	}
	time.Sleep(300 * time.Millisecond)
	if n := f.mailsFor("can@example.com", "Havuzunuzda yeni işler var (1)"); n != 0 {
		t.Errorf("an offer was mailed after offers were turned off")
	}

	// Settings turn offers on again; both switches are required.
	if a := b.do("PUT", "me/mail-preferences", map[string]any{"offers": true}); a.status != 400 || a.field("reminders") != "This field is required." {
		t.Errorf("half a form: %d %s", a.status, a.raw)
	}
	if a := b.do("PUT", "me/mail-preferences", map[string]any{"offers": true, "reminders": false}); a.status != 200 || a.body["offers"] != true || a.body["reminders"] != false {
		t.Errorf("save: %d %s", a.status, a.raw)
	}
	batch("O-2026-00015")
	f.mailFor("can@example.com", "Havuzunuzda yeni işler var (1)")
}

// The renderer, asked directly: optional kinds carry the one-click address, the ones a user must
// get never do; a reader whose account is gone, or who turned the kind off, is skipped.
func TestRendererUnsubscribeOnlyOnOptionalMails(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	b := f.browser("en")
	b.register("Deniz Arslan", "deniz@example.com")
	uid := b.do("GET", "me", nil).user()["id"].(string)
	render := func(kind, to string, data any) (string, error) {
		t.Helper()
		m, err := mailbox.New("test-"+kind, kind, to, "en", data, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		msg, err := f.mails.Render(ctx, m)
		if err == nil && (msg.HTML == "" || msg.Text == "" || !strings.HasSuffix(msg.To[0], "<deniz@example.com>")) {
			t.Errorf("%s: %+v", kind, msg)
		}
		return msg.Unsubscribe, err
	}
	for kind, data := range map[string]any{
		auth.KindWelcome: map[string]any{}, auth.KindPasswordChanged: nil, auth.KindPasswordReset: nil,
		auth.KindOrderDelivered: map[string]any{"orderId": "o1", "number": "O-1"}, auth.KindRevisionAsked: map[string]any{"orderId": "o1", "number": "O-1"},
		auth.KindTicketAnswered: map[string]any{"ticketId": "t1", "subject": "Fatura"},
	} {
		if u, err := render(kind, uid, data); err != nil || u != "" {
			t.Errorf("%s must get: unsubscribe %q, %v", kind, u, err)
		}
	}
	m, _ := mailbox.New("test-revision", auth.KindRevisionAsked, uid, "", map[string]any{"orderId": "o1", "number": "O-1",
		"reason": "Terms differ from the glossary", "due": time.Date(2026, 12, 6, 9, 30, 0, 0, time.UTC)}, time.Now())
	if msg, err := f.mails.Render(ctx, m); err != nil || !strings.Contains(msg.Text, "Reason: Terms differ from the glossary\nDue: 6 December 2026, 12:30 (Istanbul time)") {
		t.Errorf("a revision's reason and deadline: %v\n%s", err, msg.Text)
	}
	u, err := render(auth.KindJobOffers, uid, map[string]any{"numbers": []string{"O-1"}, "count": 1})
	if err != nil || !strings.HasPrefix(u, "https://site.test/api/v1/auth/unsubscribe/") || !strings.HasSuffix(u, "?lang=en") {
		t.Errorf("offers: unsubscribe %q, %v", u, err)
	}
	if a := b.do("PUT", "me/mail-preferences", map[string]any{"offers": false, "reminders": true}); a.status != 200 {
		t.Fatal(a.raw)
	}
	if _, err := render(auth.KindJobOffers, uid, map[string]any{"numbers": []string{"O-1"}, "count": 1}); !errors.Is(err, mailbox.ErrSkip) {
		t.Errorf("offers turned off: %v", err)
	}
	if _, err := render(auth.KindOrderDelivered, "no-such-account", map[string]any{"orderId": "o1", "number": "O-1"}); !errors.Is(err, mailbox.ErrSkip) {
		t.Errorf("an account gone: %v", err)
	}
}

// An escalation is mailed to the agency's staff address once, in its language (Turkish by
// default), linking to the order in the back office.
func TestStaffMail(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	e, _ := events.New(ctx, auth.EventOrderEscalated, map[string]any{"orderId": "o9", "number": "O-2026-00009", "customerId": "c1", "reason": "unclaimed", "at": time.Now().UTC()})
	for range 2 {
		if err := f.inbox(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	m := f.mailFor(staffAddress, "Çevirmen bekleyen iş: O-2026-00009")
	if !strings.Contains(m.Text, "Merhaba LinguaPort ekibi,") || !strings.Contains(m.HTML, `href="https://site.test/tr/yonetim/siparisler/o9"`) ||
		!strings.Contains(m.Text, "İstanbul saati") {
		t.Errorf("staff mail:\n%s", m.Text)
	}
	time.Sleep(300 * time.Millisecond)
	if n := f.mailsFor(staffAddress, "Çevirmen bekleyen iş: O-2026-00009"); n != 1 {
		t.Errorf("%d staff mails for one escalation", n)
	}
}

// A reset mail rendered again (its send retried, or repeated after a crash between the server's
// acceptance and the relay's record) carries the same link, which still works once only.
func TestResentResetMailCarriesTheSameLink(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	b := f.browser("en")
	b.register("Ece Aydın", "ece@example.com")
	uid := b.do("GET", "me", nil).user()["id"].(string)
	m, _ := mailbox.New("reset-again", auth.KindPasswordReset, uid, "en", nil, time.Now())
	link := func() string {
		t.Helper()
		msg, err := f.mails.Render(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		l := linkPattern.FindStringSubmatch(msg.Text)
		if l == nil {
			t.Fatalf("no reset link:\n%s", msg.Text)
		}
		return l[2]
	}
	first := link()
	if again := link(); again != first {
		t.Fatalf("a mail rendered twice carries two links: %s, %s", first, again)
	}
	reset := func(password string) answer {
		return f.browser("en").do("POST", "password/reset", map[string]any{"token": first, "newPassword": password, "confirmPassword": password})
	}
	if a := reset("Yeni-Parola-2026"); a.status != 204 {
		t.Fatalf("reset: %d %s", a.status, a.raw)
	}
	if link() != first {
		t.Fatal("the link changed after it was used")
	}
	if a := reset("Baska-Parola-2027"); a.status != 400 || a.code() != "invalid_token" {
		t.Errorf("the link rendered again after its use: %d %s", a.status, a.raw)
	}
}
