package keys

import (
	"strings"
	"testing"
)

// A secret is its prefix and 32 base-32 characters, never the same twice; the panel shows its
// first 12 characters; WellFormed tells a key's form from anything else before any lookup.
func TestSecrets(t *testing.T) {
	seen := map[string]bool{}
	for _, sandbox := range []bool{false, true} {
		for range 100 {
			s, err := newSecret(sandbox)
			if err != nil {
				t.Fatal(err)
			}
			prefix := LivePrefix
			if sandbox {
				prefix = TestPrefix
			}
			if !strings.HasPrefix(s, prefix) || len(s) != len(prefix)+secretChars || !WellFormed(s) || seen[s] {
				t.Fatalf("secret %q", s)
			}
			seen[s] = true
			if got := shown(s); got != s[:len(prefix)+4] || len(got) != 12 {
				t.Fatalf("shown %q of %q", got, s)
			}
		}
	}
	for _, bad := range []string{"", "lp_live_", "lp_live_" + strings.Repeat("a", 31), "lp_live_" + strings.Repeat("a", 33),
		"lp_prod_" + strings.Repeat("a", 32), "lp_live_" + strings.Repeat("A", 32), "lp_live_" + strings.Repeat("1", 32),
		"eyJhbGciOiJFZERTQSJ9.e30.sig"} {
		if WellFormed(bad) {
			t.Errorf("%q is well formed", bad)
		}
	}
	if Digest("a") == Digest("b") || len(Digest("a")) != 64 {
		t.Error("digests")
	}
}
