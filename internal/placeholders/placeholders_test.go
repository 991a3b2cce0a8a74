package placeholders

import (
	"slices"
	"testing"
)

func TestFind(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"LinguaPort Çeviri Hizmetleri ([registered address]) and privacy@linguaport.example",
			[]string{"[registered address]", "privacy@linguaport.example"}},
		{"Adres: [...] · [ADRES] · […]", []string{"[...]", "[ADRES]", "[…]"}},
		{"Dear {{name}}, {{ .LegalName }}", []string{"{{name}}", "{{ .LegalName }}"}},
		{"Lorem ipsum dolor sit amet", []string{"Lorem"}},
		{"at <no value> and %!s(MISSING)", []string{"<no value>", "%!s(MISSING)"}},
		{"see https://linguaport.example/tr and LINGUAPORT.EXAMPLE", []string{"linguaport.example", "LINGUAPORT.EXAMPLE"}},
		{"TODO: write", []string{"TODO"}},
		// Not placeholders: Markdown links, JSON arrays, numbered references, code indexing,
		// real domains, words that contain the letters.
		{`[the privacy notice](/tr/gizlilik) ["tr","en"] [1] a[i] info@linguaport.com example of doloremque, {"a":{"b":1}}`, nil},
		{"Çerez Politikası, 30 gün; e-posta: kvkk@linguaport.com; [] {}", nil},
	} {
		if got := Find(c.text); !slices.Equal(got, c.want) {
			t.Errorf("Find(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestHTMLText(t *testing.T) {
	html := `<p title="[title here]">Merhaba &amp; <a href="mailto:privacy@linguaport.example">yaz</a></p><script type="application/json">{"x":"lorem"}</script>`
	got := Find(HTMLText(html))
	want := []string{"[title here]", "privacy@linguaport.example", "lorem"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestFindIn(t *testing.T) {
	type page struct {
		Subject string
		Lines   []string
		Footer  map[string]string
		HTML    string
		body    string // unexported: not read
		Data    []byte
	}
	p := &page{Subject: "Fatura", Lines: []string{"ok", "[ADRES]"}, Footer: map[string]string{"a": "privacy@linguaport.example"},
		HTML: "<p>lorem</p>", body: "{{x}}", Data: []byte("{{y}}")}
	got := FindIn(p, "second value {{z}}")
	want := []string{"[ADRES]", "{{z}}", "privacy@linguaport.example", "lorem"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := FindIn("subject", "body"); got != nil {
		t.Errorf("clean: %q", got)
	}
}
