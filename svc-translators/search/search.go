// Package search makes the keys staff's lists are searched by: every prefix of each searched
// text, folded, stored in one array per document. A search is then one equality on the array,
// served by a multikey index that still lists in the asked order (DESIGN §4), where a regex or
// a text index could not page.
package search

import "strings"

// MaxPrefix bounds the prefixes kept; a longer query is cut to it.
const MaxPrefix = 40

// Keys are the prefixes of each of texts and of each of their words, folded, each once.
func Keys(texts ...string) []string {
	var keys []string
	seen := map[string]bool{}
	add := func(s string) {
		r := []rune(Fold(strings.TrimSpace(s)))
		for n := 1; n <= min(len(r), MaxPrefix); n++ {
			if k := string(r[:n]); !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	for _, t := range texts {
		add(t)
		if words := strings.Fields(t); len(words) > 1 {
			for _, w := range words {
				add(w)
			}
		}
	}
	return keys
}

// Key is a query as Keys stores it: "" for a blank one.
func Key(q string) string {
	r := []rune(Fold(strings.Join(strings.Fields(q), " ")))
	return string(r[:min(len(r), MaxPrefix)])
}

// turkishI folds the Turkish i's to "i" after lower-casing: staff typing "ilker", "İlker",
// "ILKER" or "yilmaz" on any keyboard find İlker Yılmaz.
var turkishI = strings.NewReplacer("i\u0307", "i", "ı", "i")

// Fold is how searched text is compared: lower case, the Turkish i's as one.
func Fold(s string) string { return turkishI.Replace(strings.ToLower(s)) }
