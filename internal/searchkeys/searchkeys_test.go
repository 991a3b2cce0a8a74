package searchkeys

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// bsonSize is what the driver writes for keys as an array: the measure Budget is in.
func bsonSize(t *testing.T, keys []string) int {
	t.Helper()
	doc, err := bson.Marshal(bson.D{{Key: "k", Value: keys}})
	if err != nil {
		t.Fatal(err)
	}
	return len(doc) - 4 - 1 - 3 // the document's length and terminator, the element's type and name
}

const company = "Büyükçekmece Uluslararası Lojistik ve Dış Ticaret A.Ş."

func TestSizeIsTheBSONSize(t *testing.T) {
	for _, keys := range [][]string{{}, {""}, {"a", "bc"}, Keys([]string{"kind=contact", ""}, company, "Ayşe Yılmaz", "ayse@ornek.com.tr")} {
		if got, want := Size(keys), bsonSize(t, keys); got != want {
			t.Errorf("Size(%d keys) = %d, BSON %d", len(keys), got, want)
		}
	}
}

// randomText is up to 2,000 runes of words of up to 40 runes, from an alphabet with Turkish,
// Greek, CJK, digits, punctuation and 4-byte runes, so that keys of every kind are made.
func randomText(r *rand.Rand) string {
	alphabet := []rune("abcçdefgğhıijklmnoöprsştuüvyzİIÇĞÖŞÜ0123456789αβγδ漢字語😀.@-_'  ")
	n := r.IntN(2000)
	var b strings.Builder
	for i := 0; i < n; i++ {
		if r.IntN(8) == 0 {
			b.WriteByte(' ')
			continue
		}
		b.WriteRune(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}

// The budget holds for any input: 1,000 random documents of up to 5 texts of up to 2,000 runes,
// with the largest fixed keys a caller uses (svc-catalog's four list filters).
func TestBudgetNeverExceeded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	fixed := []string{"", "kind=contact", "status=handled", "kind=contact;status=handled"}
	worst := 0
	for i := 0; i < 1000; i++ {
		texts := make([]string, 1+r.IntN(5))
		for j := range texts {
			texts[j] = randomText(r)
		}
		keys := Keys(fixed, texts...)
		size := bsonSize(t, keys)
		if size > Budget {
			t.Fatalf("document %d: %d keys, %d bytes > %d", i, len(keys), size, Budget)
		}
		worst = max(worst, size)
		if len(slices.Compact(slices.Sorted(slices.Values(keys)))) != len(keys) {
			t.Fatalf("document %d: repeated keys", i)
		}
	}
	t.Logf("largest keys array of 1,000 random documents: %d bytes (budget %d)", worst, Budget)
}

func TestFixedKeysPastTheBudgetPanic(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	Keys([]string{strings.Repeat("x", Budget)})
}

// found reports whether the document with texts is found by q, the way a store finds it: its keys
// hold the query's key, and Match accepts it.
func found(q string, texts ...string) bool {
	query := Parse(q)
	return slices.Contains(Keys(nil, texts...), query.Key()) && query.Match(texts...)
}

func TestPrefixesFound(t *testing.T) {
	texts := []string{"Mehmet Ali Yılmaz", "m.ali.yilmaz@ornek.com.tr", company}
	for _, q := range []string{
		"m", "me", "meh", "mehm", "mehme", "mehmet", "mehmet a", "Mehmet Ali Yıl", "mehmet ali yilmaz",
		"ali", "yil", "YILMAZ", "m.ali.y", "m.ali.yilmaz@ornek.com.tr", "ornek", "com", "tr",
		"büyük", "BÜYÜKÇEKMECE ULUSLARARASI", company, "uluslararasi", "ULUSLARARASI", "lojist", "dış", "DIŞ", "ticaret", "a", "ş",
	} {
		if !found(q, texts...) {
			t.Errorf("%q not found", q)
		}
	}
	for _, q := range []string{"ehmet", "ali yilmaz", "yilmazz", "lojistik ve ticaret", "dis", "a.s", "a.ş.", "@ornek", "xyz", "mehmet  ali yilmazx"} {
		if found(q, texts...) {
			t.Errorf("%q found", q)
		}
	}
}

func TestTurkishFolding(t *testing.T) {
	for _, q := range []string{"ilker", "İlker", "ILKER", "ılker", "İLKER", "IŞIK", "işık", "ışık", "işik"} {
		name := "İlker Işık"
		if !found(q, name) {
			t.Errorf("%q does not find %q", q, name)
		}
	}
	if Fold("  İSTANBUL\t ılık  ") != "istanbul ilik" {
		t.Errorf("Fold = %q", Fold("  İSTANBUL\t ılık  "))
	}
}

// A query is matched as text, never as a pattern.
func TestQueryIsLiteral(t *testing.T) {
	texts := []string{"a.b*( company", "axb"}
	if !found("a.b*(", texts...) {
		t.Error(`"a.b*(" does not find itself`)
	}
	if found("a.b*(", "axbb", "a.bbb(") || found(".*", "anything") || found("a.b", "axb") {
		t.Error("a query was read as a pattern")
	}
}

// Past the budget, the whole texts and the first words of each text stay; the last words of the
// longest text go first.
func TestBudgetDropsLaterWordsFirst(t *testing.T) {
	var words []string
	for i := 0; i < 400; i++ {
		words = append(words, fmt.Sprintf("k%03dkelime", i)) // no two share a prefix of 8
	}
	long := strings.Join(words, " ")
	texts := []string{"Zeynep Kaya", "zeynep@ornek.com", long}
	for _, q := range []string{"zeynep", "kaya", "zeynep@", "ornek", "k000", words[0], words[1], long[:40]} {
		if !found(q, texts...) {
			t.Errorf("%q not found", q)
		}
	}
	if found(words[len(words)-1], texts...) {
		t.Errorf("the last of 400 words is still found: the budget holds %d keys", len(Keys(nil, texts...)))
	}
	if !slices.Equal(Keys(nil, texts...), Keys(nil, texts...)) {
		t.Error("keys differ between runs")
	}
}

// The realistic worst case: a 200-character company, a long name and e-mail, and svc-catalog's
// filters, keep every word findable.
func TestRealisticLongInputKeepsEveryWord(t *testing.T) {
	company := "Büyükçekmece Uluslararası Lojistik ve Dış Ticaret Anonim Şirketi İstanbul Avrupa Yakası Bölge Müdürlüğü Gümrük Müşavirliği Depolama Dağıtım Taşımacılık Hizmetleri Sanayi Limited"
	for len([]rune(company)) < 200 {
		company += " Şubesi"
	}
	name := "Muhammed Mustafa Abdurrahman Kılıçarslanoğlu Büyükyıldırım"
	email := "muhammed.mustafa.abdurrahman.kilicarslanoglu@buyukcekmece-uluslararasi-lojistik.com.tr"
	fixed := []string{"", "kind=quote", "status=open", "kind=quote;status=open"}
	keys := Keys(fixed, name, email, company)
	t.Logf("%d-rune company, %d-rune name, %d-rune e-mail: %d keys, %d bytes", len([]rune(company)), len([]rune(name)), len([]rune(email)), len(keys), Size(keys))
	for _, text := range []string{name, email, company} {
		for _, w := range Words(Fold(text)) {
			if !found(w, name, email, company) {
				t.Errorf("word %q not found", w)
			}
		}
		if !found(text, name, email, company) {
			t.Errorf("%q not found", text)
		}
	}
}

func TestParse(t *testing.T) {
	if !Parse("  \t").IsZero() || Parse("a").IsZero() {
		t.Fatal("IsZero")
	}
	if Parse("lojistik ve dış").Key() != Key("lojistik") || Parse("lojis").Key() != Key("loji") || Parse("İ").Key() != Key("i") {
		t.Error("the query's key is not its longest stored prefix")
	}
	if len(Key("x")) != keySize || strings.ContainsAny(Key("y"), "=+/") {
		t.Errorf("key %q", Key("x"))
	}
}

// An id is found whole, and by nothing shorter.
func TestWhole(t *testing.T) {
	id := "TR-01HXYZ9ABCDEF"
	keys := Keys([]string{WholeKey(id)}, "Ayşe Kaya")
	for q, want := range map[string]bool{id: true, "tr-01hxyz9abcdef": true, "tr-01hxyz9": false, "tr": false, "": false} {
		query := Parse(q)
		if got := slices.Contains(keys, query.Key()) && query.Whole(id); got != want {
			t.Errorf("%q: %v, want %v", q, got, want)
		}
	}
}
