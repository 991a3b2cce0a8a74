package geo

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/httpx"
)

// Endpoints are the service's operations as go-kit endpoints.
type Endpoints struct {
	Locate     endpoint.Endpoint
	Currencies endpoint.Endpoint
	Rates      endpoint.Endpoint
	Convert    endpoint.Endpoint
}

// MakeEndpoints wires each endpoint to s.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		Locate:     makeLocateEndpoint(s),
		Currencies: makeCurrenciesEndpoint(s),
		Rates:      makeRatesEndpoint(s),
		Convert:    makeConvertEndpoint(s),
	}
}

type locateRequest struct{ IP string }

func makeLocateEndpoint(s Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		return s.Locate(ctx, request.(locateRequest).IP)
	}
}

type currenciesResponse struct {
	Currencies []Currency `json:"currencies"`
	Default    string     `json:"default"`
}

func makeCurrenciesEndpoint(s Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		list := s.Currencies(ctx)
		return currenciesResponse{Currencies: list, Default: list[0].Code}, nil
	}
}

func makeRatesEndpoint(s Service) endpoint.Endpoint {
	return func(ctx context.Context, _ any) (any, error) {
		return s.Rates(ctx), nil
	}
}

type convertRequest struct {
	Amount   int64
	From, To string
}

func makeConvertEndpoint(s Service) endpoint.Endpoint {
	return func(ctx context.Context, request any) (any, error) {
		req := request.(convertRequest)
		return s.Convert(ctx, req.Amount, req.From, req.To, string(httpx.LangFrom(ctx)))
	}
}
