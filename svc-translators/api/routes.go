// Package api is svc-translators' HTTP API: the route table (this file, the one list of what it
// serves and who may call it), the endpoints, the transport's decoders and encoders, and the one
// place its errors are worded (errors.go). API.md describes it for callers.
package api

import (
	"time"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/contract"
	"linguaport/internal/httpx"
	"linguaport/internal/routes"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

const base = "/api/v1/translators/"

var (
	staff      = authn.Only(authn.RoleAdmin)
	translator = authn.Only(authn.RoleTranslator)
	// ownedByTranslator: the route names a thing of the caller's, looked up among their own
	// only, so another's is 404.
	ownedByTranslator = authn.Only(authn.RoleTranslator).Owned()
)

// Routes is svc-translators' route table. trusted decides whose X-Forwarded-For names the client:
// applications are limited per client address, not per gateway. Applications carry a CV and a
// portfolio file of up to 10 MB each; everything else is JSON of at most httpx.MaxJSONBody.
func Routes(e Endpoints, trusted httpx.TrustedProxies) routes.Table {
	return routes.Table{
		Service: "svc-translators",
		Limits:  contract.Limits{TimeoutMs: time.Minute.Milliseconds(), MaxBody: httpx.MaxJSONBody, MaxUpload: 21 << 20},
		Options: []kithttp.ServerOption{kithttp.ServerErrorEncoder(encodeError)},
		Routes: []routes.Route{
			// Applications (API.md "Applications"). A visitor applies: the applicant has no account
			// until staff approve them. The service holds floods back per address (3 an hour) and
			// keeps one open application per e-mail.
			{Pattern: "POST " + base + "applications", Access: authn.Anyone, Handler: submitHandler(e.Submit, trusted)},
			// Applications, their CVs and portfolios are staff's to read and decide on.
			{Pattern: "GET " + base + "admin/applications", Access: staff, Endpoint: e.Applications, Decode: decodeApplicationFilter, Encode: encodePrivate},
			{Pattern: "GET " + base + "admin/applications/{id}", Access: staff, Endpoint: e.Application, Decode: decodePathID, Encode: encodePrivate},
			{Pattern: "GET " + base + "admin/applications/{id}/cv", Access: staff, Endpoint: e.ApplicationFile, Decode: decodeFile(applications.CV), Encode: encodeFile},
			{Pattern: "GET " + base + "admin/applications/{id}/portfolio", Access: staff, Endpoint: e.ApplicationFile, Decode: decodeFile(applications.Portfolio), Encode: encodeFile},
			{Pattern: "POST " + base + "admin/applications/{id}/approve", Access: staff, Endpoint: e.Approve, Decode: decodePathID, Encode: encodePrivate},
			{Pattern: "POST " + base + "admin/applications/{id}/reject", Access: staff, Endpoint: e.Reject, Decode: decodeReject, Encode: encodePrivate},

			// The translator's profile (API.md "The translator's profile"). The routes name no
			// translator: the caller's token says whose profile it is, so nobody can reach another's.
			{Pattern: "GET " + base + "profile", Access: translator, Endpoint: e.Profile, Decode: decodeNoBody, Encode: encodePrivate},
			{Pattern: "PUT " + base + "profile/competencies", Access: translator, Endpoint: e.SaveCompetencies, Decode: decodeBody[profiles.CompetenciesInput], Encode: encodePrivate},
			{Pattern: "GET " + base + "bank-accounts", Access: translator, Endpoint: e.Accounts, Decode: decodeNoBody, Encode: encodePrivate},
			{Pattern: "POST " + base + "bank-accounts", Access: translator, Endpoint: e.AddAccount, Decode: decodeBody[profiles.AccountInput], Encode: encodeCreated},
			// An account id is looked up among the caller's own only: another's is 404.
			{Pattern: "POST " + base + "bank-accounts/{id}/default", Access: ownedByTranslator, Endpoint: e.SetDefaultAccount, Decode: decodePathID, Encode: encodePrivate},
			{Pattern: "DELETE " + base + "bank-accounts/{id}", Access: ownedByTranslator, Endpoint: e.DeleteAccount, Decode: decodePathID, Encode: encodeNoContent},
			{Pattern: "GET " + base + "vacations", Access: translator, Endpoint: e.Vacations, Decode: decodeNoBody, Encode: encodePrivate},
			{Pattern: "POST " + base + "vacations", Access: translator, Endpoint: e.AddVacation, Decode: decodeBody[profiles.VacationInput], Encode: encodeCreated},
			{Pattern: "POST " + base + "vacations/{id}/end", Access: ownedByTranslator, Endpoint: e.EndVacation, Decode: decodePathID, Encode: encodePrivate},
			// Staff see every translator, set how many jobs each may hold and confirm sworn status.
			{Pattern: "GET " + base + "admin/translators", Access: staff, Endpoint: e.Translators, Decode: decodeTranslatorFilter, Encode: encodePrivate},
			// One translator as staff see them: the profile, vacations and bank accounts masked.
			{Pattern: "GET " + base + "admin/translators/{id}", Access: staff, Endpoint: e.Translator, Decode: decodePathID, Encode: encodePrivate},
			{Pattern: "PUT " + base + "admin/translators/{id}/cap", Access: staff, Endpoint: e.SetCap, Decode: decodeCap, Encode: encodePrivate},
			{Pattern: "POST " + base + "admin/translators/{id}/sworn/verify", Access: staff, Endpoint: e.VerifySworn, Decode: decodePathID, Encode: encodePrivate},
			// Staff suspend a translator (no pool, no claims) and lift it.
			{Pattern: "POST " + base + "admin/translators/{id}/suspend", Access: staff, Endpoint: e.Suspend, Decode: decodeSuspend, Encode: encodePrivate},
			{Pattern: "POST " + base + "admin/translators/{id}/unsuspend", Access: staff, Endpoint: e.Unsuspend, Decode: decodePathID, Encode: encodePrivate},
			// The dashboard's counts: applications waiting for a decision, tickets waiting for staff.
			{Pattern: "GET " + base + "admin/summary", Access: staff, Endpoint: e.Summary, Decode: decodeNoBody, Encode: encodePrivate},

			// Support tickets (API.md "Support"). The list and a new ticket name no translator: the
			// token says whose they are.
			{Pattern: "GET " + base + "tickets", Access: translator, Endpoint: e.MyTickets, Decode: decodeTicketFilter, Encode: encodePrivate},
			{Pattern: "POST " + base + "tickets", Access: translator, Endpoint: e.OpenTicket, Decode: decodeBody[support.NewTicket], Encode: encodeCreated},
			// A ticket id is looked up among the caller's own only: another's is 404.
			{Pattern: "GET " + base + "tickets/{id}", Access: ownedByTranslator, Endpoint: e.MyTicket, Decode: decodePathID, Encode: encodePrivate},
			{Pattern: "POST " + base + "tickets/{id}/messages", Access: ownedByTranslator, Endpoint: e.WriteTicket, Decode: decodeTicketMessage, Encode: encodePrivate},
			{Pattern: "POST " + base + "tickets/{id}/close", Access: ownedByTranslator, Endpoint: e.CloseTicket, Decode: decodePathID, Encode: encodePrivate},
			// Staff see every ticket, reply and close.
			{Pattern: "GET " + base + "admin/tickets", Access: staff, Endpoint: e.Tickets, Decode: decodeTicketFilter, Encode: encodePrivate},
			{Pattern: "GET " + base + "admin/tickets/{id}", Access: staff, Endpoint: e.Ticket, Decode: decodePathID, Encode: encodePrivate},
			{Pattern: "POST " + base + "admin/tickets/{id}/messages", Access: staff, Endpoint: e.ReplyTicket, Decode: decodeTicketMessage, Encode: encodePrivate},
			{Pattern: "POST " + base + "admin/tickets/{id}/close", Access: staff, Endpoint: e.CloseTicketAsStaff, Decode: decodePathID, Encode: encodePrivate},

			// Every staff action that changed something, who did it and what it changed
			// (internal/audit serves its own list).
			{Pattern: "GET " + base + "admin/audit", Access: staff, Handler: e.Audit},
		},
	}
}
