package access

import "linguaport/internal/authn"

// chat: the live support corner, visitors and customers on one side, staff on the other.
var chat = []authn.Rule{}
