package oauthdev

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"unicode/utf8"
)

// PageTitle is the heading of the sign-in page, so nobody takes it for the real providers.
const PageTitle = "Local sign-in stand-in — not Google/Facebook"

// The sign-in page of Options.SignInPage. It posts back to the authorization endpoint with the
// request's parameters and the person's choice ("action" sign-in or cancel, "email", "name",
// and for Google "email_verified").
var signInPage = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; background: #fff8e1; color: #222; margin: 0; }
main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 3px dashed #e65100; border-radius: 8px; }
.badge { display: inline-block; background: #e65100; color: #fff; font-weight: 700; padding: .1rem .5rem; border-radius: 4px; letter-spacing: .05em; }
h1 { font-size: 1.4rem; margin: .6rem 0; }
h2 { font-size: 1.1rem; margin-top: 1.5rem; }
label { display: block; margin: .7rem 0 .2rem; font-weight: 600; }
label.check { font-weight: 400; }
input[type=email], input[type=text] { width: 100%; box-sizing: border-box; padding: .45rem; font: inherit; }
button { font: inherit; padding: .45rem .9rem; margin: .8rem .5rem 0 0; cursor: pointer; }
.problem { background: #ffebee; color: #b71c1c; padding: .5rem; border-radius: 4px; }
.muted { color: #555; font-size: .9rem; }
ul { padding-left: 0; list-style: none; }
li form button { margin-top: .3rem; }
</style>
</head>
<body>
<main>
<p class="badge">LOCAL DEVELOPMENT ONLY</p>
<h1>{{.Title}}</h1>
<p>This page stands in for <strong>{{.Provider}}</strong>'s sign-in on this machine (LinguaPort's
<code>internal/oauthdev</code>, run by <code>make up</code>). Nothing is sent to {{.Provider}} and no
password is asked: whoever you name here is signed in to <strong>{{.Client}}</strong>.</p>
{{range .Problems}}<p class="problem">{{.}}</p>{{end}}
<form method="post" action="{{.Action}}">
{{template "hidden" .Hidden}}
<label for="email">Email address{{if not .Google}} (leave empty for a Facebook account without one){{end}}</label>
<input id="email" name="email" type="email" value="{{.Email}}" autocomplete="off"{{if .Google}} required{{end}} autofocus>
<label for="name">Name</label>
<input id="name" name="name" type="text" value="{{.Name}}" autocomplete="off" maxlength="100">
{{if .Google}}<label class="check"><input type="checkbox" name="email_verified" value="true" checked> {{.Provider}} says the address is verified</label>{{end}}
<button type="submit" name="action" value="sign-in">Sign in as this person</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel (deny access)</button>
</form>
{{if .Users}}<h2>Or pick an account this stand-in knows</h2>
<ul>
{{range .Users}}<li><form method="post" action="{{$.Action}}">{{template "hidden" $.Hidden}}
<input type="hidden" name="email" value="{{.Email}}"><input type="hidden" name="name" value="{{.Name}}">{{if .EmailVerified}}<input type="hidden" name="email_verified" value="true">{{end}}
<button type="submit" name="action" value="sign-in">{{if .Name}}{{.Name}}{{else}}(no name){{end}}{{if .Email}} — {{.Email}}{{end}}</button></form></li>
{{end}}</ul>{{end}}
<p class="muted">An address that has not signed in here before becomes a new {{.Provider}} account of this
stand-in. It forgets them when it stops.</p>
</main>
</body>
</html>
{{define "hidden"}}{{range .}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}{{end}}`))

type hiddenField struct{ Name, Value string }

// showSignInPage answers the authorization request with the page instead of a redirect.
func (p *Provider) showSignInPage(w http.ResponseWriter, r *http.Request, params map[string]string, state, redirectURI string, problems ...string) {
	hidden := []hiddenField{
		{"client_id", p.clientID}, {"redirect_uri", redirectURI}, {"state", state},
	}
	for _, name := range []string{"response_type", "scope", "nonce", "code_challenge", "code_challenge_method", "login_hint"} {
		if v := params[name]; v != "" {
			hidden = append(hidden, hiddenField{name, v})
		}
	}
	provider := "Google"
	if p.kind == kindFacebook {
		provider = "Facebook"
	}
	client := redirectURI
	if u, err := url.Parse(redirectURI); err == nil {
		client = u.Scheme + "://" + u.Host
	}
	email, name := r.PostForm.Get("email"), r.PostForm.Get("name")
	if email == "" && name == "" {
		if u, ok := p.findUser(params["login_hint"]); ok && params["login_hint"] != "" {
			email, name = u.Email, u.Name
		} else if strings.Contains(params["login_hint"], "@") {
			email = params["login_hint"]
		}
	}
	p.mu.Lock()
	users := append([]User(nil), p.users...)
	p.mu.Unlock()

	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// The form may lead only here and, through the redirect, back to the client.
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' "+client+"; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	status := http.StatusOK
	if len(problems) > 0 {
		status = http.StatusUnprocessableEntity
	}
	w.WriteHeader(status)
	_ = signInPage.Execute(w, map[string]any{
		"Title": PageTitle, "Provider": provider, "Client": client, "Google": p.kind == kindGoogle,
		"Action": r.URL.Path, "Hidden": hidden, "Problems": problems,
		"Email": email, "Name": name, "Users": users,
	})
}

// userFromPage finds or makes the account the page's form names. An existing account takes the
// name (and for Google the verified flag) as given, as a changed profile at the provider would.
func (p *Provider) userFromPage(form url.Values) (User, error) {
	email := strings.TrimSpace(form.Get("email"))
	name := strings.Join(strings.Fields(form.Get("name")), " ")
	verified := form.Get("email_verified") == "true"
	if p.kind == kindFacebook {
		verified = email != "" // Facebook returns only an address its owner confirmed
	}
	switch {
	case email == "" && p.kind == kindGoogle:
		return User{}, errors.New("Enter an email address: every Google account has one.")
	case email == "" && name == "":
		return User{}, errors.New("Enter an email address or, for an account without one, a name.")
	case len(email) > 254 || utf8.RuneCountInString(name) > 100:
		return User{}, errors.New("The email address or the name is too long.")
	}
	if email != "" {
		a, err := mail.ParseAddress(email)
		if err != nil || a.Address != email || a.Name != "" {
			return User{}, fmt.Errorf("%q is not an email address.", email)
		}
	}
	subject := stableSubject(p.kind, email, name)
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, u := range p.users {
		if email != "" && strings.EqualFold(u.Email, email) || email == "" && u.Email == "" && u.Subject == subject {
			if name != "" {
				p.users[i].Name = name
			}
			p.users[i].EmailVerified = verified
			return p.users[i], nil
		}
	}
	u := User{Subject: subject, Email: email, Name: name, EmailVerified: verified}
	for _, o := range p.users {
		if o.Subject == subject {
			return User{}, errors.New("That account cannot be made here; try another address.")
		}
	}
	p.users = append(p.users, u)
	return u, nil
}

// stableSubject gives a new account the same id every time the stand-in starts, numeric as the
// real providers' are (21 digits at Google, 17 at Facebook), so signing in after a restart of
// `make up` finds the account linked before.
func stableSubject(k kind, email, name string) string {
	key := "email:" + strings.ToLower(email)
	if email == "" {
		key = "name:" + name
	}
	sum := sha256.Sum256([]byte(key))
	n := binary.BigEndian.Uint64(sum[:8])
	if k == kindFacebook {
		return fmt.Sprintf("1%016d", n%1e16)
	}
	return fmt.Sprintf("1%020d", n)
}
