package api

import (
	"context"
	"io"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
	"linguaport/internal/authn"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/datacopy"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// Services are the services behind svc-translators' API.
type Services struct {
	Profiles     profiles.Service
	Applications applications.Service
	Support      support.Service
	// Audit records the staff actions and serves them to staff (GET admin/audit).
	Audit *audit.Log
}

// Endpoints are svc-translators' operations as go-kit endpoints: each reads its request (and,
// where the service needs to know who calls, the caller, once, with authn.CallerFrom), calls the
// service and answers; who may call it is the route table's (routes.go).
type Endpoints struct {
	// Applications (API.md "Applications"): anyone submits, staff read and decide.
	Submit, Applications, Application, ApplicationFile, Approve, Reject endpoint.Endpoint

	// The translator's own profile, bank accounts and vacations (API.md "The translator's profile").
	Profile, SaveCompetencies                                        endpoint.Endpoint
	Accounts, AddAccount, SetDefaultAccount, DeleteAccount           endpoint.Endpoint
	Vacations, AddVacation, EndVacation                              endpoint.Endpoint
	Translators, Translator, SetCap, VerifySworn, Suspend, Unsuspend endpoint.Endpoint

	// Support tickets (API.md "Support"): the translator's own, then staff's.
	MyTickets, OpenTicket, MyTicket, WriteTicket, CloseTicket endpoint.Endpoint
	Tickets, Ticket, ReplyTicket, CloseTicketAsStaff          endpoint.Endpoint

	// Summary is the staff dashboard's counts.
	Summary endpoint.Endpoint
	// Audit serves GET admin/audit.
	Audit *audit.Log
}

// Kinds of the things staff act on, as the audit names them (object=<kind>:<id>); an erasure
// deletes their entries with them (datacopy.Erase).
const (
	kindApplication = datacopy.AuditApplication
	kindTranslator  = datacopy.AuditTranslator
	kindTicket      = datacopy.AuditTicket
)

// MakeEndpoints wires each endpoint to its service. Every staff action that changes something
// is recorded in s.Audit with the thing as it was just before and as the action answers it.
func MakeEndpoints(s Services) Endpoints {
	e := Endpoints{Audit: s.Audit}
	makeApplicationEndpoints(&e, s.Applications, s.Audit)
	makeProfileEndpoints(&e, s.Profiles, s.Audit)
	makeSupportEndpoints(&e, s.Support, s.Audit)
	e.Summary = makeSummaryEndpoint(s.Applications, s.Support)
	return e
}

type (
	idRequest     struct{ ID string }
	rejectRequest struct {
		ID     string
		Reason string `json:"reason"`
	}
	fileRequest struct {
		ID    string
		Which applications.Which
	}
	// fileContent is a download: the file's description and its bytes, which the transport
	// closes.
	fileContent struct {
		File applications.FileInfo
		Body io.ReadCloser
	}
)

func makeApplicationEndpoints(e *Endpoints, svc applications.Service, log *audit.Log) {
	load := func(ctx context.Context, id string) (any, error) { return svc.Application(ctx, id) }
	e.Submit = func(ctx context.Context, request any) (any, error) {
		return svc.Submit(ctx, request.(applications.Submission))
	}
	e.Applications = func(ctx context.Context, request any) (any, error) {
		return svc.List(ctx, request.(applications.Filter))
	}
	e.Application = func(ctx context.Context, request any) (any, error) {
		return svc.Application(ctx, request.(idRequest).ID)
	}
	e.ApplicationFile = func(ctx context.Context, request any) (any, error) {
		req := request.(fileRequest)
		f, body, err := svc.File(ctx, req.ID, req.Which)
		if err != nil {
			return nil, err
		}
		return fileContent{File: f, Body: body}, nil
	}
	e.Approve = log.Endpoint("application.approve", kindApplication, objectID, load, func(ctx context.Context, request any) (any, error) {
		return svc.Approve(ctx, request.(idRequest).ID)
	})
	e.Reject = log.Endpoint("application.reject", kindApplication, objectID, load, func(ctx context.Context, request any) (any, error) {
		r := request.(rejectRequest)
		return svc.Reject(ctx, r.ID, r.Reason)
	})
}

type (
	capRequest struct {
		id           string
		ActiveJobCap *int `json:"activeJobCap"`
	}
	suspendRequest struct {
		id     string
		Reason string `json:"reason"`
	}
	accountList struct {
		Accounts []profiles.BankAccount `json:"accounts"`
	}
	// vacationList is the translator's periods off; which jobs are still due the page reads from
	// svc-orders (this service knows no jobs).
	vacationList struct {
		Vacations  []profiles.Vacation `json:"vacations"`
		OnVacation bool                `json:"onVacation"`
	}
)

// makeProfileEndpoints: the routes of a translator's own profile name no translator, so the
// caller is whose profile it is and nobody can reach another's.
func makeProfileEndpoints(e *Endpoints, svc profiles.Service, log *audit.Log) {
	// The translator as staff see them, for the audit's "before".
	load := func(ctx context.Context, id string) (any, error) { return svc.Profile(ctx, authn.Caller{ID: id}) }
	e.Profile = func(ctx context.Context, _ any) (any, error) {
		return svc.Profile(ctx, authn.CallerFrom(ctx))
	}
	e.SaveCompetencies = func(ctx context.Context, request any) (any, error) {
		return svc.SaveCompetencies(ctx, authn.CallerFrom(ctx), request.(profiles.CompetenciesInput))
	}
	e.Accounts = func(ctx context.Context, _ any) (any, error) {
		list, err := svc.Accounts(ctx, authn.CallerFrom(ctx))
		return accountList{Accounts: list}, err
	}
	e.AddAccount = func(ctx context.Context, request any) (any, error) {
		return svc.AddAccount(ctx, authn.CallerFrom(ctx), request.(profiles.AccountInput))
	}
	e.SetDefaultAccount = func(ctx context.Context, request any) (any, error) {
		list, err := svc.SetDefaultAccount(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
		return accountList{Accounts: list}, err
	}
	e.DeleteAccount = func(ctx context.Context, request any) (any, error) {
		return nil, svc.DeleteAccount(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.Vacations = func(ctx context.Context, _ any) (any, error) {
		list, err := svc.Vacations(ctx, authn.CallerFrom(ctx))
		if err != nil {
			return nil, err
		}
		answer := vacationList{Vacations: list}
		for _, v := range list {
			answer.OnVacation = answer.OnVacation || v.Status == profiles.Running
		}
		return answer, nil
	}
	e.AddVacation = func(ctx context.Context, request any) (any, error) {
		return svc.AddVacation(ctx, authn.CallerFrom(ctx), request.(profiles.VacationInput))
	}
	e.EndVacation = func(ctx context.Context, request any) (any, error) {
		return svc.EndVacation(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.Translators = func(ctx context.Context, request any) (any, error) {
		return svc.Translators(ctx, request.(profiles.ListFilter))
	}
	e.Translator = func(ctx context.Context, request any) (any, error) {
		return svc.Translator(ctx, request.(idRequest).ID)
	}
	e.SetCap = log.Endpoint("translator.cap", kindTranslator, objectID, load, func(ctx context.Context, request any) (any, error) {
		r := request.(capRequest)
		if r.ActiveJobCap == nil {
			return nil, errActiveJobCapRequired
		}
		return svc.SetCap(ctx, authn.CallerFrom(ctx), r.id, *r.ActiveJobCap)
	})
	e.VerifySworn = log.Endpoint("translator.sworn_verify", kindTranslator, objectID, load, func(ctx context.Context, request any) (any, error) {
		return svc.VerifySworn(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	})
	e.Suspend = log.Endpoint("translator.suspend", kindTranslator, objectID, load, func(ctx context.Context, request any) (any, error) {
		r := request.(suspendRequest)
		return svc.Suspend(ctx, authn.CallerFrom(ctx), r.id, r.Reason)
	})
	e.Unsuspend = log.Endpoint("translator.unsuspend", kindTranslator, objectID, load, func(ctx context.Context, request any) (any, error) {
		return svc.Unsuspend(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	})
}

type ticketMessage struct {
	id      string
	Message string `json:"message"`
}

// makeSupportEndpoints: a translator's ticket routes reach only their own tickets (the service
// answers another's as one that does not exist); staff's reach all.
func makeSupportEndpoints(e *Endpoints, svc support.Service, log *audit.Log) {
	load := func(ctx context.Context, id string) (any, error) { return svc.Ticket(ctx, id) }
	e.MyTickets = func(ctx context.Context, request any) (any, error) {
		return svc.Mine(ctx, authn.CallerFrom(ctx), request.(support.Filter))
	}
	e.OpenTicket = func(ctx context.Context, request any) (any, error) {
		return svc.Open(ctx, authn.CallerFrom(ctx), request.(support.NewTicket))
	}
	e.MyTicket = func(ctx context.Context, request any) (any, error) {
		return svc.Own(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.WriteTicket = func(ctx context.Context, request any) (any, error) {
		m := request.(ticketMessage)
		return svc.Write(ctx, authn.CallerFrom(ctx), m.id, m.Message)
	}
	e.CloseTicket = func(ctx context.Context, request any) (any, error) {
		return svc.Close(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	}
	e.Tickets = func(ctx context.Context, request any) (any, error) {
		return svc.List(ctx, request.(support.Filter))
	}
	e.Ticket = func(ctx context.Context, request any) (any, error) {
		return svc.Ticket(ctx, request.(idRequest).ID)
	}
	e.ReplyTicket = log.Endpoint("ticket.reply", kindTicket, objectID, load, func(ctx context.Context, request any) (any, error) {
		m := request.(ticketMessage)
		return svc.Reply(ctx, authn.CallerFrom(ctx), m.id, m.Message)
	})
	e.CloseTicketAsStaff = log.Endpoint("ticket.close", kindTicket, objectID, load, func(ctx context.Context, request any) (any, error) {
		return svc.CloseAsStaff(ctx, authn.CallerFrom(ctx), request.(idRequest).ID)
	})
}

// Summary is the dashboard's counts of what waits for staff here.
type Summary struct {
	ApplicationsSubmitted int64 `json:"applicationsSubmitted"`
	TicketsOpen           int64 `json:"ticketsOpen"`
}

// makeSummaryEndpoint counts two things, each on its status index.
func makeSummaryEndpoint(apps applications.Service, tickets support.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		var sum Summary
		var err error
		if sum.ApplicationsSubmitted, err = apps.Count(ctx, applications.Submitted); err != nil {
			return nil, err
		}
		if sum.TicketsOpen, err = tickets.Count(ctx, support.Open); err != nil {
			return nil, err
		}
		return sum, nil
	}
}

// objectID is the id of the thing a staff action's request names, for the audit.
func objectID(request any) string {
	switch r := request.(type) {
	case idRequest:
		return r.ID
	case rejectRequest:
		return r.ID
	case capRequest:
		return r.id
	case suspendRequest:
		return r.id
	case ticketMessage:
		return r.id
	}
	return ""
}
