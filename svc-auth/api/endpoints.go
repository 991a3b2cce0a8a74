package api

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/svc-auth/auth"
)

// Endpoints are svc-auth's operations as go-kit endpoints: each reads its request and, where
// the operation is about the caller's own account, the caller (authn.CallerFrom, once), calls the
// service and answers. Who may call which is the route table's (routes.go).
type Endpoints struct {
	Register, Login, Logout, Refresh, Me, UpdateMe, ChangePassword, ForgotPassword, ResetPassword,
	Messages, MarkRead endpoint.Endpoint
	// The account's mail: confirming the address, the preferences, one-click unsubscribe.
	VerifyEmail, ResendVerification, MailPreferences, SetMailPreferences, Unsubscribe endpoint.Endpoint
	// Staff's views of the accounts (staff.go).
	AdminCustomers, AdminCustomer, AdminUsers, AdminStaff endpoint.Endpoint
	// The account's consents (consents.go): the history, and the marketing e-mails' choice.
	Consents, SetMarketing endpoint.Endpoint
	// KVKK requests (privacy.go): a person's own, a visitor's and its confirmation, staff's list.
	PrivacyAsk, PrivacyMine, PrivacyAskByEmail, PrivacyConfirm, AdminPrivacy, AdminPrivacyOne endpoint.Endpoint
	privacy                                                                                   auth.Privacy
	// API keys (keys.go): a customer's own, the gateway's exchange, staff's list.
	KeysMine, KeyCreate, KeyRevoke, KeyExchange, AdminKeys, AdminKeyRevoke endpoint.Endpoint
	audit                                                                  http.Handler
	// Webhooks (webhooks.go): a customer's endpoints, their secrets, logs, replays, test events.
	WebhooksList, WebhookCreate, WebhookGet, WebhookUpdate, WebhookDelete, WebhookSecret, WebhookRotate,
	WebhookEnable, WebhookDisable, WebhookTest, WebhookDeliveries, WebhookDelivery, WebhookReplay endpoint.Endpoint
}

type registerRequest struct {
	auth.Registration
	Client auth.Client
}
type loginRequest struct {
	auth.Credentials
	Client auth.Client
}
type refreshRequest struct{ RefreshToken string }
type updateMeRequest struct{ auth.PersonalInfo }
type forgotRequest struct {
	Email, Lang string
	Client      auth.Client
}
type messagesRequest struct{ Lang string }
type markReadRequest struct{ ID string }
type verifyRequest struct{ Token string }
type resendRequest struct{ Lang string }
type unsubscribeRequest struct{ Token string }

// preferencesResponse is the account's optional mails, on or off.
type preferencesResponse struct{ auth.MailPreferences }

// unsubscribed says which mails a one-click link turned off.
type unsubscribed struct {
	Category string `json:"category"`
}

// sessionResponse carries a new session; the transport turns it into cookies.
type sessionResponse struct {
	Session auth.Session
	created bool // a new account: 201
}
type userResponse struct {
	User auth.User `json:"user"`
}
type messagesResponse struct {
	Messages []auth.Message `json:"messages"`
}

// noContent answers 204.
type noContent struct{}

// loggedOut answers 204 and clears the cookies.
type loggedOut struct{}

// accepted answers 202.
type accepted struct{}

// MakeEndpoints wires each endpoint to s, and staff's to st.
func MakeEndpoints(s auth.Service, st auth.Staff) Endpoints {
	e := Endpoints{
		Register: func(ctx context.Context, request any) (any, error) {
			r := request.(registerRequest)
			sess, err := s.Register(ctx, r.Registration, r.Client)
			return sessionResponse{Session: sess, created: true}, err
		},
		Login: func(ctx context.Context, request any) (any, error) {
			r := request.(loginRequest)
			sess, err := s.Login(ctx, r.Credentials, r.Client)
			return sessionResponse{Session: sess}, err
		},
		// Logout and a password change act on the caller's session as well as their account, so
		// they take the token's claims (its session id), not only who the caller is.
		Logout: func(ctx context.Context, request any) (any, error) {
			r := request.(refreshRequest)
			var claims *authn.Claims
			if c, ok := authn.FromContext(ctx); ok {
				claims = &c
			}
			return loggedOut{}, s.Logout(ctx, r.RefreshToken, claims)
		},
		Refresh: func(ctx context.Context, request any) (any, error) {
			sess, err := s.Refresh(ctx, request.(refreshRequest).RefreshToken)
			return sessionResponse{Session: sess}, err
		},
		Me: func(ctx context.Context, _ any) (any, error) {
			// A sandbox key reads the account its space belongs to; it changes nothing of it, as
			// its id (authn.SandboxID) names no account.
			u, err := s.Me(ctx, authn.LiveID(authn.CallerFrom(ctx).ID))
			return userResponse{u}, err
		},
		UpdateMe: func(ctx context.Context, request any) (any, error) {
			u, err := s.UpdateMe(ctx, authn.CallerFrom(ctx).ID, request.(updateMeRequest).PersonalInfo)
			return userResponse{u}, err
		},
		ChangePassword: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			return noContent{}, s.ChangePassword(ctx, c, request.(auth.PasswordChange))
		},
		ForgotPassword: func(ctx context.Context, request any) (any, error) {
			r := request.(forgotRequest)
			return accepted{}, s.ForgotPassword(ctx, r.Email, r.Lang, r.Client)
		},
		ResetPassword: func(ctx context.Context, request any) (any, error) {
			return noContent{}, s.ResetPassword(ctx, request.(auth.PasswordReset))
		},
		Messages: func(ctx context.Context, request any) (any, error) {
			m, err := s.Messages(ctx, authn.CallerFrom(ctx).ID, request.(messagesRequest).Lang)
			return messagesResponse{m}, err
		},
		MarkRead: func(ctx context.Context, request any) (any, error) {
			return noContent{}, s.MarkRead(ctx, authn.CallerFrom(ctx).ID, request.(markReadRequest).ID)
		},
		VerifyEmail: func(ctx context.Context, request any) (any, error) {
			return noContent{}, s.VerifyEmail(ctx, request.(verifyRequest).Token)
		},
		ResendVerification: func(ctx context.Context, request any) (any, error) {
			return accepted{}, s.ResendVerification(ctx, authn.CallerFrom(ctx).ID, request.(resendRequest).Lang)
		},
		MailPreferences: func(ctx context.Context, _ any) (any, error) {
			p, err := s.MailPreferences(ctx, authn.CallerFrom(ctx).ID)
			return preferencesResponse{p}, err
		},
		SetMailPreferences: func(ctx context.Context, request any) (any, error) {
			p, err := s.SetMailPreferences(ctx, authn.CallerFrom(ctx).ID, request.(auth.MailPreferences))
			return preferencesResponse{p}, err
		},
		Unsubscribe: func(ctx context.Context, request any) (any, error) {
			category, err := s.Unsubscribe(ctx, request.(unsubscribeRequest).Token)
			return unsubscribed{category}, err
		},
	}
	e.Consents = func(ctx context.Context, _ any) (any, error) { return s.Consents(ctx, authn.CallerFrom(ctx)) }
	e.SetMarketing = func(ctx context.Context, request any) (any, error) {
		return s.SetMarketing(ctx, authn.CallerFrom(ctx), request.(bool))
	}
	// Without WithPrivacy (a process or test that serves no KVKK requests) their routes answer
	// 503 rather than panic or pretend.
	notServed := func(context.Context, any) (any, error) { return nil, httpx.ErrUnavailable }
	e.PrivacyAsk, e.PrivacyMine, e.PrivacyAskByEmail, e.PrivacyConfirm, e.AdminPrivacy, e.AdminPrivacyOne =
		notServed, notServed, notServed, notServed, notServed, notServed
	// Likewise the API keys without WithKeys.
	e.KeysMine, e.KeyCreate, e.KeyRevoke, e.KeyExchange, e.AdminKeys, e.AdminKeyRevoke =
		notServed, notServed, notServed, notServed, notServed, notServed
	// And the webhooks without WithWebhooks.
	for _, ep := range []*endpoint.Endpoint{&e.WebhooksList, &e.WebhookCreate, &e.WebhookGet, &e.WebhookUpdate, &e.WebhookDelete,
		&e.WebhookSecret, &e.WebhookRotate, &e.WebhookEnable, &e.WebhookDisable, &e.WebhookTest, &e.WebhookDeliveries,
		&e.WebhookDelivery, &e.WebhookReplay} {
		*ep = notServed
	}
	return e.withStaff(st)
}
