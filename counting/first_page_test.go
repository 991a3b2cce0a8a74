package counting

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A document's first page (the job pool's preview) is about a standard page of its text, ended
// at a word; the short preview stays as it was.
func TestFirstPageEndsAtAWordAfterAPage(t *testing.T) {
	var words []string
	for i := 0; len(strings.Join(words, "")) < 3*PageCharacters; i++ {
		words = append(words, []string{"çeviri", "belgesi", "İstanbul'da", "yapıldı", "ve", "teslim", "edildi."}[i%7])
	}
	text := strings.Join(words, "  \n ")
	c, err := Count("doc.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	page := c.FirstPage
	chars := utf8.RuneCountInString(strings.ReplaceAll(page, " ", ""))
	if chars < PageCharacters || chars > PageCharacters+pageSlack {
		t.Errorf("first page of %d characters without spaces: %q", chars, page)
	}
	if collapsed := strings.Join(words, " "); !strings.HasPrefix(collapsed, page) || collapsed[len(page)] != ' ' {
		t.Errorf("the first page does not end at a word: …%q", page[len(page)-30:])
	}
	if n := utf8.RuneCountInString(c.Preview); n > PreviewRunes || n < PreviewRunes-12 || !strings.HasPrefix(page, c.Preview) {
		t.Errorf("preview of %d runes: %q", n, c.Preview)
	}
	// A short text is all of it.
	if c, _ := Count("short.txt", strings.NewReader("Kısa  bir\nmetin.")); c.FirstPage != "Kısa bir metin." || c.Preview != c.FirstPage {
		t.Errorf("short text: %+v", c)
	}
	// One word longer than the slack past the page is left out rather than cut.
	long := strings.Repeat("a", PageCharacters-2) + " " + strings.Repeat("b", 2*pageSlack)
	if c, _ := Count("long.txt", strings.NewReader(long)); c.FirstPage != strings.Repeat("a", PageCharacters-2) {
		t.Errorf("a word running past the page: %d runes", utf8.RuneCountInString(c.FirstPage))
	}
}
