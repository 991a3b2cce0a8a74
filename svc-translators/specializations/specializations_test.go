package specializations

import (
	"slices"
	"testing"
)

// The list is API.md's, each key with both names, no key twice.
func TestTheFixedList(t *testing.T) {
	want := []string{"legal", "medical", "technical", "financial", "marketing", "literary",
		"academic", "it", "automotive", "energy", "tourism", "gaming"}
	if got := Keys(); !slices.Equal(got, want) {
		t.Fatalf("Keys() = %v, want %v", got, want)
	}
	for _, k := range want {
		n, ok := Name(k)
		if !ok || !Valid(k) || n.TR == "" || n.EN == "" {
			t.Errorf("%s: name %+v ok %v", k, n, ok)
		}
	}
	for _, k := range []string{"", "Legal", "law", " legal"} {
		if Valid(k) {
			t.Errorf("Valid(%q) = true", k)
		}
	}
}
