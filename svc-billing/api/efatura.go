package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-billing/datacopy"
	"linguaport/svc-billing/profile"
)

// Staff's e-Fatura registration of a customer: GET, PUT and DELETE
// admin/customers/{customerId}/e-fatura. A registered customer's invoices, from the next one
// issued, are e-Fatura documents of the scenario set, for the GİB alias set (API.md, "e-Arşiv").

// eFaturaAnswer is a customer's registration, or null when they are not registered.
type eFaturaAnswer struct {
	CustomerID   string                `json:"customerId"`
	Registration *profile.Registration `json:"registration"`
}

type eFaturaBody struct {
	Scenario string `json:"scenario"`
	Alias    string `json:"alias"`
}

type eFaturaRequest struct {
	CustomerID string
	Body       *eFaturaBody // nil: unregister
}

// errNotRegistered answers removing a registration the customer does not have.
var errNotRegistered = httpx.NewProblem(http.StatusNotFound, "e_fatura_not_registered",
	i18n.Text{TR: "Bu müşterinin e-Fatura kaydı yok.", EN: "This customer is not registered for e-Fatura."})

// eFaturaFieldTexts word the registration's fields.
var eFaturaFieldTexts = map[string]map[string]i18n.Text{
	"scenario": {profile.ReasonScenario: {TR: "Senaryo TEMELFATURA veya TICARIFATURA olmalı.", EN: "The scenario must be TEMELFATURA or TICARIFATURA."}},
	"alias":    {profile.ReasonAlias: {TR: "GİB etiketi urn:mail:…@… biçiminde olmalı (GİB’in kayıtlı kullanıcı listesindeki posta kutusu).", EN: "The alias must read urn:mail:…@… (the mailbox in the Revenue Administration's list of e-invoice users)."}},
}

func decodeEFatura(_ context.Context, r *http.Request) (any, error) {
	req := eFaturaRequest{CustomerID: r.PathValue("customerId")}
	if r.Method == http.MethodPut {
		var b eFaturaBody
		if err := httpx.DecodeJSON(r, maxProfileBody, &b); err != nil {
			return nil, err
		}
		req.Body = &b
	}
	return req, nil
}

func makeEFaturaEndpoints(s Services) (get, put, del endpoint.Endpoint) {
	load := func(ctx context.Context, customerID string) (any, error) {
		r, err := s.Registrations.Registration(ctx, customerID)
		switch {
		case errors.Is(err, profile.ErrNotFound):
			return eFaturaAnswer{CustomerID: customerID}, nil
		case err != nil:
			return nil, err
		}
		return eFaturaAnswer{CustomerID: customerID, Registration: &r}, nil
	}
	get = func(ctx context.Context, request any) (any, error) {
		return load(ctx, request.(eFaturaRequest).CustomerID)
	}
	put = func(ctx context.Context, request any) (any, error) {
		req := request.(eFaturaRequest)
		r, err := s.Registrations.Register(ctx, profile.Registration{CustomerID: req.CustomerID, Scenario: req.Body.Scenario, Alias: req.Body.Alias},
			authn.CallerFrom(ctx).ID, time.Now())
		if err != nil {
			return nil, err
		}
		return eFaturaAnswer{CustomerID: req.CustomerID, Registration: &r}, nil
	}
	del = func(ctx context.Context, request any) (any, error) {
		req := request.(eFaturaRequest)
		err := s.Registrations.Unregister(ctx, req.CustomerID)
		if errors.Is(err, profile.ErrNotFound) {
			return nil, errNotRegistered
		}
		if err != nil {
			return nil, err
		}
		return eFaturaAnswer{CustomerID: req.CustomerID}, nil
	}
	idOf := func(request any) string { return request.(eFaturaRequest).CustomerID }
	return get, s.Audit.Endpoint("customer.e-fatura.register", datacopy.AuditCustomer, idOf, load, put),
		s.Audit.Endpoint("customer.e-fatura.unregister", datacopy.AuditCustomer, idOf, load, del)
}
