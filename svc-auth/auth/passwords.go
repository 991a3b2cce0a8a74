package auth

import (
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's baseline (19 MiB, 2 passes, 1 lane) keeps a login near 30 ms
// on one of our cores while making offline guessing expensive. They are stored in every hash,
// so raising them later only affects new hashes.
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

var errBadHash = errors.New("malformed password hash")

// HashPassword returns the PHC-format argon2id hash of password with a fresh salt.
func HashPassword(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// VerifyPassword reports whether password matches hash, in constant time.
func VerifyPassword(password, hash string) (bool, error) {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	var memory, passes uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &passes, &threads); err != nil || memory == 0 || passes == 0 || threads == 0 || memory > 1<<20 || passes > 10 {
		return false, errBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, passes, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when an email has no account, so that answering "wrong email or
// password" takes as long either way.
var dummyHash = func() string {
	h, err := HashPassword("not-a-real-password-only-for-timing")
	if err != nil {
		panic(err)
	}
	return h
}()

//go:embed common-passwords.txt
var commonPasswordList string

var commonPasswords = func() map[string]struct{} {
	set := map[string]struct{}{}
	for _, line := range strings.Split(commonPasswordList, "\n") {
		if p := strings.TrimSpace(line); p != "" && !strings.HasPrefix(p, "#") {
			set[strings.ToLower(p)] = struct{}{}
		}
	}
	return set
}()

// IsCommonPassword reports a password found in leaked-password top lists, ignoring case.
func IsCommonPassword(p string) bool {
	_, ok := commonPasswords[strings.ToLower(p)]
	return ok
}
