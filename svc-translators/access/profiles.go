package access

import "linguaport/internal/authn"

// profileRules: a translator's own profile, bank accounts and vacations; staff set caps and
// verify sworn status.
var profileRules = []authn.Rule{
	// The routes name no translator: the caller's token says whose profile it is, so nobody can
	// reach another's.
	{Pattern: "GET /api/v1/translators/profile", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "PUT /api/v1/translators/profile/competencies", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "GET /api/v1/translators/bank-accounts", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/translators/bank-accounts", Access: authn.Only(authn.RoleTranslator)},
	// An account id is looked up among the caller's own only: another's is 404.
	{Pattern: "POST /api/v1/translators/bank-accounts/{id}/default", Access: authn.Only(authn.RoleTranslator).Owned()},
	{Pattern: "DELETE /api/v1/translators/bank-accounts/{id}", Access: authn.Only(authn.RoleTranslator).Owned()},
	{Pattern: "GET /api/v1/translators/vacations", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/translators/vacations", Access: authn.Only(authn.RoleTranslator)},
	{Pattern: "POST /api/v1/translators/vacations/{id}/end", Access: authn.Only(authn.RoleTranslator).Owned()},
	// Staff see every translator, set how many jobs each may hold and confirm sworn status.
	{Pattern: "GET /api/v1/translators/admin/translators", Access: authn.Only(authn.RoleAdmin)},
	// One translator as staff see them: the profile, vacations and bank accounts masked.
	{Pattern: "GET /api/v1/translators/admin/translators/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "PUT /api/v1/translators/admin/translators/{id}/cap", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/translators/admin/translators/{id}/sworn/verify", Access: authn.Only(authn.RoleAdmin)},
	// Staff suspend a translator (no pool, no claims) and lift it.
	{Pattern: "POST /api/v1/translators/admin/translators/{id}/suspend", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/translators/admin/translators/{id}/unsuspend", Access: authn.Only(authn.RoleAdmin)},
	// The dashboard's counts: applications waiting for a decision, tickets waiting for staff.
	{Pattern: "GET /api/v1/translators/admin/summary", Access: authn.Only(authn.RoleAdmin)},
}
