package access

import (
	"slices"

	"linguaport/internal/authn"
)

// chat: the live support corner, visitors and customers on one side, staff on the other. A
// conversation is shown only to its customer or to the visitor holding its token (404 to anyone
// else); that check is the chat's own, since the matrix cannot name a conversation.
var chat = []authn.Rule{
	{Pattern: "GET /api/v1/catalog/chat/status", Access: authn.Anyone},
	{Pattern: "POST /api/v1/catalog/chat/conversations", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/chat/conversations/{id}", Access: authn.Anyone},
	{Pattern: "POST /api/v1/catalog/chat/conversations/{id}/messages", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/chat/conversations/{id}/events", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/chat/mine", Access: authn.Only(authn.RoleCustomer)},

	{Pattern: "GET /api/v1/catalog/admin/chat/conversations", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/chat/conversations/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/chat/events", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/chat/conversations/{id}/messages", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/chat/conversations/{id}/read", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/chat/conversations/{id}/close", Access: authn.Only(authn.RoleAdmin)},
}

// Chat is the chat's routes, which svc-catalog/chat serves on its own mux beside the
// catalogue's (svc-catalog/main.go); Catalog is every other route of the service.
var (
	Chat    = chat
	Catalog = slices.Concat(public, staff)
)
