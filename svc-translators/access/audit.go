package access

import "linguaport/internal/authn"

// auditRules: every staff action that changed something, who did it and what it changed.
var auditRules = []authn.Rule{
	{Pattern: "GET /api/v1/translators/admin/audit", Access: authn.Only(authn.RoleAdmin)},
}
