// Package access declares who may call svc-catalog's endpoints. The transport serves exactly
// these routes and the gateway checks the same rules at the edge (DESIGN §8), so this is the
// one list.
package access

import (
	"slices"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
)

// Rules is every route of the service: the public content below, the staff's (staff.go) and the
// live support chat's (chat.go).
var Rules = slices.Concat(public, staff, chat)

// Public is the public routes alone, which the prerendering snapshot serves without a database.
var Public = public

// public: the catalogue is the public site's content, read and written to by visitors.
var public = []authn.Rule{
	{Pattern: "GET /api/v1/catalog/services", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/languages", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/blog", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/blog/{lang}/{slug}", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/faq", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/testimonials", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/stats", Access: authn.Anyone},
	{Pattern: "GET /api/v1/catalog/legal/{doc}", Access: authn.Anyone},
	// The agency's facts (name, address, phone, e-mail, MERSİS, KEP): the footer and contact page.
	{Pattern: "GET /api/v1/catalog/company", Access: authn.Anyone},
	// Contact and corporate inquiries come from visitors; a limit per address holds back floods.
	{Pattern: "POST /api/v1/catalog/inquiries", Access: authn.Anyone},
}

// Contract is what svc-catalog publishes for the gateway (internal/contract): these rules under
// /api/v1/catalog, with the edge's limits. The site's content, inquiries and the live support
// chat: small JSON, quick answers.
var Contract = contract.New("svc-catalog", contract.Limits{TimeoutMs: (5 * time.Second).Milliseconds(), MaxBody: httpx.MaxJSONBody}, Rules)
