package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"slices"
	"strings"
)

// mailLinks signs the links mails carry with one secret (MAIL_LINK_SECRET), each purpose under a
// key of its own, so a token made for one purpose never passes for another.
//
// The secret part of a verification or password link is derived from the id of the mail that
// carries it: Render computes it again when it sends the mail, so the link never rests in the
// database (only its digest does, or Redis holds it), and a mail sent again after a crash carries
// the same link.
type mailLinks struct{ key []byte }

// newLinkSecret is a random secret for a service run without MAIL_LINK_SECRET (tests, the
// create-user command): its links work only in this process.
func newLinkSecret() []byte {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return b
}

func (l mailLinks) mac(purpose string, parts ...string) []byte {
	h := hmac.New(sha256.New, l.key)
	h.Write([]byte(purpose))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return h.Sum(nil)
}

// mailToken is the secret part of the link in mail mailID for purpose ("verify", "reset").
func (l mailLinks) mailToken(purpose, mailID string) string {
	return base64.RawURLEncoding.EncodeToString(l.mac(purpose, mailID))
}

// userToken is a link token naming its account: "<account id, base64url>.<secret>".
func userToken(uid, secret string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(uid)) + "." + secret
}

// splitUserToken reads userToken's parts.
func splitUserToken(token string) (uid, secret string, ok bool) {
	enc, secret, ok := strings.Cut(strings.TrimSpace(token), ".")
	if !ok || secret == "" {
		return "", "", false
	}
	raw, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil || len(raw) == 0 {
		return "", "", false
	}
	return string(raw), secret, true
}

// unsubscribeToken lets whoever holds it turn off one category of one account's mails, and do
// nothing else: it is no session, and it names the account and category it signs.
func (l mailLinks) unsubscribeToken(uid, category string) string {
	sig := l.mac("unsubscribe", uid, category)[:18]
	return base64.RawURLEncoding.EncodeToString([]byte(uid)) + "." + category + "." + base64.RawURLEncoding.EncodeToString(sig)
}

// readUnsubscribe checks an unsubscribe token and says whose mails of which category it turns off.
func (l mailLinks) readUnsubscribe(token string) (uid, category string, ok bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || !slices.Contains(mailCategories, parts[1]) {
		return "", "", false
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil || len(raw) == 0 {
		return "", "", false
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil || !hmac.Equal(sig, l.mac("unsubscribe", string(raw), parts[1])[:18]) {
		return "", "", false
	}
	return string(raw), parts[1], true
}
