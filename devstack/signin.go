package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"linguaport/internal/oauthdev"
)

// signInClientID is svc-auth's client id at the local sign-in stand-in.
const signInClientID = "linguaport-local"

// signInUsers are offered on the stand-in's page to pick: the demo customer and translator, so
// signing in with Google or Facebook as them links the provider to their accounts. Anyone else
// can be typed in there.
var signInUsers = []oauthdev.User{
	{Subject: "100000000000000000001", Email: "musteri@linguaport.local", Name: "Ayşe Müşteri", EmailVerified: true},
	{Subject: "100000000000000000002", Email: "tercuman@linguaport.local", Name: "Mehmet Tercüman", EmailVerified: true},
}

// startSignIn runs the local stand-in for Google and Facebook (internal/oauthdev) on the OAUTH
// port, with its sign-in page: the browser comes to a page labelled "Local sign-in stand-in —
// not Google/Facebook" where the newcomer says whom to sign in as. svc-auth is pointed at it by
// signInEnv, and its GET providers answers "local": true because the URLs are on loopback.
func (s *stack) startSignIn() error {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return err
	}
	s.signInSecret = hex.EncodeToString(secret)
	opts := func(provider string) oauthdev.Options {
		return oauthdev.Options{
			ClientID: signInClientID, ClientSecret: s.signInSecret, SignInPage: true, Users: signInUsers,
			// Registered exactly as at the real providers.
			RedirectURIs: []string{s.cfg.publicURL() + "/api/v1/auth/oauth/" + provider + "/callback"},
		}
	}
	l, err := oauthdev.StartLocal(loopback(s.cfg.port("OAUTH")), opts("google"), opts("facebook"))
	if err != nil {
		return fmt.Errorf("sign-in stand-in: %w", err)
	}
	s.signIn = l
	s.log.Info("sign-in stand-in (not Google/Facebook)", "url", l.URL())
	return nil
}

// signInEnv configures svc-auth's Google and Facebook sign-in for the stand-in.
func (s *stack) signInEnv() []string {
	g, f := s.signIn.Google, s.signIn.Facebook
	return []string{
		"GOOGLE_CLIENT_ID=" + signInClientID,
		"GOOGLE_CLIENT_SECRET=" + s.signInSecret,
		"GOOGLE_ISSUER=" + g.Issuer(),
		"FACEBOOK_CLIENT_ID=" + signInClientID,
		"FACEBOOK_CLIENT_SECRET=" + s.signInSecret,
		"FACEBOOK_AUTH_URL=" + f.AuthURL(),
		"FACEBOOK_TOKEN_URL=" + f.TokenURL(),
		"FACEBOOK_USERINFO_URL=" + f.UserInfoURL(),
	}
}
