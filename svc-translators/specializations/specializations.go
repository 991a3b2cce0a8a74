// Package specializations is the one list of the fields translators specialise in (API.md
// "Specialisations"): the keys applications and profiles store, with their names in both site
// languages. The application form and the profile's competencies both check against it.
package specializations

import "linguaport/internal/i18n"

// Entry is one specialisation: its key and its name.
type Entry struct {
	Key  string    `json:"key"`
	Name i18n.Text `json:"name"`
}

// all are the specialisations in the order the forms show them.
var all = []Entry{
	{Key: "legal", Name: i18n.Text{TR: "Hukuk", EN: "Legal"}},
	{Key: "medical", Name: i18n.Text{TR: "Tıp", EN: "Medical"}},
	{Key: "technical", Name: i18n.Text{TR: "Teknik", EN: "Technical"}},
	{Key: "financial", Name: i18n.Text{TR: "Finans", EN: "Financial"}},
	{Key: "marketing", Name: i18n.Text{TR: "Pazarlama", EN: "Marketing"}},
	{Key: "literary", Name: i18n.Text{TR: "Edebiyat", EN: "Literary"}},
	{Key: "academic", Name: i18n.Text{TR: "Akademik", EN: "Academic"}},
	{Key: "it", Name: i18n.Text{TR: "Bilişim", EN: "IT"}},
	{Key: "automotive", Name: i18n.Text{TR: "Otomotiv", EN: "Automotive"}},
	{Key: "energy", Name: i18n.Text{TR: "Enerji", EN: "Energy"}},
	{Key: "tourism", Name: i18n.Text{TR: "Turizm", EN: "Tourism"}},
	{Key: "gaming", Name: i18n.Text{TR: "Oyun", EN: "Gaming"}},
}

var byKey = func() map[string]i18n.Text {
	m := make(map[string]i18n.Text, len(all))
	for _, e := range all {
		m[e.Key] = e.Name
	}
	return m
}()

// All returns the specialisations in display order.
func All() []Entry { return append([]Entry(nil), all...) }

// Keys returns the keys in display order.
func Keys() []string {
	keys := make([]string, len(all))
	for i, e := range all {
		keys[i] = e.Key
	}
	return keys
}

// Valid reports whether key is one of the list.
func Valid(key string) bool {
	_, ok := byKey[key]
	return ok
}

// Name is the key's name in both languages, and whether the key is one of the list.
func Name(key string) (i18n.Text, bool) {
	t, ok := byKey[key]
	return t, ok
}
