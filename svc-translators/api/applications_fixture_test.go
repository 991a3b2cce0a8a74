package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/internal/company/companytest"
	"linguaport/internal/events"
	"linguaport/internal/httpx"
	"linguaport/internal/ids"
	"linguaport/internal/mail"
	"linguaport/internal/mailbox"
	"linguaport/internal/mailcapture"
	"linguaport/internal/ratelimit"
	"linguaport/internal/testenv"
	"linguaport/svc-translators/api"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
)

// appsFixture serves svc-translators' real handler over FerretDB and redis-server with the
// applications' outbox relay and mail consumer as main wires them, mail going to an SMTP capture.
type appsFixture struct {
	url    string
	db     *mongo.Database
	store  *applications.MongoStore
	redis  *redis.Client
	mail   *mailcapture.Server
	signer *authn.Signer
	admin  string
}

type appsConfig struct {
	perHour  int64
	smtpAddr string // "" starts a capture server; else mail goes here (a server that is down)
}

func newApps(t *testing.T, cfg appsConfig) *appsFixture {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	db := testenv.Mongo(t)
	r := testenv.StartRedis(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f := &appsFixture{db: db, redis: r.Client}
	smtpAddr := cfg.smtpAddr
	if smtpAddr == "" {
		capture, err := mailcapture.Start("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		f.mail, smtpAddr = capture, capture.Addr()
		t.Cleanup(func() { _ = capture.Close() })
	}
	store, err := applications.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	f.store = store
	relay := events.NewRelay(store.Collection(), events.Stream("translators"), events.NewPublisher(r.Client), log, time.Minute)
	if cfg.perHour == 0 {
		cfg.perHour = 1000
	}
	sender := mail.NewSender(mail.Config{Addr: smtpAddr, From: mail.DefaultFrom})
	mails := mailbox.NewRelay(store.Collection(), applications.MailRender(store, companytest.Other().MailFooter), sender, log, time.Minute)
	mails.FirstRetry, mails.MaxRetry = 100*time.Millisecond, time.Second
	svc := applications.NewService(store, ratelimit.New(r.Client, "translator-applications", cfg.perHour, time.Hour),
		ids.New, time.Now, func(ids ...any) { relay.Kick(ids...); mails.Kick(ids...) })
	svc = applications.LoggingMiddleware(log)(applications.InstrumentingMiddleware(prometheus.NewRegistry())(svc))
	var running sync.WaitGroup
	running.Go(func() { relay.Run(ctx) })
	running.Go(func() { mails.Run(ctx) })

	// The handler serves every declared route, so the profiles are there too.
	profileStore, err := profiles.NewMongoStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	f.signer = authn.NewSigner("k", key)
	auth := authn.NewAuthenticator(authn.NewVerifier(authn.StaticKeys{"k": f.signer.PublicKey()}, authn.NewRedisSessions(r.Client)), nil)
	auditLog, err := audit.NewLog(ctx, db, log)
	if err != nil {
		t.Fatal(err)
	}
	handler := api.Routes(api.MakeEndpoints(api.Services{Applications: svc, Profiles: profiles.NewService(profileStore, time.Now, func(...any) {}),
		Audit: auditLog}), httpx.LoopbackOnly).Handler(auth)
	srv := httptest.NewServer(httpx.NewServer(httpx.Options{Name: "svc-translators", Handler: handler, Logger: log}).Handler())
	f.url = srv.URL
	f.admin = f.token("staff-1", authn.RoleAdmin)
	t.Cleanup(func() {
		cancel()
		running.Wait()
		srv.Close()
	})
	return f
}

func (f *appsFixture) token(subject string, role authn.Role) string {
	f.redis.Set(context.Background(), authn.SessionKey("s-"+subject), "1", time.Hour)
	tok, _ := f.signer.Sign(authn.Claims{Issuer: authn.Issuer, Subject: subject, Session: "s-" + subject, Role: role, ExpiresAt: time.Now().Add(time.Hour).Unix()})
	return tok
}

type appReply struct {
	status int
	header http.Header
	raw    []byte
	body   map[string]any
}

func (a appReply) code() string {
	e, _ := a.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func (a appReply) field(name string) string {
	e, _ := a.body["error"].(map[string]any)
	fields, _ := e["fields"].(map[string]any)
	s, _ := fields[name].(string)
	return s
}

func (a appReply) str(name string) string { s, _ := a.body[name].(string); return s }

func (f *appsFixture) do(t testing.TB, method, path, token, lang, contentType string, body io.Reader, header ...string) appReply {
	t.Helper()
	req, err := http.NewRequest(method, f.url+"/api/v1/translators/"+path, body)
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Accept-Language", lang)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return appReply{}
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := appReply{status: resp.StatusCode, header: resp.Header, raw: raw}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// appUpload is a file of the application form.
type appUpload struct {
	name string
	data []byte
}

// appForm is an application form: text fields and files; a field set to "\x00" is left out.
type appForm struct {
	fields map[string]string
	files  map[string]appUpload
}

func appPDF() []byte {
	return []byte("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n")
}

func appDOCX(t testing.TB) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for name, body := range map[string]string{"[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document/>"} {
		fw, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write([]byte(body))
	}
	_ = w.Close()
	return b.Bytes()
}

func appPNG() []byte {
	return append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 500)...)
}

func appValidForm(email string) appForm {
	return appForm{fields: map[string]string{
		"firstName": "Ayşe", "lastName": "Yılmaz", "email": email, "phone": "+90 532 123-45-67",
		"nativeLanguage": "tr", "workingLanguages": "en, de", "specializations": "legal,medical",
		"experienceYears": "7", "education": "Boğaziçi Üniversitesi, Çeviribilim", "certificates": "",
		"portfolioUrl": "", "acceptTerms": "true",
	}, files: map[string]appUpload{"cv": {"cv.pdf", appPDF()}}}
}

func (fm appForm) with(changes map[string]string) appForm {
	out := appForm{fields: map[string]string{}, files: map[string]appUpload{}}
	for k, v := range fm.fields {
		out.fields[k] = v
	}
	for k, v := range fm.files {
		out.files[k] = v
	}
	for k, v := range changes {
		out.fields[k] = v
	}
	return out
}

func (fm appForm) encode(t testing.TB) (io.Reader, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fm.fields {
		if v != "\x00" {
			_ = w.WriteField(k, v)
		}
	}
	for k, u := range fm.files {
		fw, err := w.CreateFormFile(k, u.name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(u.data)
	}
	_ = w.Close()
	return &b, w.FormDataContentType()
}

// apply submits fm from the client address ip.
func (f *appsFixture) apply(t testing.TB, fm appForm, lang, ip string) appReply {
	t.Helper()
	body, ct := fm.encode(t)
	return f.do(t, "POST", "applications", "", lang, ct, body, "X-Forwarded-For", ip)
}

func appWaitMail(t *testing.T, s *mailcapture.Server, to string) mailcapture.Captured {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	m, err := s.Wait(ctx, func(c mailcapture.Captured) bool { return len(c.To) == 1 && c.To[0] == to })
	if err != nil {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	return m
}

// published counts the events of type typ about application id on svc-translators' stream,
// once the applications' outboxes are empty (the relay has published everything queued).
func (f *appsFixture) published(t *testing.T, typ, id string) int {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(15 * time.Second)
	for {
		n, err := f.store.Collection().CountDocuments(ctx, bson.D{{Key: "outboxWaiting", Value: true}})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d applications still have events to publish", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	msgs, err := f.redis.XRange(ctx, events.Stream("translators"), "-", "+").Result()
	if err != nil {
		t.Fatal(err)
	}
	count := 0
	for _, m := range msgs {
		data, _ := m.Values["data"].(string)
		if m.Values["type"] == typ && strings.Contains(data, `"applicationId":"`+id+`"`) {
			count++
		}
	}
	return count
}
