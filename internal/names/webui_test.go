package names

import (
	"os"
	"regexp"
	"testing"
)

// The web UI names the services in its menu, footer, competencies, jobs and staff screens from
// its own table (webui/src/locales/common.<lang>.js, nav.serviceNames: the menu is drawn before any
// answer arrives), while the catalogue's cards, service pages and order form, and quotes and
// invoices, take their titles from here. One service has one name per language: the two tables
// must say the same, word for word.
func TestTheWebUINamesEachServiceAsTheCatalogueDoes(t *testing.T) {
	table := regexp.MustCompile(`(?s)serviceNames: \{(.*?)\}`)
	pair := regexp.MustCompile(`'?([a-z-]+)'?: '([^']*)'`)
	for _, lang := range []string{"tr", "en"} {
		file := "../../webui/src/locales/common." + lang + ".js"
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		blocks := table.FindAllSubmatch(src, -1)
		if len(blocks) != 1 {
			t.Fatalf("%d serviceNames tables in %s, want one", len(blocks), file)
		}
		webui := map[string]string{}
		for _, m := range pair.FindAllSubmatch(blocks[0][1], -1) {
			webui[string(m[1])] = string(m[2])
		}
		if len(webui) != len(services) {
			t.Errorf("%s: the web UI names %d services, this list %d", lang, len(webui), len(services))
		}
		for _, s := range services {
			want := s.Name.TR
			if lang == "en" {
				want = s.Name.EN
			}
			if got, ok := webui[s.ID]; !ok || got != want {
				t.Errorf("%s %s: the web UI says %q, the catalogue, quotes and invoices %q", lang, s.ID, got, want)
			}
		}
	}
}
