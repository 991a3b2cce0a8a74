package auth_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/events"
	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
	"linguaport/internal/testenv"
	"linguaport/svc-auth/auth"
)

// translatorsFixture is svc-auth's store and sessions with its consumer of svc-translators'
// stream, mail going to a capture server, as main wires them.
type translatorsFixture struct {
	store   *auth.MongoStore
	svc     auth.Service
	handle  events.Handler
	publish func(events.Event)
	mail    *mailcapture.Server
}

func newTranslatorsFixture(t *testing.T) *translatorsFixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	db := testenv.Mongo(t)
	r := testenv.StartRedis(t)
	capture, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = capture.Close() })
	store, err := auth.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := auth.SigningKey(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	sessions := auth.NewSessions(r.Client)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	relays := store.StartMail(auth.NewMails(store, sessions, auth.MailConfig{SiteURL: "https://site.test", Secret: linkSecret, StaffTo: staffAddress}).Render,
		mail.NewSender(mail.Config{Addr: capture.Addr(), From: mail.DefaultFrom}), log, time.Hour)
	relaysDone := make(chan struct{})
	go func() { relays.Run(ctx); close(relaysDone) }()
	handle := auth.TranslatorHandler(store, log)
	consumer := events.NewConsumer(r.Client, events.Stream("translators"), "svc-auth", db.Collection("processed_events"), handle, log)
	consumer.Block = 100 * time.Millisecond
	done := make(chan struct{})
	go func() { _ = consumer.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done; <-relaysDone })
	pub := events.NewPublisher(r.Client)
	return &translatorsFixture{
		store: store, handle: handle, mail: capture,
		svc: auth.NewService(store, sessions, signer, newID),
		publish: func(e events.Event) {
			if err := pub.Publish(ctx, events.Stream("translators"), e); err != nil {
				t.Fatal(err)
			}
		},
	}
}

// approvedEvent is translator.approved whole, as svc-translators sends it (its contract): the
// fields svc-auth reads and the ones it leaves to others.
func approvedEvent(t *testing.T, p auth.TranslatorApproved) events.Event {
	t.Helper()
	e, err := events.New(context.Background(), auth.EventTranslatorApproved, struct {
		auth.TranslatorApproved
		NativeLanguage   string   `json:"nativeLanguage"`
		WorkingLanguages []string `json:"workingLanguages"`
		Specializations  []string `json:"specializations"`
	}{p, "tr", []string{"en"}, []string{"legal"}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (f *translatorsFixture) mailsTo(addr string) []mailcapture.Captured {
	var out []mailcapture.Captured
	for _, m := range f.mail.Messages() {
		if len(m.To) == 1 && m.To[0] == addr {
			out = append(out, m)
		}
	}
	return out
}

var setPasswordLink = regexp.MustCompile(`https://site\.test/en/reset-password\?token=(\S+)`)

// An approved applicant gets one translator account with the event's id and one mail in their
// language with the link to set a password, however often the event arrives (its insert queues
// the mail), and with that password signs in as a translator.
func TestApprovedTranslatorGetsOneAccount(t *testing.T) {
	f := newTranslatorsFixture(t)
	ctx := context.Background()
	p := auth.TranslatorApproved{ApplicationID: "app-1", TranslatorID: "tr-0001", Email: "Ayse@Example.com", FullName: "Ayşe Yılmaz", Lang: "en"}
	e := approvedEvent(t, p)
	f.publish(e)
	f.publish(e) // the relay published it again (a crash before it removed it from the outbox)

	wait, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	m, err := f.mail.Wait(wait, func(c mailcapture.Captured) bool { return len(c.To) == 1 && c.To[0] == "ayse@example.com" })
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Welcome to LinguaPort: set your password" || !strings.Contains(m.Text, "Hello Ayşe Yılmaz,") || !setPasswordLink.MatchString(m.Text) || m.HTML == "" {
		t.Errorf("mail: %q\n%s", m.Subject, m.Text)
	}
	time.Sleep(500 * time.Millisecond) // time for the second copy to be consumed
	if n := len(f.mailsTo("ayse@example.com")); n != 1 {
		t.Errorf("%d mails for one event", n)
	}
	u, err := f.svc.Me(ctx, "tr-0001")
	if err != nil || u.Type != authn.RoleTranslator || u.Email != "ayse@example.com" || u.FullName != "Ayşe Yılmaz" {
		t.Fatalf("account: %+v %v", u, err)
	}

	// Delivered again past the consumer's record (it crashed before writing it): still one
	// account and one mail.
	if err := f.handle(ctx, e); err != nil {
		t.Fatal(err)
	}
	if byEmail, err := f.store.UserByEmail(ctx, "ayse@example.com"); err != nil || byEmail.ID != "tr-0001" {
		t.Errorf("account by e-mail: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	mails := f.mailsTo("ayse@example.com")
	if len(mails) != 1 {
		t.Fatalf("%d mails after a redelivery, want 1", len(mails))
	}
	token := setPasswordLink.FindStringSubmatch(mails[0].Text)[1]
	password := "Çeviri-Parola-2026!"
	if err := f.svc.ResetPassword(ctx, auth.PasswordReset{Token: token, NewPassword: password, ConfirmPassword: password}); err != nil {
		t.Fatalf("set password: %v", err)
	}
	s, err := f.svc.Login(ctx, auth.Credentials{Email: "ayse@example.com", Password: password}, auth.Client{IP: "203.0.113.5"})
	if err != nil || s.User.ID != "tr-0001" || s.User.Type != authn.RoleTranslator || s.AccessToken == "" {
		t.Fatalf("login: %+v %v", s.User, err)
	}

	if err := f.handle(ctx, e); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := len(f.mailsTo("ayse@example.com")); n != 1 {
		t.Errorf("%d mails after the password was set, want still 1 (a first password is no news)", n)
	}
}

// A customer whose application was approved keeps their customer account as it is; no second
// account is made for the e-mail, and they are told in their language why.
func TestApprovedCustomerKeepsTheirAccount(t *testing.T) {
	f := newTranslatorsFixture(t)
	ctx := context.Background()
	customer, err := f.svc.CreateUser(ctx, "Mehmet Demir", "mehmet@example.com", "Müşteri-Parola-2026!", authn.RoleCustomer)
	if err != nil {
		t.Fatal(err)
	}
	e := approvedEvent(t, auth.TranslatorApproved{ApplicationID: "app-2", TranslatorID: "tr-0002", Email: "mehmet@example.com", FullName: "Mehmet Demir", Lang: "tr"})
	for range 2 { // the second: delivered again past the consumer's record
		if err := f.handle(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	if u, err := f.svc.Me(ctx, customer.ID); err != nil || u.Type != authn.RoleCustomer {
		t.Errorf("the customer's account: %+v %v", u, err)
	}
	if _, err := f.svc.Me(ctx, "tr-0002"); !errors.Is(err, auth.ErrNotFound) {
		t.Errorf("a translator account was made: %v", err)
	}
	wait, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if _, err := f.mail.Wait(wait, func(c mailcapture.Captured) bool { return c.To[0] == "mehmet@example.com" }); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	mails := f.mailsTo("mehmet@example.com")
	if len(mails) != 1 || mails[0].Subject != "LinguaPort tercüman hesabınız" || !strings.Contains(mails[0].Text, "zaten bir LinguaPort hesabına ait") ||
		!strings.Contains(mails[0].Text, "Merhaba Mehmet Demir,") {
		t.Errorf("mails: %+v", mails)
	}
	if s, err := f.svc.Login(ctx, auth.Credentials{Email: "mehmet@example.com", Password: "Müşteri-Parola-2026!"}, auth.Client{IP: "203.0.113.6"}); err != nil || s.User.Type != authn.RoleCustomer {
		t.Errorf("customer login: %+v %v", s.User, err)
	}
}
