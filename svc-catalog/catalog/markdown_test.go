package catalog

import (
	"strings"
	"testing"
)

func TestMarkdownIsRenderedSafely(t *testing.T) {
	html, err := renderMarkdown("## Başlık\n\n<script>alert(1)</script>\n\n[tıkla](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n- bir\n- iki")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script", "javascript:", "onerror", "<img"} {
		if strings.Contains(html, bad) {
			t.Errorf("rendered HTML contains %q:\n%s", bad, html)
		}
	}
	for _, good := range []string{"<h2", "Başlık", "<li>bir</li>"} {
		if !strings.Contains(html, good) {
			t.Errorf("rendered HTML lacks %q:\n%s", good, html)
		}
	}
}
