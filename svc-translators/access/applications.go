package access

import "linguaport/internal/authn"

// applicationRules: anyone may apply; staff review.
var applicationRules = []authn.Rule{}
