package auth_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"linguaport/internal/events"
	"linguaport/internal/i18n"
	"linguaport/internal/mail"
	"linguaport/internal/mailcapture"
	"linguaport/internal/testenv"
	"linguaport/svc-auth/auth"
)

// A staff reply to a translator's ticket (ticket.answered on svc-translators' stream) becomes
// one system message for that translator and one mail in their account's language (the ticket's
// is for an account without one), however often the event arrives. The inbox reads the stream in its own group, beside the accounts' consumer
// (group svc-auth) as main runs them: both see every event, so the approved translator's
// account is still made and mailed.
func TestTicketAnsweredBecomesOneMessageAndMail(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db := testenv.Mongo(t)
	r := testenv.StartRedis(t)
	capture, err := mailcapture.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer capture.Close()
	store, err := auth.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	sender := mail.NewSender(mail.Config{Addr: capture.Addr(), From: mail.DefaultFrom})
	relays := store.StartMail(auth.NewMails(store, auth.NewSessions(r.Client), auth.MailConfig{SiteURL: "https://site.test", Secret: linkSecret, StaffTo: staffAddress}).Render, sender, log, time.Hour)
	var running []chan struct{}
	relaysDone := make(chan struct{})
	go func() { relays.Run(ctx); close(relaysDone) }()
	running = append(running, relaysDone)
	for group, handle := range map[string]events.Handler{
		"svc-auth":       auth.TranslatorHandler(store, log),
		"svc-auth-inbox": auth.InboxHandler(store),
	} {
		c := events.NewConsumer(r.Client, events.Stream("translators"), group, db.Collection("processed_events"), handle, log)
		c.Block = 100 * time.Millisecond
		done := make(chan struct{})
		go func() { _ = c.Run(ctx); close(done) }()
		running = append(running, done)
	}
	defer func() {
		cancel()
		for _, done := range running {
			<-done
		}
	}()
	pub := events.NewPublisher(r.Client)
	publish := func(e events.Event) {
		if err := pub.Publish(ctx, events.Stream("translators"), e); err != nil {
			t.Fatal(err)
		}
	}

	publish(approvedEvent(t, auth.TranslatorApproved{ApplicationID: "app-9", TranslatorID: "tr-0009", Email: "can@example.com", FullName: "Can Çevirmen", Lang: "tr"}))
	wait, stop := context.WithTimeout(ctx, 15*time.Second)
	defer stop()
	if _, err := capture.Wait(wait, func(c mailcapture.Captured) bool { return strings.Contains(c.Subject, "parolanızı belirleyin") }); err != nil {
		t.Fatalf("the accounts' consumer no longer gets translator.approved: %v", err)
	}

	answered, err := events.New(ctx, auth.EventTicketAnswered, map[string]any{
		"ticketId": "tk-1", "translatorId": "tr-0009", "subject": "Ödeme gecikti", "lang": "en", "at": "2026-11-23T10:00:00Z"})
	if err != nil {
		t.Fatal(err)
	}
	publish(answered)
	publish(answered) // published again: the relay crashed before removing it from the outbox
	m, err := capture.Wait(wait, func(c mailcapture.Captured) bool {
		return strings.HasPrefix(c.Subject, "Destek talebiniz yanıtlandı")
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.To[0] != "can@example.com" || m.Subject != "Destek talebiniz yanıtlandı: Ödeme gecikti" || m.HTML == "" ||
		!strings.Contains(m.Text, "Can Çevirmen") || !strings.Contains(m.HTML, `href="https://site.test/tr/hesabim/destek/talepler/tk-1"`) {
		t.Errorf("mail %v %q\n%s", m.To, m.Subject, m.Text)
	}
	time.Sleep(500 * time.Millisecond) // time for the second copy to be consumed
	n := 0
	for _, c := range capture.Messages() {
		if strings.HasPrefix(c.Subject, "Destek talebiniz") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d mails for one reply", n)
	}
	for lang, want := range map[i18n.Lang]string{i18n.EN: "Your support ticket was answered: Ödeme gecikti", i18n.TR: "Destek talebiniz yanıtlandı: Ödeme gecikti"} {
		msgs, err := store.Messages(ctx, "tr-0009", lang)
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, m := range msgs {
			if strings.Contains(m.Title, "Ödeme gecikti") {
				titles = append(titles, m.Title)
			}
		}
		if len(titles) != 1 || titles[0] != want {
			t.Errorf("%s messages %v, want one %q", lang, titles, want)
		}
	}
}
