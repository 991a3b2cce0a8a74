package mongox

import (
	"net/url"
	"strconv"

	"linguaport/internal/errs"
)

// A list's page as a request asks for it (DESIGN §15), read beside the Keyset that serves it and
// OldestFirst: limit= how many items (1 to PageMax) and
// after= the next of the page before. A list left without limit answers its own default (the
// web app's lists ask none); other parameters are the list's own.
const (
	PageMax   = 100
	PageLimit = "limit"
	PageAfter = "after"
	// ReasonPageLimit refuses a limit that is not a whole number from 1 to PageMax, or is given
	// twice.
	ReasonPageLimit = "page_limit"
)

// ReadPage reads limit and after from q, def when limit is left out. What is wrong is added to
// fields: ReasonPageLimit under limit, cursorReason (the list's word for a cursor that is not one
// of its items) under after given twice; a list refuses an unknown after itself.
func ReadPage(q url.Values, def int, fields errs.Fields, cursorReason string) (limit int, after string) {
	limit = def
	if values, ok := q[PageLimit]; ok {
		n, err := strconv.Atoi(values[0])
		if len(values) > 1 || err != nil || n < 1 || n > PageMax {
			fields.Add(PageLimit, ReasonPageLimit)
		}
		limit = n
	}
	if values := q[PageAfter]; len(values) > 1 {
		fields.Add(PageAfter, cursorReason)
	} else if len(values) == 1 {
		after = values[0]
	}
	return limit, after
}
