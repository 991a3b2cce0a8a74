package e2e

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The stand-in's sign-in page, as a person fills it: its first form and that form's hidden fields.
var (
	standInForm   = regexp.MustCompile(`(?s)<form method="post" action="([^"]*)">(.*?)</form>`)
	standInHidden = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
)

const standInTitle = "Local sign-in stand-in — not Google/Facebook"

// testOAuthStandIn signs in with Google and with Facebook as `make up` offers them: through
// nginx and the gateway to svc-auth, which sends the browser to the local stand-in's page; the
// page is filled in, and the browser comes back signed in.
func testOAuthStandIn(t *testing.T, s *devstack) {
	// The site's own name (SITE_URL): the state cookie set by start must come back to the callback.
	site := strings.Replace(s.web, "127.0.0.1", "localhost", 1)
	status, body, _ := getJSON(t, site+"/api/v1/auth/providers", nil)
	if status != 200 || body["google"] != true || body["facebook"] != true || body["local"] != true {
		t.Fatalf("providers: %d %v", status, body)
	}

	// signIn starts at the site's button and fills the page with choice; it returns the page the
	// browser ends on and the browser.
	signIn := func(t *testing.T, provider string, choice url.Values) (*http.Response, *http.Client) {
		t.Helper()
		jar, _ := cookiejar.New(nil)
		browser := &http.Client{Jar: jar, Timeout: 30 * time.Second}
		resp, err := browser.Get(site + "/api/v1/auth/oauth/" + provider + "/start?lang=en&returnTo=/en/account/overview")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(page), "<h1>"+standInTitle+"</h1>") {
			t.Fatalf("start led to %s: %d\n%.2000s", resp.Request.URL, resp.StatusCode, page)
		}
		if host := resp.Request.URL.Hostname(); host != "127.0.0.1" || !strings.HasPrefix(resp.Request.URL.Path, "/"+provider+"/") {
			t.Errorf("the page is at %s, want the stand-in on loopback", resp.Request.URL)
		}
		m := standInForm.FindStringSubmatch(string(page))
		if m == nil {
			t.Fatalf("no form on the page:\n%s", page)
		}
		form := url.Values{}
		for _, h := range standInHidden.FindAllStringSubmatch(m[2], -1) {
			form.Add(html.UnescapeString(h[1]), html.UnescapeString(h[2]))
		}
		for k, v := range choice {
			form[k] = v
		}
		action, err := resp.Request.URL.Parse(html.UnescapeString(m[1]))
		if err != nil {
			t.Fatal(err)
		}
		resp, err = browser.PostForm(action.String(), form)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp, browser
	}
	me := func(t *testing.T, browser *http.Client) (int, map[string]any) {
		t.Helper()
		resp, err := browser.Get(site + "/api/v1/auth/me")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}

	for _, provider := range []string{"google", "facebook"} {
		t.Run(provider, func(t *testing.T) {
			email := fmt.Sprintf("%s-%d@example.com", provider, time.Now().UnixNano())
			end, browser := signIn(t, provider, url.Values{"action": {"sign-in"}, "email": {email}, "name": {"Yerel Deneme"}, "email_verified": {"true"}})
			if end.Request.URL.Path != "/en/account/overview" || end.StatusCode != 200 {
				t.Fatalf("ended at %s with %d, want the account overview", end.Request.URL, end.StatusCode)
			}
			status, body := me(t, browser)
			user, _ := body["user"].(map[string]any)
			if status != 200 || user["email"] != email || user["fullName"] != "Yerel Deneme" || user["type"] != "customer" {
				t.Fatalf("me after signing in with %s: %d %v", provider, status, body)
			}
		})
	}
	t.Run("google as the demo customer signs in to the seeded account", func(t *testing.T) {
		_, browser := signIn(t, "google", url.Values{"action": {"sign-in"}, "email": {"musteri@linguaport.local"}, "email_verified": {"true"}})
		status, body := me(t, browser)
		if user, _ := body["user"].(map[string]any); status != 200 || user["email"] != "musteri@linguaport.local" {
			t.Fatalf("me: %d %v", status, body)
		}
	})
	t.Run("cancel on the page is a refusal", func(t *testing.T) {
		end, browser := signIn(t, "facebook", url.Values{"action": {"cancel"}})
		if end.Request.URL.Path != "/en/login" || end.Request.URL.Query().Get("oauthError") != "provider_denied" {
			t.Errorf("ended at %s", end.Request.URL)
		}
		if status, _ := me(t, browser); status != 401 {
			t.Errorf("me after cancelling: %d", status)
		}
	})
}
