// Package sandbox is the API sandbox's simulated translator (issue 29, DESIGN §15): who it is
// and the pseudo-translation it delivers. A sandbox customer's orders (authn.IsSandbox) never
// reach a real translator; svc-orders' worker (orders/sandbox.go) has this translator claim,
// deliver and redeliver them through the lifecycle real work takes, so every event, and so every
// webhook an integrator tests against, fires as it would for a live order.
//
// What it delivers must never pass for a translation: each file is named SANDBOX-…, starts with
// the mark in both languages, and its "translation" is the source text visibly bracketed and
// accented (pseudo-localisation), or, for a document whose text is not plain, a note of what
// file it stands for with its first page so treated.
package sandbox

import (
	"fmt"
	"path"
	"strings"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/i18n"
)

// TranslatorID is the simulated translator: a sandbox id ("sbx_translator"), so no live account
// can be it and any service that asks authn.IsSandbox of it knows it for what it is.
var TranslatorID = authn.SandboxID("translator")

// TranslatorName is how the simulated translator is named wherever an order names its translator.
var TranslatorName = i18n.Text{TR: "Deneme Çevirmeni", EN: "Sandbox translator"}

// Caller is the simulated translator acting on its orders: through the checks a real translator
// passes (its own uploads, the orders assigned to it).
func Caller() authn.Caller {
	return authn.Caller{ID: TranslatorID, Role: authn.RoleTranslator, Name: TranslatorName.EN, Sandbox: true}
}

// The mark every delivered file starts with, and the note every delivery carries.
var (
	Mark = i18n.Text{TR: "LinguaPort SANDBOX — bu bir çeviri değildir", EN: "LinguaPort SANDBOX — this is not a translation"}
	Note = i18n.Text{
		TR: "Deneme ortamı: bu teslimatı benzetimli çevirmen yaptı; dosyalar çeviri değildir.",
		EN: "Sandbox: the simulated translator made this delivery; the files are not translations.",
	}
)

// MaxText bounds the source text a pseudo-translation is made of: enough to look like the work,
// never the whole of a 50 MB upload held in memory twice.
const MaxText = 256 << 10

// Work is what the order asks for, as the file's heading names it.
type Work struct {
	Number          string
	SourceLanguage  string
	TargetLanguages []string
	Quantity        int
	Unit            string
}

// Source is one source document as the pseudo-translation sees it: its name and format, and its
// text: the document itself for a plain text format (Plain), or the first page counting kept of
// it otherwise. Cut says the text was longer than MaxText.
type Source struct {
	Name   string
	Format counting.Format
	Text   string
	Plain  bool
	Cut    bool
}

// IsPlain reports whether a format's bytes are its text, so the whole of it is pseudo-translated
// line by line (timings and cue numbers of subtitles kept).
func IsPlain(f counting.Format) bool {
	return f == counting.TXT || f == counting.SRT || f == counting.VTT
}

// FileName is the delivered file's name for a source file ("" for a quantity quote's one file
// of order number): SANDBOX- and the source's name, always a .txt.
func FileName(source, number string) string {
	if source == "" {
		return "SANDBOX-" + number + ".txt"
	}
	if strings.EqualFold(path.Ext(source), ".txt") {
		source = strings.TrimSuffix(source, path.Ext(source))
	}
	return "SANDBOX-" + source + ".txt"
}

// Document is the delivered file standing for src (nil for a quantity quote): the mark in both
// languages, what it stands for, then the pseudo-translation.
func Document(w Work, src *Source) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n\n", Mark.TR, Mark.EN)
	targets := strings.Join(w.TargetLanguages, ", ")
	fmt.Fprintf(&b, "Sipariş / Order: %s (%s → %s)\n", w.Number, w.SourceLanguage, targets)
	switch {
	case src == nil:
		fmt.Fprintf(&b, "Kaynak / Source: %d %s, dosyasız / without a file\n\n", w.Quantity, w.Unit)
		b.WriteString(Pseudo("This file stands for the work of the order.") + "\n")
	case src.Plain:
		fmt.Fprintf(&b, "Kaynak / Source: %s\n\n", src.Name)
		pseudoLines(&b, src.Text, src.Format)
	default:
		fmt.Fprintf(&b, "Kaynak / Source: %s (%s)\n", src.Name, src.Format)
		fmt.Fprintf(&b, "Bu dosya %s yerine teslim edildi. / This file stands for %s.\n\n", src.Name, src.Name)
		if src.Text != "" {
			pseudoLines(&b, src.Text, counting.TXT)
		}
	}
	if src != nil && src.Cut {
		b.WriteString("\n[…]\n")
	}
	return []byte(b.String())
}

// pseudoLines writes text line by line, each line of words pseudo-translated; a subtitle's cue
// numbers, timings and header stay as they are, so the file still reads as subtitles.
func pseudoLines(b *strings.Builder, text string, f counting.Format) {
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if (f == counting.SRT || f == counting.VTT) && cueLine(line) {
			b.WriteString(line + "\n")
			continue
		}
		b.WriteString(Pseudo(line) + "\n")
	}
}

func cueLine(line string) bool {
	t := strings.TrimSpace(line)
	if strings.Contains(t, "-->") || strings.HasPrefix(t, "WEBVTT") {
		return true
	}
	return strings.Trim(t, "0123456789") == ""
}

// accents are the letters a pseudo-translation swaps for accented look-alikes: still readable,
// plainly not the source, and never a real translation.
var accents = strings.NewReplacer(
	"a", "á", "e", "é", "i", "í", "o", "ö", "u", "ü", "c", "ç", "n", "ñ", "s", "ş", "y", "ý", "g", "ğ",
	"A", "Á", "E", "É", "I", "Í", "O", "Ö", "U", "Ü", "C", "Ç", "N", "Ñ", "S", "Ş", "Y", "Ý", "G", "Ğ",
)

// Pseudo is one line pseudo-translated: its letters accented and the whole bracketed; a blank
// line stays blank.
func Pseudo(line string) string {
	if strings.TrimSpace(line) == "" {
		return ""
	}
	return "⟦" + accents.Replace(line) + "⟧"
}

// TextOf is the text of a plain source's bytes, cut at MaxText on a character's boundary, with
// whether it was; bytes that are not UTF-8 are dropped rather than delivered garbled.
func TextOf(content []byte) (text string, cut bool) {
	if len(content) > MaxText {
		content, cut = content[:MaxText], true // a character cut in two is dropped below
	}
	return strings.ToValidUTF8(string(content), ""), cut
}
