// Package ids makes the ids of stored things (DESIGN §3: opaque strings): 96 random bits in hex,
// which nobody can guess, count or tell the age of, unlike a sequence or a time.
package ids

import (
	"crypto/rand"
	"encoding/hex"
)

// New returns a fresh id.
func New() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}
