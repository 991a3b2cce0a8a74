package mailcapture

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strings"
	"time"
	_ "time/tzdata" // Europe/Istanbul without the host's zone files
)

// The pages a person reads the captured mail on while walking the site's journeys: the list,
// and each mail with its headers, text part, HTML part (sandboxed, in a frame) and attachments.

var istanbul = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Istanbul")
	if err != nil {
		panic(err) // embedded by time/tzdata
	}
	return loc
}()

// labels holds every text of the pages in both languages.
var labels = map[string]map[string]string{
	"en": {
		"title": "Captured mail", "intro": "Mail the services sent, kept here instead of being delivered. Newest first.",
		"empty": "No mail yet.", "received": "Received", "receivedat": "Received (Istanbul time)", "from": "From", "to": "To", "envelope": "Delivered to",
		"subject": "Subject", "attachments": "Attachments", "filter": "Show mail to", "show": "Show", "all": "All mail",
		"headers": "Headers", "text": "Text part", "html": "HTML part", "raw": "Original message", "open": "Open",
		"download": "Download", "nosubject": "(no subject)", "back": "All mail", "transport": "Connection",
		"tls": "TLS", "plain": "plain text (no TLS)", "as": "signed in as", "nohtml": "This mail has no HTML part.",
		"notext": "This mail has no text part.", "bytes": "bytes", "notfound": "No such mail: the capture keeps the newest 1000, and forgets all of them when it restarts.",
		"other": "Türkçe", "otherlang": "tr", "unnamed": "(no name)",
	},
	"tr": {
		"title": "Yakalanan e-postalar", "intro": "Servislerin gönderdiği, teslim edilmek yerine burada tutulan e-postalar. En yenisi en üstte.",
		"empty": "Henüz e-posta yok.", "received": "Alındı", "receivedat": "Alındı (İstanbul saati)", "from": "Kimden", "to": "Kime", "envelope": "Teslim edilen",
		"subject": "Konu", "attachments": "Ekler", "filter": "Şu adrese gidenler", "show": "Göster", "all": "Tüm e-postalar",
		"headers": "Üst bilgiler", "text": "Düz metin bölümü", "html": "HTML bölümü", "raw": "Özgün ileti", "open": "Aç",
		"download": "İndir", "nosubject": "(konu yok)", "back": "Tüm e-postalar", "transport": "Bağlantı",
		"tls": "TLS", "plain": "şifresiz (TLS yok)", "as": "oturum açan", "nohtml": "Bu e-postanın HTML bölümü yok.",
		"notext": "Bu e-postanın düz metin bölümü yok.", "bytes": "bayt", "notfound": "Böyle bir e-posta yok: yakalayıcı en yeni 1000 e-postayı tutar, yeniden başlayınca hepsini unutur.",
		"other": "English", "otherlang": "en", "unnamed": "(adsız)",
	},
}

// pageLang is ?lang=, else the browser's first preference between Turkish and English.
func pageLang(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); labels[l] != nil {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		switch strings.ToLower(tag)[:min(2, len(tag))] {
		case "tr":
			return "tr"
		case "en":
			return "en"
		}
	}
	return "en"
}

type listData struct {
	To       string
	Messages []Captured
}

type page struct {
	Lang string
	L    map[string]string
	Path string // this page, without the language, for the switch
	Data any
}

func renderPage(w http.ResponseWriter, r *http.Request, status int, t *template.Template, data any) {
	lang := pageLang(r)
	q := r.URL.Query()
	q.Del("lang")
	q.Set("lang", labels[lang]["otherlang"])
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// The pages run no script; frames only from here (the mail's HTML).
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self'; form-action 'self'")
	w.WriteHeader(status)
	err := t.Execute(w, page{Lang: lang, L: labels[lang], Path: r.URL.Path + "?" + q.Encode(), Data: data})
	if err != nil {
		_, _ = fmt.Fprintf(w, "<p>template: %s</p>", template.HTMLEscapeString(err.Error()))
	}
}

var funcs = template.FuncMap{
	"when": func(t time.Time) string { return t.In(istanbul).Format("02.01.2006 15:04:05") },
	"size": func(n int, bytes string) string {
		switch {
		case n >= 1<<20:
			return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
		case n >= 1<<10:
			return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
		}
		return fmt.Sprint(n, " ", bytes)
	},
	"join": func(s []string) string { return strings.Join(s, ", ") },
	"q":    url.QueryEscape,
	"path": url.PathEscape,
}

const style = `<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2430;background:#f6f7f9}
header{background:#14365d;color:#fff;padding:.8rem 1.5rem;display:flex;gap:1rem;align-items:baseline}
header a{color:#fff}header h1{font-size:1.15rem;margin:0;flex:1}
main{padding:1rem 1.5rem;max-width:72rem}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.35rem .6rem;border-bottom:1px solid #e2e5ea;vertical-align:top;overflow-wrap:anywhere}
th{font-weight:600;color:#4a5568;white-space:nowrap}
td.h{font-family:ui-monospace,monospace;font-size:13px;word-break:break-all}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:1rem;border:1px solid #e2e5ea}
iframe{width:100%;height:48rem;border:1px solid #e2e5ea;background:#fff}
section{margin:1.2rem 0}h2{font-size:1rem;margin:.2rem 0 .5rem}
form{margin:0 0 1rem}input{font:inherit;padding:.2rem .4rem;width:18rem;max-width:100%}
@media (max-width:40rem){main{padding:1rem .75rem}th{white-space:normal}}
.muted{color:#6b7280}
</style>`

const header = `<!doctype html><html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>{{.L.title}}</title>` + style + `</head><body>
<header><h1><a href="/messages?lang={{.Lang}}">{{.L.title}}</a></h1><a href="{{.Path}}">{{.L.other}}</a></header><main>`

const footer = `</main></body></html>`

var listPage = template.Must(template.New("list").Funcs(funcs).Parse(header + `
<p class="muted">{{.L.intro}}</p>
<form method="get" action="/messages"><input type="hidden" name="lang" value="{{.Lang}}">
<label>{{.L.filter}} <input type="email" name="to" value="{{.Data.To}}"></label> <button>{{.L.show}}</button>
{{if .Data.To}} <a href="/messages?lang={{.Lang}}">{{.L.all}}</a>{{end}}</form>
{{$p := .}}{{if .Data.Messages}}<table><thead><tr><th>{{.L.receivedat}}</th><th>{{.L.from}}</th><th>{{.L.to}}</th><th>{{.L.subject}}</th><th>{{.L.attachments}}</th></tr></thead><tbody>
{{range .Data.Messages}}<tr><td>{{when .ReceivedAt}}</td><td>{{.From}}</td><td>{{join .To}}</td>
<td><a href="/messages/{{path .ID}}?lang={{$p.Lang}}">{{if .Subject}}{{.Subject}}{{else}}{{$p.L.nosubject}}{{end}}</a></td>
<td>{{range $i, $a := .Attachments}}{{if $i}}, {{end}}<a href="{{$a.URL}}">{{if $a.Name}}{{$a.Name}}{{else}}{{$p.L.unnamed}}{{end}}</a>{{end}}</td></tr>
{{end}}</tbody></table>{{else}}<p>{{.L.empty}}</p>{{end}}` + footer))

var messagePage = template.Must(template.New("message").Funcs(funcs).Parse(header + `{{$p := .}}{{with .Data}}
<p><a href="/messages?lang={{$p.Lang}}">← {{$p.L.back}}</a></p>
<h2>{{if .Subject}}{{.Subject}}{{else}}{{$p.L.nosubject}}{{end}}</h2>
<table>
<tr><th>{{$p.L.from}}</th><td>{{.From}}</td></tr>
<tr><th>{{$p.L.envelope}}</th><td>{{join .To}}</td></tr>
<tr><th>{{$p.L.receivedat}}</th><td>{{when .ReceivedAt}}</td></tr>
<tr><th>{{$p.L.transport}}</th><td>{{if .TLS}}{{$p.L.tls}}{{else}}{{$p.L.plain}}{{end}}{{if .User}}, {{$p.L.as}} {{.User}}{{end}}</td></tr>
</table>
{{if .Attachments}}<section><h2>{{$p.L.attachments}}</h2><table>
{{range $i, $a := .Attachments}}<tr><td>{{if $a.Name}}{{$a.Name}}{{else}}{{$p.L.unnamed}}{{end}}</td><td>{{$a.ContentType}}</td><td>{{size $a.Size $p.L.bytes}}</td>
<td><a href="{{$a.URL}}" target="_blank">{{$p.L.open}}</a> · <a href="{{$a.URL}}?download=1">{{$p.L.download}}</a></td></tr>
{{end}}</table></section>{{end}}
<section><h2>{{$p.L.html}}</h2>{{if .HTML}}<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" src="/messages/{{path .ID}}/html" title="{{$p.L.html}}"></iframe>{{else}}<p class="muted">{{$p.L.nohtml}}</p>{{end}}</section>
<section><h2>{{$p.L.text}}</h2>{{if .Text}}<pre>{{.Text}}</pre>{{else}}<p class="muted">{{$p.L.notext}}</p>{{end}}</section>
<section><h2>{{$p.L.headers}}</h2><table>{{range .Headers}}<tr><th>{{.Name}}</th><td class="h">{{.Value}}</td></tr>{{end}}</table>
<p><a href="/messages/{{path .ID}}/raw">{{$p.L.raw}}</a></p></section>
{{end}}` + footer))

var notFoundPage = template.Must(template.New("notfound").Funcs(funcs).Parse(header + `
<p>{{.L.notfound}}</p><p><a href="/messages?lang={{.Lang}}">← {{.L.back}}</a></p>` + footer))
