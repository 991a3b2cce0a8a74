// Package placeholders finds text that was never meant to reach a reader: a bracketed gap a
// writer left to fill ("[registered address]", "[...]"), a template field left unrendered
// ("{{.LegalName}}", "<no value>", Go's "%!s(MISSING)"), an address or host on the reserved
// .example domain, and "lorem ipsum". Tests of everything a user can reach (pages, API answers,
// e-mails, PDFs) call Find on its text and fail on what it returns.
package placeholders

import (
	"reflect"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

var patterns = []*regexp.Regexp{
	// An unrendered template field: {{name}}, {{ .Field }}, {{...}}.
	regexp.MustCompile(`\{\{[^{}\n]{0,80}\}\}`),
	// What Go's text/template and fmt print for a missing value or argument.
	regexp.MustCompile(`<no value>|%!\w?\((?:MISSING|EXTRA|BADINDEX|NOVERB)[^)]*\)|%!\w\([^)]*\)`),
	// A host or e-mail address on the .example top-level domain (RFC 2606), which can never be
	// a real mailbox or site: "privacy@linguaport.example", "linguaport.example/path".
	regexp.MustCompile(`(?i)[\w.+@-]*[\w-]\.example\b`),
	// Filler text.
	regexp.MustCompile(`(?i)\blorem\b`),
	// Notes to the writer.
	regexp.MustCompile(`\b(?:TODO|FIXME|TBD)\b`),
}

// bracketed is a bracketed gap: "[...]", "[…]" or "[" + words + "]", where the words start with
// a letter and hold only letters, spaces and the few marks such notes are written with. JSON
// arrays (`["tr","en"]`), numbered references ("[1]") and Markdown links ("[text](url)") are not
// gaps: the first two do not match and the last is told apart by what follows (see Find).
var bracketed = regexp.MustCompile(`\[(?:\.{2,}|…|\p{L}[\p{L}\p{M} _./'-]{0,60})\]`)

// Find returns every placeholder in text, each once, in the order they first occur; nil when
// there is none.
func Find(text string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, loc := range bracketed.FindAllStringIndex(text, -1) {
		// A Markdown link's text, "[the notice](/tr/gizlilik)", is text, not a gap.
		if loc[1] < len(text) && text[loc[1]] == '(' {
			continue
		}
		// A lone word in brackets in the middle of running code or data ("a[i]", "x[key]") is
		// not prose: a gap stands after a space, a line break, punctuation or at the start.
		if loc[0] > 0 {
			r, _ := utf8.DecodeLastRuneInString(text[:loc[0]])
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
				continue
			}
		}
		add(text[loc[0]:loc[1]])
	}
	for _, p := range patterns {
		for _, m := range p.FindAllString(text, -1) {
			add(m)
		}
	}
	return out
}

// HTMLText is the text a reader sees on an HTML page and what its attributes say (titles, alt
// texts, meta descriptions, JSON-LD and the page's embedded data): the markup with its tags
// replaced by spaces and its character references for &, <, >, " and ' decoded. It is made for
// Find, not for display.
func HTMLText(html string) string {
	var b strings.Builder
	inTag := false
	quote := byte(0)
	for i := 0; i < len(html); i++ {
		c := html[i]
		switch {
		case inTag && quote != 0:
			if c == quote {
				quote = 0
				b.WriteByte(' ')
			} else {
				b.WriteByte(c)
			}
		case inTag && (c == '"' || c == '\''):
			quote = c
			b.WriteByte(' ')
		case inTag && c == '>':
			inTag = false
			b.WriteByte(' ')
		case inTag:
		case c == '<':
			inTag = true
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return entities.Replace(b.String())
}

var entities = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&#x27;", "'", "&nbsp;", " ")

// FindIn is Find over every string in vs, however they are held: strings, structs (exported
// fields), pointers, slices, arrays and maps, walked to any depth; a string that looks like HTML
// is read as its text too (HTMLText). A mail test calls it on whatever the mail builder returns
// (a message, a page of a layout, a subject and a body), so it outlives a change of their shape.
func FindIn(vs ...any) []string {
	var texts []string
	for _, v := range vs {
		collect(reflect.ValueOf(v), &texts, 0)
	}
	return Find(strings.Join(texts, "\n"))
}

func collect(v reflect.Value, out *[]string, depth int) {
	if !v.IsValid() || depth > 32 {
		return
	}
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		*out = append(*out, s)
		if strings.Contains(s, "<") && strings.Contains(s, ">") {
			*out = append(*out, HTMLText(s))
		}
	case reflect.Pointer, reflect.Interface:
		collect(v.Elem(), out, depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				collect(v.Field(i), out, depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes (an attachment) are not text; PDFs have FindInPDF
		}
		for i := range v.Len() {
			collect(v.Index(i), out, depth+1)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			collect(iter.Key(), out, depth+1)
			collect(iter.Value(), out, depth+1)
		}
	}
}
