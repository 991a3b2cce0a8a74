package catalog

import (
	"bufio"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"time"

	"linguaport/internal/names"
)

// seedFiles is the content the catalogue starts with: JSON for the structured parts, Markdown
// with a front matter for blog posts.
//
//go:embed seed
var seedFiles embed.FS

// Content is everything the catalogue is seeded with.
type Content struct {
	Services     []ServiceEntry
	Languages    []Language
	Posts        []Post
	FAQ          []FAQItem
	Testimonials []Testimonial
	Legal        []LegalDoc
	Figures      Stats
}

// launchFigures are the marketing figures of spec §1 the site started with; staff keep them
// up to date (PUT admin/figures).
func launchFigures() Stats {
	st := Stats{Translators: 500, Languages: 50, Clients: 1000, Projects: 10000, Quality: "ISO 9001:2015",
		FreeRevisionDays: 7, Support: "24/7", MinExperience: 5, QualityStages: 3}
	st.Delivery.StandardDays, st.Delivery.TechnicalDays, st.Delivery.RushHours = "1-3", "3-5", 24
	return st
}

// SeedContent parses the embedded seed files.
func SeedContent() (Content, error) {
	c := Content{Figures: launchFigures()}
	if err := readJSON("seed/services.json", &c.Services); err != nil {
		return c, err
	}
	// Titles and language names live in internal/names, which svc-orders words invoices with too.
	for i := range c.Services {
		title, ok := names.Service(c.Services[i].ID)
		if !ok {
			return c, fmt.Errorf("seed/services.json: service %q has no title in internal/names", c.Services[i].ID)
		}
		c.Services[i].Title = title
		c.Services[i].Order = i + 1
	}
	for i, l := range names.Languages() {
		c.Languages = append(c.Languages, Language{Code: l.ID, NameTR: l.Name.TR, NameEN: l.Name.EN, Order: i + 1})
	}
	if err := readJSON("seed/faq.json", &c.FAQ); err != nil {
		return c, err
	}
	if err := readJSON("seed/testimonials.json", &c.Testimonials); err != nil {
		return c, err
	}
	var legal map[string]LegalDoc
	if err := readJSON("seed/legal.json", &legal); err != nil {
		return c, err
	}
	for _, id := range legalDocs {
		doc, ok := legal[id]
		if !ok {
			return c, fmt.Errorf("seed/legal.json lacks %q", id)
		}
		doc.ID = id
		if err := checkLegal(doc); err != nil {
			return c, fmt.Errorf("seed/legal.json: %w", err)
		}
		c.Legal = append(c.Legal, doc)
	}
	for _, lang := range []string{"tr", "en"} {
		names, err := fs.Glob(seedFiles, "seed/blog/"+lang+"/*.md")
		if err != nil {
			return c, err
		}
		for _, name := range names {
			p, err := readPost(name, lang)
			if err != nil {
				return c, err
			}
			c.Posts = append(c.Posts, p)
		}
	}
	return c, nil
}

func readJSON(name string, into any) error {
	data, err := seedFiles.ReadFile(name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, into); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// readPost parses "---\nkey: value\n...\n---\n<markdown>".
func readPost(name, lang string) (Post, error) {
	data, err := seedFiles.ReadFile(name)
	if err != nil {
		return Post{}, err
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	rest, ok := strings.CutPrefix(text, "---\n")
	front, body, ok2 := strings.Cut(rest, "\n---\n")
	if !ok || !ok2 {
		return Post{}, fmt.Errorf("%s: no front matter", name)
	}
	meta := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(front))
	for sc.Scan() {
		k, v, found := strings.Cut(sc.Text(), ":")
		if !found {
			continue
		}
		meta[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `"`)
	}
	date, err := time.Parse("2006-01-02", meta["date"])
	if err != nil {
		return Post{}, fmt.Errorf("%s: date: %w", name, err)
	}
	slug := strings.TrimSuffix(path.Base(name), ".md")
	// Seeded posts are published; their ids stay those of the seed whatever staff rename.
	p := Post{
		ID: seedPostID(lang, slug), Lang: lang, Slug: slug, Title: meta["title"], Excerpt: meta["excerpt"],
		Author: meta["author"], Date: &date, UpdatedAt: date, Cover: meta["cover"], CoverAlt: meta["coverAlt"],
		TranslationKey: meta["translationKey"], Body: strings.TrimSpace(body), Status: PostPublished,
	}
	p.index()
	if p.Title == "" || p.Excerpt == "" || p.TranslationKey == "" || p.CoverAlt == "" || p.Body == "" {
		return Post{}, fmt.Errorf("%s: title, excerpt, translationKey, coverAlt and body are required", name)
	}
	return p, nil
}

// Seed inserts every piece of content that is not in the store yet and reports how many it added,
// then brings documents written before the back office up to its shape (migrate). Running it
// again adds nothing and changes nothing, so nothing staff edited is undone by a restart.
func (s *MongoStore) Seed(ctx context.Context, c Content) (int, error) {
	added := 0
	add := func(ok bool, err error) error {
		if ok {
			added++
		}
		return err
	}
	for _, v := range c.Services {
		if err := add(seedOne(ctx, s.services, v.ID, v)); err != nil {
			return added, err
		}
	}
	for _, v := range c.Languages {
		if err := add(seedOne(ctx, s.languages, v.Code, v)); err != nil {
			return added, err
		}
	}
	if err := s.moveLegacyPosts(ctx, c.Posts); err != nil {
		return added, err
	}
	for _, v := range c.Posts {
		if err := add(seedOne(ctx, s.posts, v.ID, v)); err != nil {
			return added, err
		}
	}
	for _, v := range c.FAQ {
		if err := add(seedOne(ctx, s.faq, v.ID, v)); err != nil {
			return added, err
		}
	}
	for _, v := range c.Testimonials {
		if err := add(seedOne(ctx, s.testimonials, v.ID, v)); err != nil {
			return added, err
		}
	}
	// Legal texts are the agency's, not staff's (no route edits them): the seed's version
	// replaces the stored one, so a corrected text reaches a database seeded before it.
	for _, v := range c.Legal {
		if err := add(seedReplace(ctx, s.legal, v.ID, v)); err != nil {
			return added, err
		}
	}
	if err := add(seedOne(ctx, s.figures, figuresID, c.Figures)); err != nil {
		return added, err
	}
	return added, s.migrate(ctx)
}
