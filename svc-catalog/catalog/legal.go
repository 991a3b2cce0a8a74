package catalog

import (
	"bytes"
	"fmt"
	"strings"
	"text/template"

	"linguaport/internal/company"
	"linguaport/internal/i18n"
)

// LegalDoc is one of the legal texts. Its body is a Markdown template over the agency's facts
// ({{.LegalName}}, {{.AddressLine}}, {{.Email.Privacy}}: company.View) and, for the cookie
// policy, the lists of what the site keeps in the browser ({{.CookieList}},
// {{.StorageList}}), rendered when it is served: no fact is typed into a text, so the texts
// say what the configuration says.
type LegalDoc struct {
	ID      string    `json:"id" bson:"_id"`
	Title   i18n.Text `json:"title" bson:"title"`
	Updated string    `json:"updated" bson:"updated"`
	Body    i18n.Text `json:"body" bson:"body"` // Markdown template
	// Cookies is what the site keeps in a visitor's browser, for the cookie policy (only it has
	// any): every cookie, and the browser storage the site writes to.
	Cookies []Cookie `json:"cookies,omitempty" bson:"cookies,omitempty"`
}

// LegalPage is a legal text in one language, rendered to safe HTML.
type LegalPage struct {
	ID      string `json:"id"`
	Lang    string `json:"lang"`
	Title   string `json:"title"`
	Updated string `json:"updated"`
	HTML    string `json:"html"`
	// Cookies is the cookie policy's list in the page's language (GET legal/cookies only), so a
	// test can compare it with what a browser is given.
	Cookies []CookieEntry `json:"cookies,omitempty"`
}

// Where the site keeps something in the browser.
const (
	StorageCookie  = "cookie"
	StorageLocal   = "localStorage"
	StorageSession = "sessionStorage"
)

// Cookie is one cookie (or browser storage key) the site sets.
type Cookie struct {
	Name    string    `json:"name" bson:"name"`
	Storage string    `json:"storage" bson:"storage"` // StorageCookie, StorageLocal or StorageSession
	Purpose i18n.Text `json:"purpose" bson:"purpose"`
	// Duration is how long it is kept, in words ("7 gün; ...").
	Duration i18n.Text `json:"duration" bson:"duration"`
	// FirstParty: set by the site itself, on its own domain (every one today).
	FirstParty bool `json:"firstParty" bson:"firstParty"`
	// Necessary: strictly necessary for a service the visitor asked for, so set without consent.
	Necessary bool `json:"necessary" bson:"necessary"`
}

// CookieEntry is a Cookie in one language.
type CookieEntry struct {
	Name       string `json:"name"`
	Storage    string `json:"storage"`
	Purpose    string `json:"purpose"`
	Duration   string `json:"duration"`
	FirstParty bool   `json:"firstParty"`
	Necessary  bool   `json:"necessary"`
}

// legalData is what a legal text's template sees.
type legalData struct {
	company.View
	CookieList  string
	StorageList string
}

// parseLegal parses a legal text's template; a field it names that the data lacks is an error
// when it is rendered (missingkey=error and Go's field checks), never "<no value>".
func parseLegal(name, body string) (*template.Template, error) {
	t, err := template.New(name).Option("missingkey=error").Parse(body)
	if err != nil {
		return nil, fmt.Errorf("legal text %s: %w", name, err)
	}
	return t, nil
}

// renderLegal renders doc's body in lang with the facts to Markdown.
func renderLegal(doc LegalDoc, lang i18n.Lang, facts company.Facts) (string, error) {
	t, err := parseLegal(doc.ID+"/"+string(lang), doc.Body.In(lang))
	if err != nil {
		return "", err
	}
	data := legalData{View: facts.View(lang), CookieList: cookieList(doc.Cookies, lang, StorageCookie),
		StorageList: cookieList(doc.Cookies, lang, StorageLocal, StorageSession)}
	var out bytes.Buffer
	if err := t.Execute(&out, data); err != nil {
		return "", fmt.Errorf("legal text %s/%s: %w", doc.ID, lang, err)
	}
	return out.String(), nil
}

// cookieList is the Markdown list of the cookies kept in storages: each one's name with where it
// is kept, whose it is and whether it is necessary, then its purpose and lifetime. A list rather
// than a table of six columns, so that it reads on a phone as on a desktop.
func cookieList(cookies []Cookie, lang i18n.Lang, storages ...string) string {
	where := map[string]i18n.Text{
		StorageCookie:  {TR: "çerez", EN: "cookie"},
		StorageLocal:   {TR: "localStorage", EN: "localStorage"},
		StorageSession: {TR: "sessionStorage", EN: "sessionStorage"},
	}
	party := map[bool]i18n.Text{true: {TR: "birinci taraf", EN: "first party"}, false: {TR: "üçüncü taraf", EN: "third party"}}
	needed := map[bool]i18n.Text{true: {TR: "zorunlu", EN: "strictly necessary"}, false: {TR: "isteğe bağlı", EN: "optional"}}
	labels := struct{ purpose, lifetime i18n.Text }{
		i18n.Text{TR: "Amaç", EN: "Purpose"}, i18n.Text{TR: "Süre", EN: "Lifetime"},
	}
	var b strings.Builder
	for _, c := range cookies {
		if !contains(storages, c.Storage) {
			continue
		}
		fmt.Fprintf(&b, "- `%s` (%s, %s, %s)\n  - %s: %s\n  - %s: %s\n", c.Name, where[c.Storage].In(lang), party[c.FirstParty].In(lang),
			needed[c.Necessary].In(lang), labels.purpose.In(lang), oneLine(c.Purpose.In(lang)), labels.lifetime.In(lang), oneLine(c.Duration.In(lang)))
	}
	return b.String()
}

// oneLine keeps a text on its list item's line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// entries is cookies in lang.
func entries(cookies []Cookie, lang i18n.Lang) []CookieEntry {
	out := make([]CookieEntry, 0, len(cookies))
	for _, c := range cookies {
		out = append(out, CookieEntry{Name: c.Name, Storage: c.Storage, Purpose: c.Purpose.In(lang), Duration: c.Duration.In(lang),
			FirstParty: c.FirstParty, Necessary: c.Necessary})
	}
	return out
}

// checkLegal makes sure a seeded text renders in both languages with the demo facts, so a
// broken template stops the start (and the snapshot) instead of a visitor's page.
func checkLegal(doc LegalDoc) error {
	for _, lang := range []i18n.Lang{i18n.TR, i18n.EN} {
		if _, err := renderLegal(doc, lang, company.Demo()); err != nil {
			return err
		}
	}
	for _, c := range doc.Cookies {
		if c.Name == "" || !contains([]string{StorageCookie, StorageLocal, StorageSession}, c.Storage) ||
			c.Purpose.TR == "" || c.Purpose.EN == "" || c.Duration.TR == "" || c.Duration.EN == "" {
			return fmt.Errorf("legal text %s: cookie %+v lacks a name, storage, purpose or duration", doc.ID, c)
		}
	}
	return nil
}
