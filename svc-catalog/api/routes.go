// Package api is svc-catalog's HTTP API: the route table (this file, the one list of what it
// serves and who may call it), the endpoints, the transport's decoders and encoders, and the one
// place its errors are worded (errors.go). Three areas share it: the public site's content and
// inquiries (catalog), the back office's content, inquiries and figures (staff), and the live
// support chat (chat). API.md describes it for callers.
package api

import (
	"slices"
	"time"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// Routes is svc-catalog's route table. The site's content, inquiries and the live support chat
// are small JSON and quick answers: five seconds and httpx.MaxJSONBody at the edge. chats serves
// the chat's two event streams; trusted decides whose X-Forwarded-For names the sender of an
// inquiry or a chat message, for rate limits; heartbeat is how often an idle stream says so.
func Routes(e Endpoints, chats chat.Service, trusted httpx.TrustedProxies, heartbeat Heartbeat) routes.Table {
	t := table(publicRoutes(e.Catalog, trusted))
	t.Routes = slices.Concat(t.Routes, staffRoutes(e.Staff), chatRoutes(e.Chat, chats, trusted, heartbeat))
	return t
}

// table is the service's table with routes, its limits and options.
func table(rs []routes.Route) routes.Table {
	return routes.Table{
		Service: "svc-catalog",
		Limits:  contract.Limits{TimeoutMs: (5 * time.Second).Milliseconds(), MaxBody: httpx.MaxJSONBody},
		// keepRequest lets the public content's encoder answer a request's If-None-Match.
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError), kithttp.ServerBefore(keepRequest)},
		Routes:  rs,
	}
}

// publicRoutes: the catalogue is the public site's content, read and written to by visitors, and
// cached by browsers and nginx (encodeCached).
func publicRoutes(e CatalogEndpoints, trusted httpx.TrustedProxies) []routes.Route {
	const pub = "/api/v1/catalog/"
	open := func(pattern string, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: authn.Anyone, Endpoint: ep, Decode: dec, Encode: encodeCached}
	}
	return []routes.Route{
		open("GET "+pub+"services", e.Services, decodeNothing),
		open("GET "+pub+"languages", e.Languages, decodeNothing),
		open("GET "+pub+"blog", e.Posts, decodePosts),
		open("GET "+pub+"blog/{lang}/{slug}", e.Post, decodePost),
		open("GET "+pub+"faq", e.FAQ, decodeFAQ),
		open("GET "+pub+"testimonials", e.Testimonials, decodeNothing),
		open("GET "+pub+"stats", e.Stats, decodeNothing),
		open("GET "+pub+"legal/{doc}", e.Legal, decodeLegal),
		// The agency's facts (name, address, phone, e-mail, MERSİS, KEP): the footer and contact page.
		open("GET "+pub+"company", e.Company, decodeNothing),
		// Contact and corporate inquiries come from visitors; a limit per address holds back floods.
		{Pattern: "POST " + pub + "inquiries", Access: authn.Anyone, Endpoint: e.SubmitInquiry, Decode: decodeInquiry(trusted), Encode: encodeCreated},
	}
}

// staffRoutes: the back office's content, inquiries and figures (DESIGN §11), staff only. Staff
// answers are never cached (encodeStaff).
func staffRoutes(e StaffEndpoints) []routes.Route {
	const admin = "/api/v1/catalog/admin/"
	staff := func(pattern string, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: authn.Only(authn.RoleAdmin), Endpoint: ep, Decode: dec, Encode: encodeStaff}
	}
	created := func(pattern string, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: authn.Only(authn.RoleAdmin), Endpoint: ep, Decode: dec, Encode: encodeStaffCreated}
	}
	return []routes.Route{
		staff("GET "+admin+"blog", e.Posts, decodeStaffPosts),
		created("POST "+admin+"blog", e.CreatePost, decodeBody[catalog.PostInput](maxStaffBody)),
		staff("POST "+admin+"blog/preview", e.Preview, decodeBody[previewRequest](maxStaffBody)),
		staff("GET "+admin+"blog/{id}", e.Post, decodeID),
		staff("PUT "+admin+"blog/{id}", e.UpdatePost, decodeUpdatePost),
		staff("DELETE "+admin+"blog/{id}", e.DeletePost, decodeID),
		staff("POST "+admin+"blog/{id}/publish", e.Publish, decodeID),
		staff("POST "+admin+"blog/{id}/unpublish", e.Unpublish, decodeID),
		staff("GET "+admin+"faq", e.FAQ, decodeNothing),
		created("POST "+admin+"faq", e.CreateFAQ, decodeBody[catalog.FAQItem](maxStaffBody)),
		staff("PUT "+admin+"faq/{id}", e.UpdateFAQ, decodeWithID(func(it *catalog.FAQItem, id string) { it.ID = id })),
		staff("DELETE "+admin+"faq/{id}", e.DeleteFAQ, decodeID),
		staff("GET "+admin+"testimonials", e.Testimonials, decodeNothing),
		created("POST "+admin+"testimonials", e.CreateTestimonial, decodeTestimonial),
		staff("PUT "+admin+"testimonials/{id}", e.UpdateTestimonial, decodeTestimonial),
		staff("DELETE "+admin+"testimonials/{id}", e.DeleteTestimonial, decodeID),
		staff("GET "+admin+"figures", e.Figures, decodeNothing),
		staff("PUT "+admin+"figures", e.UpdateFigures, decodeFigures),
		staff("GET "+admin+"inquiries", e.Inquiries, decodeInquiryFilter),
		staff("GET "+admin+"inquiries/{id}", e.Inquiry, decodeID),
		staff("POST "+admin+"inquiries/{id}/handled", e.MarkHandled, decodeID),
		staff("POST "+admin+"inquiries/{id}/reply", e.Reply, decodeWithID(func(r *replyRequest, id string) { r.ID = id })),
		staff("GET "+admin+"summary", e.Summary, decodeNothing),
		// internal/audit serves the audit log's pages itself.
		{Pattern: "GET " + admin + "audit", Access: authn.Only(authn.RoleAdmin), Handler: e.Audit},
	}
}

// chatRoutes: the live support corner, visitors and customers on one side, staff on the other. A
// conversation is shown only to its customer or to the visitor holding its token (404 to anyone
// else); that check is the chat's own, since an access rule cannot name a conversation. Chat
// answers are one person's conversation: never cached (encodePrivate).
func chatRoutes(e ChatEndpoints, chats chat.Service, trusted httpx.TrustedProxies, heartbeat Heartbeat) []routes.Route {
	const pub, staff = "/api/v1/catalog/chat", "/api/v1/catalog/admin/chat"
	route := func(pattern string, access authn.Access, ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc, enc kithttp.EncodeResponseFunc) routes.Route {
		return routes.Route{Pattern: pattern, Access: access, Endpoint: ep, Decode: dec, Encode: enc}
	}
	admin := authn.Only(authn.RoleAdmin)
	return []routes.Route{
		route("GET "+pub+"/status", authn.Anyone, e.Status, decodeNothing, encodePrivate),
		route("POST "+pub+"/conversations", authn.Anyone, e.Start, decodeStart(trusted), encodePrivateCreated),
		route("GET "+pub+"/conversations/{id}", authn.Anyone, e.Thread, decodeVisit(trusted), encodePrivate),
		route("POST "+pub+"/conversations/{id}/messages", authn.Anyone, e.Send, decodeMessage(trusted), encodePrivateCreated),
		{Pattern: "GET " + pub + "/conversations/{id}/events", Access: authn.Anyone, Handler: followHandler(chats, trusted, heartbeat)},
		route("GET "+pub+"/mine", authn.Only(authn.RoleCustomer), e.Mine, decodeNothing, encodePrivate),

		route("GET "+staff+"/conversations", admin, e.List, decodeList, encodePrivate),
		route("GET "+staff+"/conversations/{id}", admin, e.StaffThread, decodeChatID, encodePrivate),
		// Staff count as online while this stream is open.
		{Pattern: "GET " + staff + "/events", Access: admin, Handler: watchHandler(chats, trusted, heartbeat)},
		route("POST "+staff+"/conversations/{id}/messages", admin, e.Reply, decodeMessage(trusted), encodePrivateCreated),
		route("POST "+staff+"/conversations/{id}/read", admin, e.MarkRead, decodeChatID, encodePrivate),
		route("POST "+staff+"/conversations/{id}/close", admin, e.Close, decodeChatID, encodePrivate),
	}
}
