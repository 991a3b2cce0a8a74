package api

import (
	"context"
	"errors"
	"net/http"

	"github.com/go-kit/kit/endpoint"
	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-translators/support"
)

// maxSupportBody bounds a ticket request: a subject and a message of 5000 characters of up to
// four bytes each fit.
const maxSupportBody = 32 << 10

const supportBase = "/api/v1/translators/"

// supportRoutes serve the support tickets (API.md "Support").
func supportRoutes(s Services) []route {
	svc := s.Support
	private := func(ep endpoint.Endpoint, dec kithttp.DecodeRequestFunc) http.Handler {
		return kithttp.NewServer(ep, dec, encodePrivate, serverOptions...)
	}
	mine := supportBase + "tickets"
	admin := supportBase + "admin/tickets"
	routes := []route{
		{"GET " + mine, private(ticketCaller(authn.RoleTranslator, func(ctx context.Context, c support.Caller, req any) (any, error) {
			return svc.Mine(ctx, c, req.(support.Filter))
		}), decodeTicketFilter)},
		{"POST " + mine, kithttp.NewServer(ticketCaller(authn.RoleTranslator, func(ctx context.Context, c support.Caller, req any) (any, error) {
			return svc.Open(ctx, c, req.(support.NewTicket))
		}), decodeBody[support.NewTicket], encodeProfileCreated, serverOptions...)},
		{"GET " + mine + "/{id}", private(ticketCaller(authn.RoleTranslator, func(ctx context.Context, c support.Caller, req any) (any, error) {
			return svc.Own(ctx, c, req.(string))
		}), decodePathID)},
		{"POST " + mine + "/{id}/messages", private(ticketCaller(authn.RoleTranslator, func(ctx context.Context, c support.Caller, req any) (any, error) {
			m := req.(ticketMessage)
			return svc.Write(ctx, c, m.id, m.Message)
		}), decodeTicketMessage)},
		{"POST " + mine + "/{id}/close", private(ticketCaller(authn.RoleTranslator, func(ctx context.Context, c support.Caller, req any) (any, error) {
			return svc.Close(ctx, c, req.(string))
		}), decodePathID)},
		{"GET " + admin, private(ticketCaller(authn.RoleAdmin, func(ctx context.Context, _ support.Caller, req any) (any, error) {
			return svc.List(ctx, req.(support.Filter))
		}), decodeTicketFilter)},
		{"GET " + admin + "/{id}", private(ticketCaller(authn.RoleAdmin, func(ctx context.Context, _ support.Caller, req any) (any, error) {
			return svc.Ticket(ctx, req.(string))
		}), decodePathID)},
		{"POST " + admin + "/{id}/messages", private(audited(s, "ticket.reply", kindTicket, loadTicket(svc),
			ticketCaller(authn.RoleAdmin, func(ctx context.Context, c support.Caller, req any) (any, error) {
				m := req.(ticketMessage)
				return svc.Reply(ctx, c, m.id, m.Message)
			})), decodeTicketMessage)},
		{"POST " + admin + "/{id}/close", private(audited(s, "ticket.close", kindTicket, loadTicket(svc),
			ticketCaller(authn.RoleAdmin, func(ctx context.Context, c support.Caller, req any) (any, error) {
				return svc.CloseAsStaff(ctx, c, req.(string))
			})), decodePathID)},
	}
	if svc == nil {
		// A handler made without the tickets (another area's tests) still serves their declared
		// routes, each answering 404.
		for i := range routes {
			routes[i].handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				httpx.EncodeError(r.Context(), httpx.ErrNotFound, w)
			})
		}
	}
	return routes
}

// ticketCaller serves callers of role, named by their token, in the request's language. The
// route's access rule has let only them through already; checking again keeps an endpoint wired
// without it from serving anyone.
func ticketCaller(role authn.Role, f func(ctx context.Context, c support.Caller, request any) (any, error)) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		if err := authn.Authorize(ctx, role); err != nil {
			return nil, err
		}
		claims, _ := authn.FromContext(ctx)
		return f(ctx, support.Caller{ID: claims.Subject, Name: claims.Name, Lang: httpx.LangFrom(ctx)}, request)
	}
}

type ticketMessage struct {
	id      string
	Message string `json:"message"`
}

func decodeTicketMessage(_ context.Context, r *http.Request) (any, error) {
	var m ticketMessage
	if err := httpx.DecodeJSON(r, maxSupportBody, &m); err != nil {
		return nil, err
	}
	m.id = r.PathValue("id")
	return m, nil
}

// The tickets' own refusals. Another translator's ticket is answered as one that does not exist.
var (
	errTicketNotFound = httpx.NewProblem(http.StatusNotFound, "ticket_not_found",
		i18n.Text{TR: "Destek talebi bulunamadı.", EN: "Support ticket not found."})
	errTicketClosed = httpx.NewProblem(http.StatusConflict, "ticket_closed",
		i18n.Text{TR: "Bu destek talebi kapatıldı; yeni mesaj eklenemez. Gerekirse yeni bir talep açın.", EN: "This support ticket is closed and takes no more messages. Open a new one if you need to."})
	errTooManyTicketMessages = httpx.NewProblem(http.StatusConflict, "too_many_messages",
		i18n.Text{TR: "Bu destek talebi 200 mesaj sınırına ulaştı; lütfen yeni bir talep açın.", EN: "This support ticket has reached its limit of 200 messages; please open a new one."})
)

// explainSupport maps the tickets' errors to their Problems.
func explainSupport(err error) *httpx.Problem {
	for e, problem := range map[error]*httpx.Problem{
		support.ErrNotFound: errTicketNotFound, support.ErrClosed: errTicketClosed, support.ErrTooManyMessages: errTooManyTicketMessages,
	} {
		if errors.Is(err, e) {
			return problem
		}
	}
	return nil
}

// supportFieldTexts word the tickets' refusals; every reason the support package gives a field
// has words here (tested).
var supportFieldTexts = map[string]map[string]i18n.Text{
	"subject": {
		support.ReasonRequired: {TR: "Talebinize bir konu yazın.", EN: "Give your ticket a subject."},
		support.ReasonTooShort: {TR: "Konu en az 3 karakter olmalı.", EN: "The subject must be at least 3 characters."},
		support.ReasonTooLong:  {TR: "Konu en çok 140 karakter olmalı.", EN: "The subject must be at most 140 characters."},
		support.ReasonFormat:   {TR: "Konuda kullanılamayan karakterler var (satır sonu veya kontrol karakteri).", EN: "The subject contains characters that cannot be used (a line break or a control character)."},
	},
	"category": {
		support.ReasonRequired: {TR: "Talebinizin konusuna uyan kategoriyi seçin.", EN: "Choose the category your ticket is about."},
		support.ReasonUnknown:  {TR: "Kategori listedekilerden biri olmalı: ödeme, iş, teknik, hesap, diğer.", EN: "The category must be one of the list: payment, job, technical, account, other."},
	},
	"message": {
		support.ReasonRequired: {TR: "Mesajınızı yazın.", EN: "Write your message."},
		support.ReasonTooLong:  {TR: "Mesaj en çok 5000 karakter olmalı.", EN: "The message must be at most 5000 characters."},
		support.ReasonFormat:   {TR: "Mesajda kullanılamayan kontrol karakterleri var.", EN: "The message contains control characters that cannot be used."},
	},
	"status": {
		support.ReasonUnknown: {TR: "Durum open, answered veya closed olmalı.", EN: "The status must be open, answered or closed."},
	},
	"before": {
		support.ReasonCursor: {TR: "Sayfa imleci geçersiz; listeyi baştan yükleyin.", EN: "The page cursor is not valid; load the list from the start."},
	},
}
