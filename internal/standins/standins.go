// Package standins is what the local stand-ins for the platform's third parties and the services
// pointed at them must agree on: the card payment stand-in (internal/stripedev, for Stripe) and
// the sign-in stand-in (internal/oauthdev, for Google and Facebook). Two programs run them and
// read it from here, so they cannot drift apart: devstack (`make up`) and standins (the same
// stand-ins as pods of a cluster's local overlay, issue 30).
//
// None of it is a secret: the stand-ins take no real card, move no money and sign in nobody
// real, and they are run only where the services that trust them are local too.
package standins

import "linguaport/internal/oauthdev"

// The payment stand-in's keys: svc-billing's STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
const (
	PaymentsSecretKey     = "sk_test_linguaport_local"
	PaymentsWebhookSecret = "whsec_linguaport_local"
)

// BillingWebhookPath is svc-billing's webhook endpoint below the gateway (svc-billing/API.md),
// where the payment stand-in sends its events.
const BillingWebhookPath = "/api/v1/billing/webhooks/stripe"

// SignInClientID is svc-auth's client id at the sign-in stand-in (GOOGLE_CLIENT_ID,
// FACEBOOK_CLIENT_ID).
const SignInClientID = "linguaport-local"

// SignInUsers are offered on the sign-in stand-in's page to pick: the demo customer and
// translator (devstack's demo accounts), so signing in with Google or Facebook as them links the
// provider to their accounts. Anyone else can be typed in there.
var SignInUsers = []oauthdev.User{
	{Subject: "100000000000000000001", Email: "musteri@linguaport.local", Name: "Ayşe Müşteri", EmailVerified: true},
	{Subject: "100000000000000000002", Email: "tercuman@linguaport.local", Name: "Mehmet Tercüman", EmailVerified: true},
}

// SignInOptions configures the stand-in for provider ("google" or "facebook") as svc-auth's
// client at the site siteURL ("http://localhost:8000"): client id and secret, the sign-in page
// with SignInUsers, and the callback registered exactly as at the real providers.
func SignInOptions(siteURL, clientID, clientSecret, provider string) oauthdev.Options {
	return oauthdev.Options{
		ClientID: clientID, ClientSecret: clientSecret, SignInPage: true, Users: SignInUsers,
		RedirectURIs: []string{siteURL + "/api/v1/auth/oauth/" + provider + "/callback"},
	}
}
