package catalog

import (
	"bytes"
	"fmt"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// md renders Markdown without raw HTML (goldmark drops it unless told otherwise) and without
// dangerous link targets such as javascript: URLs, so stored text cannot inject script.
var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

func renderMarkdown(src string) (string, error) {
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		return "", fmt.Errorf("render markdown: %w", err)
	}
	return buf.String(), nil
}
