package mailcapture

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// Eviction is tested on the store directly: sending 1000 messages over SMTP would only make
// the test slow, not more real.
func TestKeepsTheNewest(t *testing.T) {
	s := &Server{arrived: make(chan struct{}), closed: make(chan struct{})}
	for i := range MaxKept + 5 {
		s.add(Captured{ID: strconv.Itoa(i), Raw: "x"})
	}
	msgs := s.Messages()
	if len(msgs) != MaxKept || msgs[0].ID != "5" || msgs[MaxKept-1].ID != strconv.Itoa(MaxKept+4) {
		t.Fatalf("kept %d, first %s, last %s", len(msgs), msgs[0].ID, msgs[len(msgs)-1].ID)
	}

	s.Clear()
	big := strings.Repeat("x", MaxMessageBytes)
	for i := range 30 {
		s.add(Captured{ID: strconv.Itoa(i), Raw: big, ReceivedAt: time.Now()})
	}
	msgs = s.Messages()
	if n := len(msgs); n*MaxMessageBytes > maxKeptBytes || n == 0 || msgs[n-1].ID != "29" {
		t.Fatalf("kept %d messages of %d bytes, last %s", n, MaxMessageBytes, msgs[n-1].ID)
	}
	if s.bytes != len(msgs)*MaxMessageBytes {
		t.Errorf("byte count %d for %d messages", s.bytes, len(msgs))
	}
}

func TestHeadersOfBareLFMessage(t *testing.T) {
	c := parse("a@example.com", []string{"b@example.com"}, []byte("Subject: =?utf-8?q?=C3=87ay?=\nX-Long: a\n b\n\nBody: not a header\n"), time.Now())
	if len(c.Headers) != 2 || c.Header("subject") != "Çay" || c.Header("X-Long") != "a b" || c.Text != "Body: not a header" {
		t.Errorf("headers %+v, text %q", c.Headers, c.Text)
	}
}
