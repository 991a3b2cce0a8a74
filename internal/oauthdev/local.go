package oauthdev

import (
	"fmt"
	"html/template"
	"net"
	"net/http"
	"strings"
)

// Local is a Google and a Facebook stand-in served together on one address, Google below
// /google (its issuer is URL()+"/google") and Facebook below /facebook. `make up` runs one.
type Local struct {
	Google, Facebook *Provider
	url              string
	shutdown         func() error
}

// StartLocal starts both stand-ins on addr ("127.0.0.1:0" when empty); the Addr of the two
// options is not used. Closing either provider closes both.
func StartLocal(addr string, google, facebook Options) (*Local, error) {
	return StartLocalAt(addr, "", google, facebook)
}

// StartLocalAt is StartLocal for stand-ins that the relying party and the browser reach at
// publicURL rather than at the listen address, such as a Kubernetes Service in front of them
// ("http://signin:8090"): the issuer, the endpoints the discovery document names and the pages'
// links are below it. An empty publicURL is the listen address, a wildcard one over loopback.
func StartLocalAt(addr, publicURL string, google, facebook Options) (*Local, error) {
	signer, err := newSigner()
	if err != nil {
		return nil, err
	}
	g, err := newProvider(kindGoogle, google, signer)
	if err != nil {
		return nil, err
	}
	f, err := newProvider(kindFacebook, facebook, nil)
	if err != nil {
		return nil, err
	}
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("oauthdev: listen %s: %w", addr, err)
	}
	l := &Local{Google: g, Facebook: f, url: "http://" + publicHostPort(ln.Addr().(*net.TCPAddr))}
	if publicURL != "" {
		l.url = strings.TrimSuffix(publicURL, "/")
	}
	g.url, f.url = l.url+"/google", l.url+"/facebook"
	mux := http.NewServeMux()
	g.mount(mux, "/google")
	f.mount(mux, "/facebook")
	mux.HandleFunc("GET /{$}", l.index)
	l.shutdown = serve(ln, mux)
	g.shutdown, f.shutdown = l.shutdown, l.shutdown
	return l, nil
}

// URL is the base address both stand-ins are served below.
func (l *Local) URL() string { return l.url }

// Close stops the server of both stand-ins.
func (l *Local) Close() error {
	err1, err2 := l.Google.Close(), l.Facebook.Close()
	if err1 != nil {
		return err1
	}
	return err2
}

var indexPage = template.Must(template.New("index").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}}</title></head>
<body><h1>{{.Title}}</h1>
<p>LinguaPort's local stand-in for the sign-in providers (<code>internal/oauthdev</code>), for
development only. Sign in with Google or Facebook on the site and you come to its page here.</p>
<ul><li>Google (OpenID Connect): issuer <code>{{.Google}}</code></li>
<li>Facebook (OAuth 2.0 and the Graph API's /me): <code>{{.Facebook}}</code></li></ul>
</body></html>
`))

func (l *Local) index(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	_ = indexPage.Execute(w, map[string]string{"Title": PageTitle, "Google": l.Google.Issuer(), "Facebook": l.Facebook.URL()})
}
