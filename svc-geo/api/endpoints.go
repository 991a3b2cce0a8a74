package api

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/httpx"
	"linguaport/svc-geo/geo"
)

// Endpoints are the service's operations as go-kit endpoints: each reads its request, calls the
// service and answers; who may call it is the route table's (routes.go).
type Endpoints struct {
	Locate     endpoint.Endpoint
	Currencies endpoint.Endpoint
	Rates      endpoint.Endpoint
	Convert    endpoint.Endpoint
}

// MakeEndpoints wires each endpoint to s.
func MakeEndpoints(s geo.Service) Endpoints {
	return Endpoints{
		Locate:     makeLocateEndpoint(s),
		Currencies: makeCurrenciesEndpoint(s),
		Rates:      makeRatesEndpoint(s),
		Convert:    makeConvertEndpoint(s),
	}
}

type locateRequest struct{ IP string }

func makeLocateEndpoint(s geo.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		return s.Locate(ctx, request.(locateRequest).IP)
	}
}

type currenciesResponse struct {
	Currencies []geo.Currency `json:"currencies"`
	Default    string         `json:"default"`
}

func makeCurrenciesEndpoint(s geo.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		list := s.Currencies(ctx)
		return currenciesResponse{Currencies: list, Default: list[0].Code}, nil
	}
}

func makeRatesEndpoint(s geo.Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		return s.Rates(ctx), nil
	}
}

type convertRequest struct {
	Amount   int64
	From, To string
}

func makeConvertEndpoint(s geo.Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req := request.(convertRequest)
		return s.Convert(ctx, req.Amount, req.From, req.To, string(httpx.LangFrom(ctx)))
	}
}
