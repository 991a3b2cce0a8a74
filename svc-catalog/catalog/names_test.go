package catalog_test

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"linguaport/internal/names"
	"linguaport/svc-catalog/catalog"
)

// The catalogue's service titles and language names are internal/names', the ones svc-orders
// prints on quotes and invoices, in the answers' JSON as before they moved there; every service
// of the catalogue has a title and every title a service.
func TestTitlesAndLanguageNamesComeFromNames(t *testing.T) {
	c, err := catalog.SeedContent()
	if err != nil {
		t.Fatal(err)
	}
	var ids, titled []string
	for _, s := range c.Services {
		ids = append(ids, s.ID)
	}
	for _, s := range names.Services() {
		titled = append(titled, s.ID)
	}
	slices.Sort(ids)
	slices.Sort(titled)
	if !slices.Equal(ids, titled) {
		t.Errorf("catalogue services %v, titled services %v", ids, titled)
	}

	f := newFixture(t)
	get := func(path string) string {
		resp, err := http.Get(f.url + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, resp.StatusCode, b)
		}
		return string(b)
	}
	services := get("/api/v1/catalog/services")
	for _, want := range []string{
		`{"id":"professional-translation","icon":"fa-language","title":{"tr":"Profesyonel Tercüme","en":"Professional Translation"},"slug":{"tr":"profesyonel-tercume","en":"professional-translation"},`,
		`"title":{"tr":"Masaüstü Yayıncılık (DTP)","en":"Desktop Publishing (DTP)"}`,
	} {
		if !strings.Contains(services, want) {
			t.Errorf("services lack %s", want)
		}
	}
	var want strings.Builder
	for i, l := range names.Languages() {
		if i > 0 {
			want.WriteString(",")
		}
		want.WriteString(`{"code":"` + l.ID + `","nameTr":"` + l.Name.TR + `","nameEn":"` + l.Name.EN + `"}`)
	}
	if langs := get("/api/v1/catalog/languages"); !strings.Contains(langs, `{"languages":[{"code":"tr","nameTr":"Türkçe","nameEn":"Turkish"},`) ||
		!strings.Contains(langs, `[`+want.String()+`]`) {
		t.Errorf("languages %s", langs)
	}
}
