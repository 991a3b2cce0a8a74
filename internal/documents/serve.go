package documents

import (
	"bytes"
	"mime"
	"net/http"
	"strconv"

	"linguaport/internal/errs"
	"linguaport/internal/i18n"
)

// Serve answers d in lang as a PDF download named "<name>-<lang>.pdf". The whole document is
// rendered before anything is written, so a document that cannot be made is an error answer,
// not half a file; documents are personal, so no cache keeps them.
func Serve(w http.ResponseWriter, d Document, lang i18n.Lang, name string) error {
	var buf bytes.Buffer
	if err := Render(&buf, d, lang); err != nil {
		return err
	}
	return servePDF(w, &buf, name+"-"+string(lang)+".pdf")
}

// ServeText answers t as a PDF download named "<name>.pdf", like Serve.
func ServeText(w http.ResponseWriter, t Text, lang i18n.Lang, name string) error {
	var buf bytes.Buffer
	if err := RenderText(&buf, t, lang); err != nil {
		return err
	}
	return servePDF(w, &buf, name+".pdf")
}

func servePDF(w http.ResponseWriter, buf *bytes.Buffer, filename string) error {
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filename}))
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	_, err := w.Write(buf.Bytes())
	return err
}

// ReasonLanguage refuses a ?lang= that is neither tr nor en (field "lang").
const ReasonLanguage = "lang"

// LanguageOf is the language a document is asked for in: ?lang= (tr or en, once), else
// fallback, the request's language. Another value is errs.Fields{"lang": ReasonLanguage}.
func LanguageOf(r *http.Request, fallback i18n.Lang) (i18n.Lang, error) {
	q, given := r.URL.Query()["lang"]
	if !given {
		return fallback, nil
	}
	if len(q) != 1 || !i18n.Valid(q[0]) {
		return "", errs.Fields{"lang": ReasonLanguage}
	}
	return i18n.Lang(q[0]), nil
}

// LanguageText words ReasonLanguage for the services' field errors.
var LanguageText = i18n.Text{TR: "Belgenin dili tr veya en olmalı.", EN: "The document's language must be tr or en."}
