package access

import "linguaport/internal/authn"

// supportRules: a translator's own support tickets; staff read and answer all of them.
var supportRules = []authn.Rule{
	// The list and a new ticket name no translator: the token says whose they are.
	{Pattern: "GET /api/v1/translators/tickets", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/translators/tickets", Access: authn.Only(authn.RoleTranslator)},
	// A ticket id is looked up among the caller's own only: another's is 404.
	{Pattern: "GET /api/v1/translators/tickets/{id}", Access: authn.Only(authn.RoleTranslator).Owned()},
	{Pattern: "POST /api/v1/translators/tickets/{id}/messages", Access: authn.Only(authn.RoleTranslator).Owned()},
	{Pattern: "POST /api/v1/translators/tickets/{id}/close", Access: authn.Only(authn.RoleTranslator).Owned()},
	// Staff see every ticket, reply and close.
	{Pattern: "GET /api/v1/translators/admin/tickets", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/translators/admin/tickets/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/translators/admin/tickets/{id}/messages", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/translators/admin/tickets/{id}/close", Access: authn.Only(authn.RoleAdmin)},
}
