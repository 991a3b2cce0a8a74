package access

import "linguaport/internal/authn"

// staff: the back office's content, inquiries and figures (DESIGN §11), staff only.
var staff = []authn.Rule{
	{Pattern: "GET /api/v1/catalog/admin/blog", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/blog", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/blog/preview", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/blog/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "PUT /api/v1/catalog/admin/blog/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "DELETE /api/v1/catalog/admin/blog/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/blog/{id}/publish", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/blog/{id}/unpublish", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/faq", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/faq", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "PUT /api/v1/catalog/admin/faq/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "DELETE /api/v1/catalog/admin/faq/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/testimonials", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/testimonials", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "PUT /api/v1/catalog/admin/testimonials/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "DELETE /api/v1/catalog/admin/testimonials/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/figures", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "PUT /api/v1/catalog/admin/figures", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/inquiries", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/inquiries/{id}", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/inquiries/{id}/handled", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "POST /api/v1/catalog/admin/inquiries/{id}/reply", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/summary", Access: authn.Only(authn.RoleAdmin)},
	{Pattern: "GET /api/v1/catalog/admin/audit", Access: authn.Only(authn.RoleAdmin)},
}
