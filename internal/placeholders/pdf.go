package placeholders

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"time"
)

// PDFText is the text of a PDF as poppler's pdftotext reads it (Debian's poppler-utils, which
// `make test-deps` installs): an independent reader, so a test of what a document says does
// not trust the code that wrote it.
func PDFText(pdf []byte) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdftotext", "-enc", "UTF-8", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("pdftotext: %w: %s", err, errOut.String())
	}
	return out.String(), nil
}

// FindInPDF is Find over a PDF's text (PDFText).
func FindInPDF(pdf []byte) ([]string, error) {
	text, err := PDFText(pdf)
	if err != nil {
		return nil, err
	}
	return Find(text), nil
}
