package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// Idempotency-Key (DESIGN §15). A POST that carries the header is done once for its caller and
// key: the gateway keeps its answer 24 hours in Redis, and the same request again (a client
// retrying after a timeout, a double click) gets that answer back, marked Idempotent-Replayed,
// without reaching the service. The same key with another request (method, path, query or body)
// is 422; a retry while the first is still under way is 409 with Retry-After. An answer the
// service failed to give (5xx, or no answer) is not kept, so a retry does the work then.
//
// The request's fingerprint is the SHA-256 of its method, path, query and body (an upload's parts,
// not its boundary), hashed as the body streams to the service, so an upload of megabytes is
// never held in memory. Answers are kept up to
// idemMaxAnswer bytes; a larger one (none of the API's POSTs answers so much) is not kept, and its
// retry runs again.

const (
	idemHeader    = "Idempotency-Key"
	idemReplayed  = "Idempotent-Replayed"
	idemKeep      = 24 * time.Hour
	idemMaxKey    = 255
	idemMaxAnswer = 256 << 10
	// idemPending is how long a request under way holds its key: past the longest route timeout,
	// so a gateway that died mid-request frees the key for a retry.
	idemPending = 10 * time.Minute
)

var (
	errIdemKeyInvalid = httpx.NewProblem(http.StatusBadRequest, "idempotency_key_invalid", i18n.Text{
		TR: "Idempotency-Key başlığı 1-255 yazdırılabilir ASCII karakter olmalı.",
		EN: "The Idempotency-Key header must be 1 to 255 printable ASCII characters.",
	})
	errIdemReused = httpx.NewProblem(http.StatusUnprocessableEntity, "idempotency_key_reused", i18n.Text{
		TR: "Bu Idempotency-Key başka bir istekle kullanıldı; her farklı istek için yeni bir anahtar gönderin.",
		EN: "This Idempotency-Key was used with another request; send a new key for each different request.",
	})
	errIdemInProgress = httpx.NewProblem(http.StatusConflict, "idempotency_in_progress", i18n.Text{
		TR: "Bu Idempotency-Key ile yapılan istek henüz sürüyor; biraz sonra aynı isteği tekrar gönderin.",
		EN: "The request made with this Idempotency-Key is still under way; send the same request again shortly.",
	})
)

// idempotency keeps POSTs' answers by caller and key.
type idempotency struct {
	rdb     *redis.Client
	trusted httpx.TrustedProxies
}

// callerOf is whom r's key belongs to: its API key, its signed-in user, or a visitor's address.
func (d *idempotency) callerOf(g *authn.Guard, r *http.Request) string {
	if c, ok := g.Caller(r); ok {
		if c.Key != "" {
			return "key:" + c.Key
		}
		return "user:" + c.Subject
	}
	if ip, ok := d.trusted.ClientIP(r); ok {
		return "ip:" + ip.String()
	}
	return "ip:" + r.RemoteAddr
}

// kept is a request's record: under way (Done false) or done, with its answer.
type kept struct {
	Done        bool                `json:"done"`
	Fingerprint string              `json:"fp,omitempty"`
	Status      int                 `json:"status,omitempty"`
	Header      map[string][]string `json:"header,omitempty"`
	Body        []byte              `json:"body,omitempty"`
}

// answerHeaders are the headers of an answer that are kept and given again.
var answerHeaders = []string{"Content-Type", "Content-Language", "Location", "Cache-Control"}

func validIdemKey(k string) bool {
	if len(k) == 0 || len(k) > idemMaxKey {
		return false
	}
	for i := range len(k) {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// serve runs next for r, a POST with an Idempotency-Key of caller (who the key belongs to: an API
// key, a user, or a visitor's address), keeping its answer; or answers it from what is kept.
func (d *idempotency) serve(w http.ResponseWriter, r *http.Request, caller string, next http.Handler) {
	ctx := r.Context()
	key := r.Header.Get(idemHeader)
	if !validIdemKey(key) {
		httpx.EncodeError(ctx, errIdemKeyInvalid, w)
		return
	}
	sum := sha256.Sum256([]byte(caller + "\x00" + key))
	rkey := "gateway:idem:" + hex.EncodeToString(sum[:])
	pending, _ := json.Marshal(kept{})
	for attempt := 0; ; attempt++ {
		took, err := d.rdb.SetNX(ctx, rkey, pending, idemPending).Result()
		if err != nil {
			// Without Redis nothing can be kept: the request goes on as if it had no key, as
			// every request did before the header was offered.
			slog.WarnContext(ctx, "idempotency not kept", "err", err)
			next.ServeHTTP(w, r)
			return
		}
		if took {
			break
		}
		// A record freed between the two steps (the first attempt failed) makes this request the
		// one to do the work: take the key again, once.
		if d.again(w, r, rkey) {
			return
		}
		if attempt > 0 {
			w.Header().Set("Retry-After", "1")
			httpx.EncodeError(ctx, errIdemInProgress, w)
			return
		}
	}
	fp := newFingerprint(r)
	r.Body = fp.wrap(r.Body)
	rec := &recorder{ResponseWriter: w}
	next.ServeHTTP(rec, r)
	fp.drain(r.Body)
	// The answer is kept with a context of its own: the client leaving must not lose the record of
	// what was done for it.
	store, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	if rec.status >= 500 || rec.status == 0 || rec.tooLarge {
		if err := d.rdb.Del(store, rkey).Err(); err != nil {
			slog.WarnContext(ctx, "idempotency key not freed", "err", err)
		}
		return
	}
	done := kept{Done: true, Fingerprint: fp.sum(), Status: rec.status, Header: map[string][]string{}, Body: rec.body}
	for _, h := range answerHeaders {
		if v := rec.header[h]; len(v) > 0 {
			done.Header[h] = v
		}
	}
	raw, _ := json.Marshal(done)
	if err := d.rdb.Set(store, rkey, raw, idemKeep).Err(); err != nil {
		slog.WarnContext(ctx, "idempotency answer not kept", "err", err)
	}
}

// again answers a request whose key was seen before: from the kept answer if it is the same
// request, 422 if it is another, 409 while the first is under way; false (nothing answered) when
// the record is gone.
func (d *idempotency) again(w http.ResponseWriter, r *http.Request, rkey string) bool {
	ctx := r.Context()
	raw, err := d.rdb.Get(ctx, rkey).Bytes()
	if errors.Is(err, redis.Nil) {
		return false
	}
	var k kept
	if err == nil {
		err = json.Unmarshal(raw, &k)
	}
	if err != nil {
		httpx.EncodeError(ctx, unavailable(err), w)
		return true
	}
	if !k.Done {
		w.Header().Set("Retry-After", "1")
		httpx.EncodeError(ctx, errIdemInProgress, w)
		return true
	}
	fp := newFingerprint(r)
	fp.drain(fp.wrap(http.MaxBytesReader(w, r.Body, maxFingerprinted)))
	if fp.sum() != k.Fingerprint {
		httpx.EncodeError(ctx, errIdemReused, w)
		return true
	}
	for h, v := range k.Header {
		w.Header()[h] = v
	}
	w.Header().Set(idemReplayed, "true")
	w.WriteHeader(k.Status)
	_, _ = w.Write(k.Body)
	return true
}

// maxFingerprinted bounds what a replayed request's body is read for its fingerprint: the
// largest upload a route takes.
const maxFingerprinted = 200 << 20

// fingerprint hashes a request's method, path, query and body. A multipart body (an upload) is
// hashed by its parts (each one's name, file name, type and content), not its bytes: a client that
// builds the same upload again picks a new boundary, and that is still the same request. A
// multipart body that does not parse is hashed by its bytes.
type fingerprint struct {
	raw   hash.Hash
	parts hash.Hash // nil unless the body is multipart
	pw    *io.PipeWriter
	done  chan struct{}
	whole bool // the parts parsed to the end
}

func newFingerprint(r *http.Request) *fingerprint {
	head := r.Method + " " + r.URL.EscapedPath() + "?" + r.URL.RawQuery + "\x00"
	f := &fingerprint{raw: sha256.New()}
	_, _ = io.WriteString(f.raw, head)
	if mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && mt == "multipart/form-data" && params["boundary"] != "" {
		pr, pw := io.Pipe()
		f.parts, f.pw, f.done = sha256.New(), pw, make(chan struct{})
		_, _ = io.WriteString(f.parts, head)
		go func() {
			defer close(f.done)
			f.whole = hashParts(f.parts, multipart.NewReader(pr, params["boundary"]))
			_, _ = io.Copy(io.Discard, pr) // whatever follows, so the body's reader never waits
		}()
	}
	return f
}

// hashParts hashes each part as it streams by; false for a body that is not whole multipart.
func hashParts(h hash.Hash, mr *multipart.Reader) bool {
	for {
		p, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			return true
		}
		if err != nil {
			return false
		}
		_, _ = io.WriteString(h, p.FormName()+"\x00"+p.FileName()+"\x00"+p.Header.Get("Content-Type")+"\x00")
		if _, err := io.Copy(h, p); err != nil {
			return false
		}
		_, _ = h.Write([]byte{0})
	}
}

func (f *fingerprint) wrap(body io.ReadCloser) io.ReadCloser {
	if body == nil {
		body = http.NoBody
	}
	return &hashingBody{body: body, f: f}
}

// drain hashes what the service left unread of the body, so the fingerprint is the whole body's.
func (f *fingerprint) drain(body io.Reader) {
	_, _ = io.Copy(io.Discard, body)
	if f.pw != nil {
		_ = f.pw.Close()
		<-f.done
	}
}

func (f *fingerprint) sum() string {
	if f.parts != nil && f.whole {
		return "parts:" + hex.EncodeToString(f.parts.Sum(nil))
	}
	return hex.EncodeToString(f.raw.Sum(nil))
}

// hashingBody feeds the fingerprint what is read of a body. Closing it does not close the body:
// the service may close it before reading it all (an early refusal), and drain still reads the
// rest for the fingerprint; the server closes the body itself when the request ends.
type hashingBody struct {
	body io.ReadCloser
	f    *fingerprint
}

func (b *hashingBody) Read(p []byte) (int, error) {
	n, err := b.body.Read(p)
	if n > 0 {
		b.f.raw.Write(p[:n])
		if b.f.pw != nil {
			_, _ = b.f.pw.Write(p[:n])
		}
	}
	return n, err
}

func (b *hashingBody) Close() error { return nil }

// recorder passes an answer on while keeping its status, headers and body (up to idemMaxAnswer).
type recorder struct {
	http.ResponseWriter
	status   int
	header   http.Header
	body     []byte
	tooLarge bool
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status, r.header = code, r.ResponseWriter.Header().Clone()
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.WriteHeader(http.StatusOK)
	}
	if !r.tooLarge {
		if len(r.body)+len(p) > idemMaxAnswer {
			r.tooLarge, r.body = true, nil
		} else {
			r.body = append(r.body, p...)
		}
	}
	return r.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the connection (flushes, deadlines).
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
