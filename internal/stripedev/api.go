package stripedev

// The REST side: authentication, Stripe's error JSON, idempotency keys and the endpoints.

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

const (
	maxFormBytes = 64 << 10
	// idempotencyTTL is how long Stripe keeps an idempotency key's first answer.
	idempotencyTTL = 24 * time.Hour
)

// apiError is an answer in Stripe's error shape: {"error": {"type", "code", "param", "message"}}.
type apiError struct {
	status  int
	Type    string `json:"type"`
	Code    string `json:"code,omitempty"`
	DocURL  string `json:"doc_url,omitempty"`
	Param   string `json:"param,omitempty"`
	Message string `json:"message"`
}

func invalidRequest(code, param, format string, args ...any) *apiError {
	e := &apiError{status: http.StatusBadRequest, Type: "invalid_request_error", Code: code, Param: param, Message: fmt.Sprintf(format, args...)}
	if code != "" {
		e.DocURL = "https://stripe.com/docs/error-codes/" + strings.ReplaceAll(code, "_", "-")
	}
	return e
}

func missingParam(param string) *apiError {
	return invalidRequest("parameter_missing", param, "Missing required param: %s.", param)
}

func noSuch(kind, param, id string) *apiError {
	e := invalidRequest("resource_missing", param, "No such %s: '%s'", kind, id)
	e.status = http.StatusNotFound
	return e
}

// apiCall is one authenticated API request with its parameters.
type apiCall struct {
	r              *http.Request
	params         url.Values
	requestID      string
	idempotencyKey string // POST only
}

// savedResponse is the first answer given to an idempotency key.
type savedResponse struct {
	path, params string
	status       int
	body         []byte
	expires      time.Time
}

// api wraps an endpoint with what every Stripe API request goes through.
func (s *Server) api(h func(*apiCall) (any, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c := &apiCall{r: r, requestID: newID("req_", 14)}
		w.Header().Set("Request-Id", c.requestID)
		w.Header().Set("Stripe-Version", APIVersion)
		if e := s.authenticate(r); e != nil {
			w.Header().Set("WWW-Authenticate", `Basic realm="Stripe"`)
			writeAPI(w, e.status, map[string]any{"error": e})
			return
		}
		if e := checkVersion(r.Header.Get("Stripe-Version")); e != nil {
			writeAPI(w, e.status, map[string]any{"error": e})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
		if err := r.ParseForm(); err != nil {
			e := invalidRequest("", "", "Invalid request body: %v", err)
			writeAPI(w, e.status, map[string]any{"error": e})
			return
		}
		c.params = r.Form
		if r.Method != http.MethodPost {
			status, body := run(h, c)
			writeRaw(w, status, body)
			return
		}
		c.idempotencyKey = strings.TrimSpace(r.Header.Get("Idempotency-Key"))
		// POSTs run one at a time so that two requests with one key cannot both execute.
		s.postMu.Lock()
		defer s.postMu.Unlock()
		if c.idempotencyKey == "" {
			status, body := run(h, c)
			writeRaw(w, status, body)
			return
		}
		canonical := c.params.Encode() // sorted by key, so the order of the body does not matter
		now := s.now()
		s.mu.Lock()
		for k, saved := range s.idempotency {
			if now.After(saved.expires) {
				delete(s.idempotency, k)
			}
		}
		saved := s.idempotency[c.idempotencyKey]
		s.mu.Unlock()
		if saved != nil {
			var e *apiError
			switch {
			case saved.path != r.URL.Path:
				e = &apiError{Message: fmt.Sprintf("Keys for idempotent requests can only be used for the same endpoint they were first used for ('%s' vs '%s'). Try using a key other than '%s' if you meant to execute a different request.", saved.path, r.URL.Path, c.idempotencyKey)}
			case saved.params != canonical:
				e = &apiError{Message: fmt.Sprintf("Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '%s' if you meant to execute a different request.", c.idempotencyKey)}
			}
			if e != nil {
				e.status, e.Type = http.StatusBadRequest, "idempotency_error"
				writeAPI(w, e.status, map[string]any{"error": e})
				return
			}
			w.Header().Set("Idempotent-Replayed", "true")
			writeRaw(w, saved.status, saved.body)
			return
		}
		status, body := run(h, c)
		// Stripe saves an answer once the endpoint has begun to execute; a request refused by
		// validation saves nothing, so the same key can be used again with correct parameters.
		if status < 300 {
			s.mu.Lock()
			s.idempotency[c.idempotencyKey] = &savedResponse{path: r.URL.Path, params: canonical, status: status, body: body, expires: now.Add(idempotencyTTL)}
			s.mu.Unlock()
		}
		writeRaw(w, status, body)
	}
}

func run(h func(*apiCall) (any, *apiError), c *apiCall) (int, []byte) {
	v, e := h(c)
	if e != nil {
		return e.status, encode(map[string]any{"error": e})
	}
	return http.StatusOK, encode(v)
}

// authenticate checks the secret key, given as a Bearer token or as the user name of Basic
// authentication (curl -u sk_test_...:), as Stripe takes it.
func (s *Server) authenticate(r *http.Request) *apiError {
	key, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		key, _, ok = r.BasicAuth()
	}
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return &apiError{status: http.StatusUnauthorized, Type: "invalid_request_error",
			Message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."}
	}
	if subtle.ConstantTimeCompare([]byte(key), []byte(s.cfg.SecretKey)) != 1 {
		return &apiError{status: http.StatusUnauthorized, Type: "invalid_request_error",
			Message: "Invalid API Key provided: " + redactKey(key)}
	}
	return nil
}

// checkVersion accepts the version a request asks for (Stripe-Version) when the stand-in's
// answers have its shapes: none asked (the account's default, which here is APIVersion), or one
// of APIVersion's release train, whose later versions only add fields. Another train renamed or
// removed fields, so answering it would hand the client shapes it does not expect.
func checkVersion(asked string) *apiError {
	asked = strings.TrimSpace(asked)
	if asked == "" || asked == APIVersion {
		return nil
	}
	date, train, ok := strings.Cut(asked, ".")
	_, ours, _ := strings.Cut(APIVersion, ".")
	if _, err := time.Parse(time.DateOnly, date); ok && err == nil && train == ours {
		return nil
	}
	return invalidRequest("", "", "The local Stripe stand-in (internal/stripedev) speaks Stripe API version %s (and that release train), not %s: use the stripe-go major pinned to %s.", APIVersion, asked, APIVersion)
}

// redactKey shows a key as Stripe does in its 401 answer: the prefix and the last four.
func redactKey(k string) string {
	if len(k) <= 12 {
		return strings.Repeat("*", len(k))
	}
	prefix := k[:8]
	return prefix + strings.Repeat("*", len(k)-12) + k[len(k)-4:]
}

func encode(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ") // Stripe answers indented JSON
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte(`{"error": {"type": "api_error", "message": "encoding failed"}}`)
	}
	return buf.Bytes()
}

func writeAPI(w http.ResponseWriter, status int, v any) { writeRaw(w, status, encode(v)) }

func writeRaw(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-cache, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// onlyParams refuses parameters other than those named, as Stripe refuses unknown ones; a name
// ending in "[" allows every key below it (expand[0], metadata[x]).
func onlyParams(params url.Values, allowed ...string) *apiError {
	for k := range params {
		ok := false
		for _, a := range allowed {
			if k == a || strings.HasSuffix(a, "[") && strings.HasPrefix(k, a) {
				ok = true
				break
			}
		}
		if !ok {
			return invalidRequest("parameter_unknown", k, "Received unknown parameter: %s", k)
		}
	}
	return nil
}

func (s *Server) createSession(c *apiCall) (any, *apiError) {
	p, e := parseCreateParams(c.params, s.now())
	if e != nil {
		return nil, e
	}
	sess := s.newSession(p)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessions[sess.ID] = sess
	return sess.view(), nil
}

func (s *Server) retrieveSession(c *apiCall) (any, *apiError) {
	if e := onlyParams(c.params, "expand["); e != nil {
		return nil, e
	}
	id := c.r.PathValue("id")
	s.expireDue()
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.sessions[id]
	if sess == nil {
		return nil, noSuch("checkout.session", "session", id)
	}
	return sess.view(), nil
}

func (s *Server) expireSession(c *apiCall) (any, *apiError) {
	if e := onlyParams(c.params, "expand["); e != nil {
		return nil, e
	}
	id := c.r.PathValue("id")
	s.expireDue()
	s.mu.Lock()
	sess := s.sessions[id]
	if sess == nil {
		s.mu.Unlock()
		return nil, noSuch("checkout.session", "session", id)
	}
	if sess.Status != statusOpen {
		s.mu.Unlock()
		return nil, invalidRequest("", "", "Only Checkout Sessions with a status in [\"open\"] can be expired. This Checkout Session has a status of %q.", sess.Status)
	}
	sess.expire()
	view := sess.view()
	ev := s.newEventLocked("checkout.session.expired", view, &eventRequest{ID: &c.requestID, IdempotencyKey: nonEmpty(c.idempotencyKey)})
	s.mu.Unlock()
	s.deliver(ev)
	return view, nil
}

func (s *Server) retrieveEvent(c *apiCall) (any, *apiError) {
	if e := onlyParams(c.params, "expand["); e != nil {
		return nil, e
	}
	id := c.r.PathValue("id")
	s.mu.Lock()
	defer s.mu.Unlock()
	ev := s.eventByID[id]
	if ev == nil {
		return nil, noSuch("event", "id", id)
	}
	return ev.view(), nil
}

// listEvents answers GET /v1/events, newest first, with Stripe's list envelope and cursor.
func (s *Server) listEvents(c *apiCall) (any, *apiError) {
	if e := onlyParams(c.params, "type", "limit", "starting_after", "expand["); e != nil {
		return nil, e
	}
	limit := 10
	if v := c.params.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return nil, invalidRequest("parameter_invalid_integer", "limit", "Invalid integer: %s", v)
		}
		limit = n
	}
	typ, after := c.params.Get("type"), c.params.Get("starting_after")
	s.mu.Lock()
	defer s.mu.Unlock()
	if after != "" && s.eventByID[after] == nil {
		return nil, noSuch("event", "starting_after", after)
	}
	data := []any{}
	skipping, hasMore := after != "", false
	for i := len(s.events) - 1; i >= 0; i-- {
		ev := s.events[i]
		if skipping {
			skipping = ev.ID != after
			continue
		}
		if typ != "" && ev.Type != typ {
			continue
		}
		if len(data) == limit {
			hasMore = true
			break
		}
		data = append(data, ev.view())
	}
	return map[string]any{"object": "list", "url": "/v1/events", "has_more": hasMore, "data": data}, nil
}

func (s *Server) unknownRoute(c *apiCall) (any, *apiError) {
	e := invalidRequest("", "", "Unrecognized request URL (%s: %s). The local Stripe stand-in (internal/stripedev) implements only Checkout Sessions and Events.", c.r.Method, c.r.URL.Path)
	e.status = http.StatusNotFound
	return nil, e
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
