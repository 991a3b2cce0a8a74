// Package contracts words the texts a customer accepts when they approve a quote (DESIGN §14):
// for a consumer the pre-contract information form and the distance-sales contract (Distance
// Contracts Regulation of 27.11.2014, No. 29188), with the confirmation that the work starts
// now and the right of withdrawal then ends (art. 15(1)(h)); for a company buying as a company
// the commercial terms. The texts are templates (texts/) over the agency's facts, the buyer's
// billing details and the quote; the rendered text is what the customer reads, what their
// acceptance names (its digest) and what is kept with the order, word for word.
package contracts

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/template"
	"time"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
)

// Version names the texts in texts/: change it with every change of their words, so an
// acceptance kept with an order says which text was accepted (a test holds the two together).
const Version = "2026-11-30"

// WithdrawalDays is a consumer's period of withdrawal from a distance contract (Law 6502 art. 48,
// Regulation art. 9).
const WithdrawalDays = 14

// Kind is which texts a buyer is given.
type Kind string

const (
	// Consumer: a person (or anyone not buying as a company) gets the pre-contract information
	// and the distance-sales contract, and confirms the work may start at once.
	Consumer Kind = "consumer"
	// Commercial: a company buying as a company gets the commercial terms; consumer law and its
	// withdrawal right do not apply.
	Commercial Kind = "commercial"
)

// The confirmations a buyer ticks, each required.
const (
	// ConsentAccept: the buyer read the texts and accepts them.
	ConsentAccept = "accept"
	// ConsentStartNow: the consumer wants the work to start now and knows the right of
	// withdrawal then ends (art. 15(1)(h)).
	ConsentStartNow = "startNow"
)

// consentTexts are the boxes' words, kept in the accepted contract as they were shown.
var consentTexts = map[Kind][]struct {
	id   string
	text i18n.Text
}{
	Consumer: {
		{ConsentAccept, i18n.Text{
			TR: "Ön bilgilendirme formunu okudum; mesafeli hizmet sözleşmesini kabul ediyorum.",
			EN: "I have read the pre-contract information and accept the distance sales contract.",
		}},
		{ConsentStartNow, i18n.Text{
			TR: "Çalışmanın hemen başlamasını istiyorum ve bu durumda cayma hakkımı kaybedeceğimi biliyorum.",
			EN: "I want the work to start now and know I then lose my right of withdrawal.",
		}},
	},
	Commercial: {
		{ConsentAccept, i18n.Text{
			TR: "Ticari hizmet koşullarını okudum ve şirketim adına kabul ediyorum.",
			EN: "I have read the commercial terms of service and accept them on behalf of my company.",
		}},
	},
}

// Contract is the texts one buyer is shown for one quote, in one language.
type Contract struct {
	Kind      Kind       `json:"kind" bson:"kind"`
	Version   string     `json:"version" bson:"version"`
	Lang      i18n.Lang  `json:"lang" bson:"lang"`
	Documents []Document `json:"documents" bson:"documents"`
	Consents  []Consent  `json:"consents" bson:"consents"`
	// Total is the price with VAT as the texts print it, for the kept contract's record.
	Total string `json:"total" bson:"total"`
	// Digest is the SHA-256 of everything above: an acceptance names it, so what is kept is
	// what the buyer read.
	Digest string `json:"digest" bson:"digest"`
}

// Document is one text: a title and its sections.
type Document struct {
	Title    string    `json:"title" bson:"title"`
	Sections []Section `json:"sections" bson:"sections"`
}

// Section is a heading (empty before a document's first) and its blocks.
type Section struct {
	Heading string  `json:"heading,omitempty" bson:"heading,omitempty"`
	Blocks  []Block `json:"blocks" bson:"blocks"`
}

// Block is a paragraph (Text) or a list (Items).
type Block struct {
	Text  string   `json:"text,omitempty" bson:"text,omitempty"`
	Items []string `json:"items,omitempty" bson:"items,omitempty"`
}

// Consent is one box the buyer ticks.
type Consent struct {
	ID   string `json:"id" bson:"id"`
	Text string `json:"text" bson:"text"`
}

// Acceptance is what an approval says of the contract: the digest of the text the buyer was
// shown and the boxes they ticked.
type Acceptance struct {
	Digest   string          `json:"digest"`
	Consents map[string]bool `json:"consents"`
}

// Accepted is a contract as it was accepted, kept with the order: the whole text, when and from
// which address.
type Accepted struct {
	Contract   `bson:",inline"`
	AcceptedAt time.Time `json:"acceptedAt" bson:"acceptedAt"`
	IP         string    `json:"ip,omitempty" bson:"ip,omitempty"`
	// MailTo and MailName are the buyer's address and name in the billing details the texts were
	// worded from: where a copy of the contract is mailed when the approval is written (a durable
	// medium, as the Distance Contracts Regulation asks). Not kept: the texts name the buyer.
	MailTo   string `json:"-" bson:"-"`
	MailName string `json:"-" bson:"-"`
}

// ErrNotAccepted refuses an approval with a box left unticked; the error also holds the
// errs.Fields naming each ("must_accept", "must_start_now").
var ErrNotAccepted = errors.New("the contract was not accepted")

// missingReasons are the field reasons of the boxes left unticked.
var missingReasons = map[string]string{ConsentAccept: "must_accept", ConsentStartNow: "must_start_now"}

// ErrChanged refuses an acceptance of a text other than the one the buyer would accept now:
// their details or the quote changed after they read it, or they read none.
var ErrChanged = errors.New("the contract changed since it was read")

// Accept checks a against c: every box ticked (ErrNotAccepted with the errs.Fields naming each
// missing one) and the digest that of c. It answers c as accepted at now from ip.
func (c Contract) Accept(a Acceptance, now time.Time, ip string) (*Accepted, error) {
	missing := errs.Fields{}
	for _, box := range c.Consents {
		if !a.Consents[box.ID] {
			missing[box.ID] = missingReasons[box.ID]
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%w: %w", ErrNotAccepted, missing)
	}
	if a.Digest != c.Digest {
		return nil, ErrChanged
	}
	return &Accepted{Contract: c, AcceptedAt: now.UTC(), IP: ip}, nil
}

//go:embed texts/*.md
var texts embed.FS

// templates are the texts parsed once, by kind and language; a text that does not parse stops
// the process at start-up (a test parses them all).
var templates = func() map[string]*template.Template {
	m := map[string]*template.Template{}
	for _, k := range []Kind{Consumer, Commercial} {
		for _, l := range []i18n.Lang{i18n.TR, i18n.EN} {
			name := textName(k, l)
			body, err := texts.ReadFile("texts/" + name)
			if err != nil {
				panic(fmt.Sprintf("contracts: %v", err))
			}
			m[name] = template.Must(template.New(name).Option("missingkey=error").Parse(string(body)))
		}
	}
	return m
}()

func textName(k Kind, l i18n.Lang) string { return string(k) + "." + string(l) + ".md" }

// Render words the contract of kind in lang over d.
func Render(kind Kind, lang i18n.Lang, d Data) (Contract, error) {
	t, ok := templates[textName(kind, lang)]
	if !ok {
		return Contract{}, fmt.Errorf("contracts: no %s text in %q", kind, lang)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, d); err != nil {
		return Contract{}, fmt.Errorf("contracts: render %s.%s: %w", kind, lang, err)
	}
	c := Contract{Kind: kind, Version: Version, Lang: lang, Documents: parse(buf.String()), Total: d.Total}
	for _, box := range consentTexts[kind] {
		c.Consents = append(c.Consents, Consent{ID: box.id, Text: box.text.In(lang)})
	}
	c.Digest = digest(c)
	return c, nil
}

// digest hashes the contract's words and names (not its Digest).
func digest(c Contract) string {
	c.Digest = ""
	b, err := json.Marshal(c)
	if err != nil {
		panic(fmt.Sprintf("contracts: digest: %v", err)) // plain strings and slices always marshal
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// parse reads the texts' Markdown subset: "# " starts a document, "## " a section, "- " a list
// item, a blank line ends a paragraph; lines of one paragraph are joined by a space.
func parse(s string) []Document {
	var docs []Document
	var para []string
	// inItem: the line before was a list item's, which a following line continues.
	inItem := false
	doc := func() *Document {
		if len(docs) == 0 {
			docs = append(docs, Document{})
		}
		return &docs[len(docs)-1]
	}
	section := func() *Section {
		d := doc()
		if len(d.Sections) == 0 {
			d.Sections = append(d.Sections, Section{})
		}
		return &d.Sections[len(d.Sections)-1]
	}
	flush := func() {
		if len(para) > 0 {
			sec := section()
			sec.Blocks = append(sec.Blocks, Block{Text: strings.Join(para, " ")})
			para = nil
		}
	}
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		wasItem := inItem
		inItem = false
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "# "):
			flush()
			docs = append(docs, Document{Title: strings.TrimSpace(line[2:])})
		case strings.HasPrefix(line, "## "):
			flush()
			d := doc()
			d.Sections = append(d.Sections, Section{Heading: strings.TrimSpace(line[3:])})
		case strings.HasPrefix(line, "- "):
			flush()
			sec := section()
			item := strings.TrimSpace(line[2:])
			if n := len(sec.Blocks); n > 0 && sec.Blocks[n-1].Items != nil {
				sec.Blocks[n-1].Items = append(sec.Blocks[n-1].Items, item)
			} else {
				sec.Blocks = append(sec.Blocks, Block{Items: []string{item}})
			}
			inItem = true
		case wasItem:
			items := section().Blocks[len(section().Blocks)-1].Items
			items[len(items)-1] += " " + line
			inItem = true
		default:
			para = append(para, line)
		}
	}
	flush()
	for i := range docs {
		for j := range docs[i].Sections {
			if docs[i].Sections[j].Blocks == nil {
				docs[i].Sections[j].Blocks = []Block{}
			}
		}
	}
	return docs
}
