package oauthdev

import (
	"net/http"
	"strings"
)

// me is the Graph API's /me: the access token (query parameter access_token or a Bearer header)
// buys the fields asked for with ?fields= (id and name when absent). email is answered only
// when the "email" permission was granted and the user has an address, as at Facebook.
func (p *Provider) me(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	queryToken, err := single(q, "access_token")
	if err != nil {
		graphError(w, http.StatusBadRequest, 100, "access_token must not be repeated")
		return
	}
	headerToken, hasHeader := bearer(r)
	token := queryToken
	switch {
	case hasHeader && queryToken != "" && !secretEqual(headerToken, queryToken):
		graphError(w, http.StatusBadRequest, 100, "two different access tokens were sent")
		return
	case hasHeader:
		token = headerToken
	}
	if token == "" {
		w.Header().Set("WWW-Authenticate", `OAuth "Facebook Platform" "invalid_request" "An active access token must be used to query information about the current user."`)
		graphError(w, http.StatusBadRequest, 2500, "An active access token must be used to query information about the current user.")
		return
	}
	g, ok := p.lookupToken(token)
	if !ok {
		w.Header().Set("WWW-Authenticate", `OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token."`)
		graphError(w, http.StatusBadRequest, 190, "Invalid OAuth access token.")
		return
	}
	fields, err := single(q, "fields")
	if err != nil {
		graphError(w, http.StatusBadRequest, 100, "fields must not be repeated")
		return
	}
	if fields == "" {
		fields = "id,name"
	}
	out := map[string]any{}
	for _, f := range strings.Split(fields, ",") {
		switch f = strings.TrimSpace(f); f {
		case "id":
			out["id"] = g.user.Subject
		case "name":
			if g.user.Name != "" {
				out["name"] = g.user.Name
			}
		case "email":
			if contains(g.scopes, "email") && g.user.Email != "" {
				out["email"] = g.user.Email
			}
		case "":
		default:
			graphError(w, http.StatusBadRequest, 100, "(#100) Tried accessing nonexisting field ("+f+") on node type (User)")
			return
		}
	}
	if _, ok := out["id"]; !ok { // Graph always names the node it answers for
		out["id"] = g.user.Subject
	}
	writeJSON(w, http.StatusOK, out)
}

// graphError answers in the Graph API's error shape.
func graphError(w http.ResponseWriter, status, code int, message string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{
		"message": message,
		"type":    "OAuthException",
		"code":    code,
	}})
}
