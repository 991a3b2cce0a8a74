package mailbox

import (
	"bytes"
	"html/template"
	"strings"

	"linguaport/internal/i18n"
	"linguaport/internal/mail"
)

// Page is what one mail says, in one language; Message lays it out in the site's look as HTML
// with a plain-text part that says the same, so every service's mails look alike.
type Page struct {
	Lang      i18n.Lang
	To        string // the address, with or without a name
	Subject   string
	Preheader string // the line clients show after the subject in a list; Subject when empty
	Greeting  string // "Merhaba Ayşe,"
	Lines     []string
	Facts     []Fact // what the mail is about, as labelled rows (order, amount, deadline)
	Action    *Link  // the one button
	After     []string
	// Quote is the reader's own words the mail answers, quoted last ("> " lines in the text).
	Quote string
	// Why says why the reader gets this mail; optional mails also say how to stop them.
	Why string
	// Unsubscribe is the one-click address of an optional mail (RFC 8058); empty for mails a
	// user must get.
	Unsubscribe string
	// Footer is the agency's facts, one line each (internal/company).
	Footer []string
	// Attachments go with the mail as they are (the invoice PDF).
	Attachments []mail.Attachment
}

// Fact is one labelled row.
type Fact struct{ Label, Value string }

// Link is a button: its words and an absolute URL.
type Link struct{ Label, URL string }

// Message lays p out.
func (p Page) Message() (mail.Message, error) {
	var html bytes.Buffer
	if err := pageHTML.Execute(&html, p); err != nil {
		return mail.Message{}, err
	}
	return mail.Message{
		To: []string{p.To}, Subject: p.Subject, Text: p.text(), HTML: html.String(),
		Unsubscribe: p.Unsubscribe, Attachments: p.Attachments,
	}, nil
}

func (p Page) text() string {
	var b strings.Builder
	para := func(s string) {
		if s != "" {
			b.WriteString(s)
			b.WriteString("\n\n")
		}
	}
	para(p.Greeting)
	for _, l := range p.Lines {
		para(l)
	}
	if len(p.Facts) > 0 {
		for _, f := range p.Facts {
			b.WriteString(f.Label + ": " + f.Value + "\n")
		}
		b.WriteString("\n")
	}
	if p.Action != nil {
		para(p.Action.Label + ":\n" + p.Action.URL)
	}
	for _, l := range p.After {
		para(l)
	}
	if q := strings.TrimSpace(p.Quote); q != "" {
		para("> " + strings.ReplaceAll(q, "\n", "\n> "))
	}
	b.WriteString("LinguaPort\n\n-- \n")
	if p.Why != "" {
		b.WriteString(p.Why + "\n")
	}
	if p.Unsubscribe != "" {
		b.WriteString(unsubscribeWords.In(p.Lang) + ": " + p.Unsubscribe + "\n")
	}
	for _, l := range p.Footer {
		b.WriteString(l + "\n")
	}
	return b.String()
}

var unsubscribeWords = i18n.Text{TR: "Bu e-postaları almak istemiyorsanız", EN: "To stop these mails"}

// The layout uses tables and inline styles because that is what mail clients render alike; the
// colours are the site's (webui/src/app/app.css).
var pageHTML = template.Must(template.New("page").Funcs(template.FuncMap{
	"unsubscribe": func(l i18n.Lang) string { return unsubscribeWords.In(l) },
	"stop":        func(l i18n.Lang) string { return i18n.Text{TR: "aboneliği bırakın", EN: "unsubscribe"}.In(l) },
	"pre": func(p Page) string {
		if p.Preheader != "" {
			return p.Preheader
		}
		return p.Subject
	},
}).Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{{.Subject}}</title></head>
<body style="margin:0;padding:0;background:#f5f8fa;color:#14212b;font-family:Segoe UI,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">
<div style="display:none;max-height:0;overflow:hidden">{{pre .}}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f8fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid #d9e1e7;border-radius:8px">
<tr><td style="background:#0f2a3d;border-radius:8px 8px 0 0;padding:18px 28px">
<span style="color:#ffffff;font-size:22px;font-weight:700;letter-spacing:.2px">Lingua<span style="color:#7fd6ae">Port</span></span></td></tr>
<tr><td style="padding:28px;overflow-wrap:anywhere">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3;color:#0f2a3d">{{.Subject}}</h1>
{{with .Greeting}}<p style="margin:0 0 14px">{{.}}</p>{{end}}
{{range .Lines}}<p style="margin:0 0 14px;white-space:pre-line">{{.}}</p>{{end}}
{{if .Facts}}<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:6px 0 18px;border-collapse:collapse;background:#f5f8fa;border-radius:6px">
{{range .Facts}}<tr><td style="padding:8px 12px;color:#4a5a66;font-size:14px;width:40%;vertical-align:top">{{.Label}}</td><td style="padding:8px 12px;font-weight:600;vertical-align:top;overflow-wrap:anywhere;word-break:break-word">{{.Value}}</td></tr>
{{end}}</table>{{end}}
{{with .Action}}<p style="margin:8px 0 20px"><a href="{{.URL}}" style="display:inline-block;background:#0b6b47;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:6px">{{.Label}}</a></p>
<p style="margin:0 0 14px;font-size:13px;color:#4a5a66;word-break:break-all">{{.URL}}</p>{{end}}
{{range .After}}<p style="margin:0 0 14px;white-space:pre-line">{{.}}</p>{{end}}
{{with .Quote}}<blockquote style="margin:0 0 14px;padding:8px 14px;border-left:3px solid #d9e1e7;color:#4a5a66;white-space:pre-line">{{.}}</blockquote>{{end}}
</td></tr>
<tr><td style="padding:18px 28px;border-top:1px solid #d9e1e7;font-size:12px;color:#4a5a66;line-height:1.6">
{{with .Why}}<p style="margin:0 0 8px">{{.}}</p>{{end}}
{{with .Unsubscribe}}<p style="margin:0 0 8px">{{unsubscribe $.Lang}}: <a href="{{.}}" style="color:#0b6b47">{{stop $.Lang}}</a></p>{{end}}
{{range .Footer}}{{.}}<br>{{end}}
</td></tr></table>
</td></tr></table>
</body></html>
`))
