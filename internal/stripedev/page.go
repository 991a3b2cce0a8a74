package stripedev

// The hosted payment page a session's url leads to, standing in for checkout.stripe.com.

import (
	"html/template"
	"net/http"
	"net/mail"
	"net/url"
	"strings"

	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
)

// PageTitle heads the payment page, so nobody takes it for Stripe's.
const PageTitle = "Local payment stand-in — not Stripe"

// texts are the page's words; the page is in the session's locale as Stripe's is (Turkish for
// "tr", English for other locales, by Accept-Language for "auto" or none).
var texts = map[string]i18n.Text{
	"badge":     {TR: "YALNIZCA YEREL GELİŞTİRME", EN: "LOCAL DEVELOPMENT ONLY"},
	"title":     {TR: "Yerel test ödeme sayfası — Stripe değil", EN: PageTitle},
	"intro":     {TR: "Bu sayfa bu makinede Stripe Checkout'un yerine geçer (LinguaPort'un internal/stripedev paketi). Kart bilgisi sorulmaz ve hiçbir yere para gönderilmez.", EN: "This page stands in for Stripe Checkout on this machine (LinguaPort's internal/stripedev). No card details are asked for and no money moves."},
	"due":       {TR: "Ödenecek tutar", EN: "Amount due"},
	"item":      {TR: "Kalem", EN: "Item"},
	"qty":       {TR: "Adet", EN: "Qty"},
	"amount":    {TR: "Tutar", EN: "Amount"},
	"total":     {TR: "Toplam", EN: "Total"},
	"email":     {TR: "E-posta", EN: "Email"},
	"card":      {TR: "Kart", EN: "Card"},
	"testCard":  {TR: "Test kartı 4242 4242 4242 4242 — ödeme başarılı olur", EN: "Test card 4242 4242 4242 4242 — the payment succeeds"},
	"pay":       {TR: "Öde", EN: "Pay"},
	"decline":   {TR: "Reddedilen kartla dene (4000 0000 0000 0002)", EN: "Try a declined card (4000 0000 0000 0002)"},
	"cancel":    {TR: "Vazgeç ve geri dön", EN: "Cancel and go back"},
	"declined":  {TR: "Kartınız reddedildi. Başka bir kartla deneyin.", EN: "Your card was declined. Try another card."},
	"badEmail":  {TR: "Geçerli bir e-posta adresi girin.", EN: "Enter a valid email address."},
	"paid":      {TR: "Bu ödeme tamamlandı.", EN: "This payment is complete."},
	"continue":  {TR: "Devam et", EN: "Continue"},
	"expired":   {TR: "Bu ödeme sayfasının süresi doldu. Siteye dönüp yeniden deneyin.", EN: "This payment page has expired. Go back to the site and try again."},
	"notFound":  {TR: "Böyle bir ödeme sayfası yok.", EN: "There is no such payment page."},
	"goBack":    {TR: "Siteye dön", EN: "Back to the site"},
	"cardLabel": {TR: "Kart numarası (test)", EN: "Card number (test)"},
}

var payPage = template.Must(template.New("pay").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.T.title}}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; background: #f1f4f8; color: #1a1f36; margin: 0; }
main { max-width: 30rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 3px dashed #635bff; border-radius: 10px; }
@media (max-width: 32rem) { main { margin: 0; border-radius: 0; border-width: 0 0 3px; } }
.badge { display: inline-block; background: #635bff; color: #fff; font-weight: 700; font-size: .8rem; padding: .1rem .5rem; border-radius: 4px; letter-spacing: .05em; margin: 0; }
h1 { font-size: 1.25rem; margin: .6rem 0 .4rem; }
.intro { color: #4f566b; font-size: .9rem; margin-top: 0; }
.due { font-size: .95rem; color: #4f566b; margin: 1.2rem 0 0; }
.amount { font-size: 2rem; font-weight: 700; margin: 0 0 .8rem; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .35rem 0; border-bottom: 1px solid #e3e8ee; vertical-align: top; }
th:last-child, td:last-child { text-align: right; }
td small { color: #4f566b; display: block; }
tfoot td { font-weight: 700; border-bottom: 0; }
label { display: block; margin: 1rem 0 .2rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: .55rem; font: inherit; border: 1px solid #8792a2; border-radius: 6px; }
input[readonly] { background: #f6f8fa; }
.hint { font-size: .85rem; color: #4f566b; margin: .2rem 0 0; }
button, .button { display: block; width: 100%; box-sizing: border-box; font: inherit; padding: .7rem; margin-top: .8rem; border-radius: 6px; cursor: pointer; text-align: center; text-decoration: none; }
.primary { background: #635bff; color: #fff; border: 0; font-weight: 700; }
.secondary { background: #fff; color: #1a1f36; border: 1px solid #8792a2; }
button:focus-visible, .button:focus-visible, input:focus-visible { outline: 3px solid #0a2540; outline-offset: 2px; }
.problem { background: #fdecea; color: #8a1c12; padding: .6rem; border-radius: 6px; font-weight: 600; }
.done { background: #e6f4ea; color: #14532d; padding: .6rem; border-radius: 6px; font-weight: 600; }
</style>
</head>
<body>
<main>
<p class="badge">{{.T.badge}}</p>
<h1>{{.T.title}}</h1>
<p class="intro">{{.T.intro}}</p>
{{if .Problem}}<p class="problem" role="alert">{{.Problem}}</p>{{end}}
{{if .Message}}<p class="{{if .Paid}}done{{else}}problem{{end}}" role="status">{{.Message}}</p>
{{if .Link}}<a class="button primary" href="{{.Link}}">{{.LinkText}}</a>{{end}}
{{else}}
<p class="due">{{.T.due}}</p>
<p class="amount">{{.Total}}</p>
<table>
<thead><tr><th scope="col">{{.T.item}}</th><th scope="col">{{.T.qty}}</th><th scope="col">{{.T.amount}}</th></tr></thead>
<tbody>{{range .Lines}}<tr><td>{{.Name}}{{if .Description}}<small>{{.Description}}</small>{{end}}</td><td>{{.Quantity}}</td><td>{{.Amount}}</td></tr>
{{end}}</tbody>
<tfoot><tr><td>{{.T.total}}</td><td></td><td>{{.Total}}</td></tr></tfoot>
</table>
<form method="post" action="{{.Action}}">
<label for="email">{{.T.email}}</label>
<input id="email" name="email" type="email" autocomplete="email" value="{{.Email}}"{{if .EmailFixed}} readonly{{else}} required{{end}}>
<label for="card">{{.T.cardLabel}}</label>
<input id="card" type="text" value="4242 4242 4242 4242" readonly aria-describedby="card-hint">
<p class="hint" id="card-hint">{{.T.testCard}}</p>
<button class="primary" type="submit" name="action" value="pay">{{.T.pay}} {{.Total}}</button>
<button class="secondary" type="submit" name="action" value="decline" formnovalidate>{{.T.decline}}</button>
{{if .CanCancel}}<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>{{.T.cancel}}</button>{{end}}
</form>
{{end}}
</main>
</body>
</html>
`))

type pageLine struct {
	Name, Description, Amount string
	Quantity                  int64
}

type pageData struct {
	Lang, Action, Total, Email, Problem, Message, Link, LinkText string
	T                                                            map[string]string
	Lines                                                        []pageLine
	EmailFixed, CanCancel, Paid                                  bool
}

// pageLang picks the page's language from the session's locale and the browser's.
func pageLang(r *http.Request, locale *string) i18n.Lang {
	switch {
	case locale == nil || *locale == "auto":
		return httpx.ParseAcceptLanguage(r.Header.Get("Accept-Language"))
	case *locale == "tr":
		return i18n.TR
	default:
		return i18n.EN
	}
}

func (s *Server) payPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, r, r.PathValue("id"), http.StatusOK, "")
}

// render shows the page of session id as it is now; problem, when set, is shown above the form.
func (s *Server) render(w http.ResponseWriter, r *http.Request, id string, status int, problem string) {
	s.expireDue()
	s.mu.Lock()
	ss := s.sessions[id]
	var view sessionJSON
	var lines []lineItem
	if ss != nil {
		view, lines = ss.view(), ss.lines
	}
	s.mu.Unlock()

	var locale *string
	if ss != nil {
		locale = view.Locale
	}
	lang := pageLang(r, locale)
	d := pageData{Lang: string(lang), T: map[string]string{}, Action: "/pay/" + url.PathEscape(id)}
	for k, t := range texts {
		d.T[k] = t.In(lang)
	}
	origins := []string{}
	switch {
	case ss == nil:
		status, d.Message = http.StatusNotFound, d.T["notFound"]
	case view.Status == statusExpired:
		status, d.Message = http.StatusGone, d.T["expired"]
		if view.CancelURL != nil {
			d.Link, d.LinkText = *view.CancelURL, d.T["goBack"]
		}
	case view.Status == statusComplete:
		d.Message, d.Paid = d.T["paid"], true
		d.Link, d.LinkText = successURL(view), d.T["continue"]
	default:
		d.Total = formatAmount(view.AmountTotal, view.Currency, string(lang))
		for _, l := range lines {
			d.Lines = append(d.Lines, pageLine{Name: l.Name, Description: l.Description, Quantity: l.Quantity,
				Amount: formatAmount(l.UnitAmount*l.Quantity, view.Currency, string(lang))})
		}
		if view.CustomerEmail != nil {
			d.Email, d.EmailFixed = *view.CustomerEmail, true
		} else {
			d.Email = r.PostFormValue("email")
		}
		d.CanCancel = view.CancelURL != nil
		d.Problem = problem
		origins = append(origins, origin(view.SuccessURL))
		if view.CancelURL != nil {
			origins = append(origins, origin(*view.CancelURL))
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// The form may lead only here and, through its redirect, back to the merchant's site.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' "+strings.Join(origins, " ")+"; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_ = payPage.Execute(w, d)
}

// payAction takes the page's buttons: pay with the test card, have the card declined, cancel.
func (s *Server) payAction(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	s.expireDue()
	s.mu.Lock()
	ss := s.sessions[id]
	if ss == nil || ss.Status == statusExpired {
		s.mu.Unlock()
		s.render(w, r, id, http.StatusOK, "")
		return
	}
	if ss.Status == statusComplete {
		// A second press of Pay (or the back button) pays nothing more and goes where the first did.
		to := successURL(ss.view())
		s.mu.Unlock()
		http.Redirect(w, r, to, http.StatusSeeOther)
		return
	}
	lang := pageLang(r, ss.Locale)
	switch r.PostForm.Get("action") {
	case "pay":
		email := r.PostForm.Get("email")
		if ss.CustomerEmail != nil {
			email = *ss.CustomerEmail
		} else if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
			s.mu.Unlock()
			s.render(w, r, id, http.StatusUnprocessableEntity, texts["badEmail"].In(lang))
			return
		}
		ss.complete(email)
		view := ss.view()
		ev := s.newEventLocked("checkout.session.completed", view, nil)
		s.mu.Unlock()
		s.deliver(ev)
		http.Redirect(w, r, successURL(view), http.StatusSeeOther)
	case "decline":
		// Stripe keeps the session open after a decline so that the customer can try again, and
		// sends no checkout.session event for it.
		ss.declines++
		s.mu.Unlock()
		s.render(w, r, id, http.StatusPaymentRequired, texts["declined"].In(lang))
	case "cancel":
		to := ss.CancelURL
		s.mu.Unlock()
		if to == nil {
			s.render(w, r, id, http.StatusBadRequest, "")
			return
		}
		// Leaving leaves the session open, as on Stripe: the customer may come back to it.
		http.Redirect(w, r, *to, http.StatusSeeOther)
	default:
		s.mu.Unlock()
		s.render(w, r, id, http.StatusBadRequest, "")
	}
}

// successURL is where a paid session sends the customer, with Stripe's template variable
// {CHECKOUT_SESSION_ID} replaced by the session's id.
func successURL(v sessionJSON) string {
	return strings.ReplaceAll(v.SuccessURL, "{CHECKOUT_SESSION_ID}", v.ID)
}

func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

var indexPage = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.}}</title></head>
<body><h1>{{.}}</h1>
<p>LinguaPort's local stand-in for Stripe Checkout (<code>internal/stripedev</code>), for development
only. Its API is below <code>/v1</code> (Checkout Sessions and Events); paying on the site brings you
to its payment page at <code>/pay/…</code>.</p>
</body></html>
`))

func (s *Server) index(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	_ = indexPage.Execute(w, PageTitle)
}
