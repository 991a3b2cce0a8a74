package auth

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The pages mails link to are the web UI's: every segment pair of sitePages (Turkish, English) is
// one of the pairs in its one map of paths, so a link never lands on a page the site lacks.
func TestMailLinksAreTheSitesPaths(t *testing.T) {
	src, err := os.ReadFile("../../webui/src/config/paths.js")
	if err != nil {
		t.Fatal(err)
	}
	pairs := map[[2]string]bool{}
	for _, m := range regexp.MustCompile(`\['([a-z0-9-]+)', '([a-z0-9-]+)'\]`).FindAllStringSubmatch(string(src), -1) {
		pairs[[2]string{m[1], m[2]}] = true
	}
	for key, p := range sitePages {
		tr, en := strings.Split(strings.Trim(p.TR, "/"), "/"), strings.Split(strings.Trim(p.EN, "/"), "/")
		if len(tr) != len(en) || tr[0] != "tr" || en[0] != "en" {
			t.Errorf("%s: %q and %q are not one page in two languages", key, p.TR, p.EN)
			continue
		}
		for i := 1; i < len(tr); i++ {
			if !pairs[[2]string{tr[i], en[i]}] {
				t.Errorf("%s: the web UI has no segment pair [%q, %q]", key, tr[i], en[i])
			}
		}
	}
}
