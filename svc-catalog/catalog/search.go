package catalog

import (
	"strings"
	"unicode"
)

// Staff lists are filtered by a few fixed dimensions (a post's language and status, an inquiry's
// kind and status) and searched by prefix, and every such query must be served by an index
// (DESIGN §4). One multikey field "keys" per document, indexed with the list's order, does that
// for every combination at once: it holds one key per subset of the document's dimensions
// ("lang=tr;status=draft", "status=draft", "") and, for each, that key followed by each searchable
// prefix ("lang=tr#übers"). A listing asks for exactly one key. A compound index over the
// dimensions and a separate array of prefixes would need one index per combination, and MongoDB
// cannot index two arrays in one compound index.

// searchPrefix bounds the prefixes kept for search; a longer q is cut to it.
const searchPrefix = 40

// dim is one filterable dimension of a document: its name and the document's value.
type dim struct{ name, value string }

// facet is the key of the dimensions a listing filters by; dimensions with no value are left out.
func facet(dims ...dim) string {
	var parts []string
	for _, d := range dims {
		if d.value != "" {
			parts = append(parts, d.name+"="+d.value)
		}
	}
	return strings.Join(parts, ";")
}

// listKey is the one key a listing filtered by dims and searching q asks for.
func listKey(q string, dims ...dim) string {
	k := facet(dims...)
	if q = searchKey(q); q != "" {
		k += "#" + q
	}
	return k
}

// indexKeys are a document's keys: every subset of dims, alone and with each prefix of texts.
func indexKeys(dims []dim, texts ...string) []string {
	prefixes := searchPrefixes(texts...)
	var keys []string
	for mask := 0; mask < 1<<len(dims); mask++ {
		subset := make([]dim, 0, len(dims))
		for i, d := range dims {
			if mask&(1<<i) != 0 {
				subset = append(subset, d)
			}
		}
		f := facet(subset...)
		keys = append(keys, f)
		for _, p := range prefixes {
			keys = append(keys, f+"#"+p)
		}
	}
	return keys
}

// searchPrefixes are the prefixes staff may search by: of each whole text and of each of its
// words, folded, at most searchPrefix characters, without repeats.
func searchPrefixes(texts ...string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		r := []rune(s)
		for n := 1; n <= min(len(r), searchPrefix); n++ {
			if k := string(r[:n]); !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	for _, t := range texts {
		t = fold(strings.TrimSpace(t))
		add(t)
		for _, w := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			add(w)
		}
	}
	return out
}

// searchKey is q as searchPrefixes stores it.
func searchKey(q string) string {
	r := []rune(fold(strings.TrimSpace(q)))
	return string(r[:min(len(r), searchPrefix)])
}

// turkishI folds the Turkish i's to "i" after lower-casing: "ilker", "İlker", "ILKER" and
// "ılker" find the same.
var turkishI = strings.NewReplacer("i\u0307", "i", "ı", "i")

func fold(s string) string { return turkishI.Replace(strings.ToLower(s)) }
