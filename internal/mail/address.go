package mail

import (
	"net/mail"
	"strings"
)

// MaxAddress is the longest address mail can be sent to (RFC 5321's path limit).
const MaxAddress = 254

// ValidAddress reports whether s is an address as people type theirs for us to write to: a bare
// address (no display name, no line breaks, nothing around it) whose domain has a dot, at most
// MaxAddress bytes. Sign-up, the contact form and billing details all check it so.
func ValidAddress(s string) bool {
	if len(s) > MaxAddress || strings.ContainsAny(s, "\r\n") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}
