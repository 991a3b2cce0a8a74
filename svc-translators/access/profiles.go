package access

import "linguaport/internal/authn"

// profileRules: a translator's own profile, bank accounts and vacations; staff set caps and
// verify sworn status.
var profileRules = []authn.Rule{}
