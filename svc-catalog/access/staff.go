package access

import "linguaport/internal/authn"

// staff: the back office's content, inquiries and figures (DESIGN §11), staff only.
var staff = []authn.Rule{}
