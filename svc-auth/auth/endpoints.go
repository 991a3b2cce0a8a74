package auth

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/authn"
)

// Endpoints are svc-auth's operations as go-kit endpoints.
type Endpoints struct {
	Register, Login, Logout, Refresh, Me, UpdateMe, ChangePassword, ForgotPassword, ResetPassword,
	Messages, MarkRead endpoint.Endpoint
	// The account's mail: confirming the address, the preferences, one-click unsubscribe.
	VerifyEmail, ResendVerification, MailPreferences, SetMailPreferences, Unsubscribe endpoint.Endpoint
	// Staff's views of the accounts (staff.go, WithStaff).
	AdminCustomers, AdminCustomer, AdminUsers, AdminStaff endpoint.Endpoint
}

type registerRequest struct {
	Registration
	Client Client
}
type loginRequest struct {
	Credentials
	Client Client
}
type refreshRequest struct{ RefreshToken string }
type updateMeRequest struct{ PersonalInfo }
type forgotRequest struct {
	Email, Lang string
	Client      Client
}
type messagesRequest struct{ Lang string }
type markReadRequest struct{ ID string }
type verifyRequest struct{ Token string }
type resendRequest struct{ Lang string }
type unsubscribeRequest struct{ Token string }

// preferencesResponse is the account's optional mails, on or off.
type preferencesResponse struct{ MailPreferences }

// unsubscribed says which mails a one-click link turned off.
type unsubscribed struct {
	Category string `json:"category"`
}

// sessionResponse carries a new session; the transport turns it into cookies.
type sessionResponse struct {
	Session Session
	created bool // a new account: 201
}
type userResponse struct {
	User User `json:"user"`
}
type messagesResponse struct {
	Messages []Message `json:"messages"`
}

// noContent answers 204.
type noContent struct{}

// loggedOut answers 204 and clears the cookies.
type loggedOut struct{}

// MakeEndpoints wires each endpoint to s. Who may call what is declared per route in the
// transport; endpoints read the caller from the context.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
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
			c, _ := authn.FromContext(ctx)
			u, err := s.Me(ctx, c.Subject)
			return userResponse{u}, err
		},
		UpdateMe: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			u, err := s.UpdateMe(ctx, c.Subject, request.(updateMeRequest).PersonalInfo)
			return userResponse{u}, err
		},
		ChangePassword: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			return noContent{}, s.ChangePassword(ctx, c, request.(PasswordChange))
		},
		ForgotPassword: func(ctx context.Context, request any) (any, error) {
			r := request.(forgotRequest)
			return accepted{}, s.ForgotPassword(ctx, r.Email, r.Lang, r.Client)
		},
		ResetPassword: func(ctx context.Context, request any) (any, error) {
			return noContent{}, s.ResetPassword(ctx, request.(PasswordReset))
		},
		Messages: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			m, err := s.Messages(ctx, c.Subject, request.(messagesRequest).Lang)
			return messagesResponse{m}, err
		},
		MarkRead: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			return noContent{}, s.MarkRead(ctx, c.Subject, request.(markReadRequest).ID)
		},
		VerifyEmail: func(ctx context.Context, request any) (any, error) {
			return noContent{}, s.VerifyEmail(ctx, request.(verifyRequest).Token)
		},
		ResendVerification: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			return accepted{}, s.ResendVerification(ctx, c.Subject, request.(resendRequest).Lang)
		},
		MailPreferences: func(ctx context.Context, _ any) (any, error) {
			c, _ := authn.FromContext(ctx)
			p, err := s.MailPreferences(ctx, c.Subject)
			return preferencesResponse{p}, err
		},
		SetMailPreferences: func(ctx context.Context, request any) (any, error) {
			c, _ := authn.FromContext(ctx)
			p, err := s.SetMailPreferences(ctx, c.Subject, request.(MailPreferences))
			return preferencesResponse{p}, err
		},
		Unsubscribe: func(ctx context.Context, request any) (any, error) {
			category, err := s.Unsubscribe(ctx, request.(unsubscribeRequest).Token)
			return unsubscribed{category}, err
		},
	}
}

// accepted answers 202.
type accepted struct{}
