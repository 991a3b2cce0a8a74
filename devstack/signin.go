package main

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"linguaport/internal/oauthdev"
	"linguaport/internal/standins"
)

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
		return standins.SignInOptions(s.cfg.publicURL(), standins.SignInClientID, s.signInSecret, provider)
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
		"GOOGLE_CLIENT_ID=" + standins.SignInClientID,
		"GOOGLE_CLIENT_SECRET=" + s.signInSecret,
		"GOOGLE_ISSUER=" + g.Issuer(),
		"FACEBOOK_CLIENT_ID=" + standins.SignInClientID,
		"FACEBOOK_CLIENT_SECRET=" + s.signInSecret,
		"FACEBOOK_AUTH_URL=" + f.AuthURL(),
		"FACEBOOK_TOKEN_URL=" + f.TokenURL(),
		"FACEBOOK_USERINFO_URL=" + f.UserInfoURL(),
	}
}
