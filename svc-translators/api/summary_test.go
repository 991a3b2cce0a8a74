package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/mail"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// The dashboard's counts: applications waiting for a decision (more than a page of them) and
// tickets waiting for staff; staff only.
func TestStaffSummary(t *testing.T) {
	ctx := context.Background()
	db := testenv.Mongo(t)
	apps, err := applications.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	tickets, err := support.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	profileStore, err := profiles.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	auditLog, err := audit.NewLog(ctx, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := testenv.StartRedis(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	signer := authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	appSvc := applications.NewService(apps, nil, mail.NewSender(mail.Config{Addr: "127.0.0.1:1", From: mail.DefaultFrom}), ids.New, time.Now, func(...any) {})
	ticketSvc := support.NewService(tickets, ids.New, time.Now, func(...any) {})
	handler := api.MakeHandler(api.Services{Applications: appSvc, Support: ticketSvc,
		Profiles: profiles.NewService(profileStore, time.Now, func(...any) {}), Audit: auditLog}, auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-translators", Handler: handler, Logger: log}).Handler())
	t.Cleanup(srv.Close)
	s := &profileServer{url: srv.URL, signer: signer, redis: r.Client}

	base := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for i := range 55 {
		a := applications.Application{ID: fmt.Sprintf("app-%02d", i), Status: applications.Submitted, Email: fmt.Sprintf("a%d@example.com", i),
			SubmittedAt: base.Add(time.Duration(i) * time.Minute), Search: []string{}}
		if i >= 52 {
			a.Status = applications.Approved
		} else {
			a.OpenEmail = a.Email
		}
		if err := apps.Insert(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	var last support.Ticket
	for i := range 3 {
		tk, err := ticketSvc.Open(ctx, support.Caller{ID: fmt.Sprintf("tr-%d", i), Name: "Çevirmen"},
			support.NewTicket{Subject: "Ödeme gelmedi", Category: "payment", Message: "Kasım ödemem hesabıma geçmedi."})
		if err != nil {
			t.Fatal(err)
		}
		last = tk
	}
	if _, err := ticketSvc.Reply(ctx, support.Caller{ID: "staff-1", Name: "Selin"}, last.ID, "Yarın hesabınızda."); err != nil {
		t.Fatal(err)
	}
	a := s.call(t, "GET", "admin/summary", s.token("staff-1", authn.RoleAdmin), "en", nil)
	if a.status != 200 || a.body["applicationsSubmitted"] != 52.0 || a.body["ticketsOpen"] != 2.0 {
		t.Errorf("summary: %d %v", a.status, a.body)
	}
	for _, c := range []struct {
		token string
		want  int
	}{{"", 401}, {s.token("c-1", authn.RoleCustomer), 403}, {s.token("tr-1", authn.RoleTranslator), 403}} {
		if a := s.call(t, "GET", "admin/summary", c.token, "en", nil); a.status != c.want {
			t.Errorf("summary by %q: %d, want %d", c.token, a.status, c.want)
		}
	}
}
