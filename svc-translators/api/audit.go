package api

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// Kinds of the things staff act on, as the audit names them (object=<kind>:<id>).
const (
	kindApplication = "application"
	kindTranslator  = "translator"
	kindTicket      = "ticket"
)

// audited records each success of a staff action in svc-translators' audit log (internal/audit),
// with the thing as load reads it just before and as the action answers it.
func audited(s Services, action, kind string, load func(context.Context, string) (any, error), next endpoint.Endpoint) endpoint.Endpoint {
	return s.Audit.Endpoint(action, kind, objectID, load, next)
}

// The things as staff see them, for the audit's "before".
func loadApplication(svc applications.Service) func(context.Context, string) (any, error) {
	return func(ctx context.Context, id string) (any, error) { return svc.Application(ctx, id) }
}

func loadTranslator(svc profiles.Service) func(context.Context, string) (any, error) {
	return func(ctx context.Context, id string) (any, error) { return svc.Profile(ctx, profiles.Caller{ID: id}) }
}

func loadTicket(svc support.Service) func(context.Context, string) (any, error) {
	return func(ctx context.Context, id string) (any, error) { return svc.Ticket(ctx, id) }
}

// objectID is the id of the thing a staff action's request names.
func objectID(request any) string {
	switch r := request.(type) {
	case string:
		return r
	case rejectRequest:
		return r.ID
	case capRequest:
		return r.id
	case suspendRequest:
		return r.id
	case ticketMessage:
		return r.id
	}
	return ""
}

// auditRoutes serve the record of staff actions (API.md "Staff audit").
func auditRoutes(s Services) []route {
	return []route{{"GET /api/v1/translators/admin/audit", http.Handler(s.Audit)}}
}
