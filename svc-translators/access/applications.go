package access

import "linguaport/internal/authn"

// applicationRules: anyone may apply; staff review.
var applicationRules = []authn.Rule{
	// A visitor applies: the applicant has no account until staff approve them. The service
	// holds floods back per address (3 an hour) and keeps one open application per e-mail.
	{Pattern: "POST /api/v1/translators/applications", Access: authn.Anyone},
	// Applications, their CVs and portfolios are staff's to read and decide on.
	{Pattern: "GET /api/v1/translators/admin/applications", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/translators/admin/applications/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/translators/admin/applications/{id}/cv", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/translators/admin/applications/{id}/portfolio", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/translators/admin/applications/{id}/approve", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/translators/admin/applications/{id}/reject", Access: authn.Only(authn.RoleAdmin)},
}
