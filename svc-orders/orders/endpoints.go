package orders

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints are svc-orders' operations as go-kit endpoints.
type Endpoints struct {
	Estimate, PriceList, UpdatePriceList endpoint.Endpoint
}

// MakeEndpoints wires each endpoint to s.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
		Estimate: func(ctx context.Context, request any) (any, error) {
			return s.Estimate(ctx, request.(EstimateInput))
		},
		PriceList: func(ctx context.Context, _ any) (any, error) {
			return s.PriceList(ctx)
		},
		UpdatePriceList: func(ctx context.Context, request any) (any, error) {
			return s.UpdatePriceList(ctx, request.(PriceList))
		},
	}
}
