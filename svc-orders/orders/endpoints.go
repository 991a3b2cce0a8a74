package orders

import (
	"context"
	"io"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints are svc-orders' operations as go-kit endpoints.
type Endpoints struct {
	Estimate, PriceList, UpdatePriceList                  endpoint.Endpoint
	UploadFile, Files, OpenFile                           endpoint.Endpoint
	CreateQuote, Quotes, Quote, ApproveQuote, RejectQuote endpoint.Endpoint
	Orders, Order, Assign, Deliver, Complete, Revision    endpoint.Endpoint
}

type (
	fileRequest    struct{ ID, UploadToken string }
	idRequest      struct{ ID string }
	reasonRequest  struct{ ID, Reason string }
	assignRequest  struct{ ID, TranslatorID string }
	deliverRequest struct {
		ID      string
		FileIDs []string
		Note    string
	}
	// fileContent is a download: the file's description and its bytes, which the transport closes.
	fileContent struct {
		File File
		Body io.ReadCloser
	}
)

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
		UploadFile: func(ctx context.Context, request any) (any, error) {
			return s.UploadFile(ctx, request.(UploadInput))
		},
		Files: func(ctx context.Context, _ any) (any, error) {
			files, err := s.Files(ctx)
			return map[string][]File{"files": files}, err
		},
		OpenFile: func(ctx context.Context, request any) (any, error) {
			r := request.(fileRequest)
			f, body, err := s.OpenFile(ctx, r.ID, r.UploadToken)
			return fileContent{File: f, Body: body}, err
		},
		CreateQuote: func(ctx context.Context, request any) (any, error) {
			return s.CreateQuote(ctx, request.(QuoteInput))
		},
		Quotes: func(ctx context.Context, _ any) (any, error) {
			quotes, err := s.Quotes(ctx)
			return map[string][]*Quote{"quotes": quotes}, err
		},
		Quote: func(ctx context.Context, request any) (any, error) {
			return s.Quote(ctx, request.(idRequest).ID)
		},
		ApproveQuote: func(ctx context.Context, request any) (any, error) {
			return s.ApproveQuote(ctx, request.(idRequest).ID)
		},
		RejectQuote: func(ctx context.Context, request any) (any, error) {
			r := request.(reasonRequest)
			return s.RejectQuote(ctx, r.ID, r.Reason)
		},
		Orders: func(ctx context.Context, _ any) (any, error) {
			orders, err := s.Orders(ctx)
			return map[string][]OrderView{"orders": orders}, err
		},
		Order: func(ctx context.Context, request any) (any, error) {
			return s.Order(ctx, request.(idRequest).ID)
		},
		Assign: func(ctx context.Context, request any) (any, error) {
			r := request.(assignRequest)
			return s.Assign(ctx, r.ID, r.TranslatorID)
		},
		Deliver: func(ctx context.Context, request any) (any, error) {
			r := request.(deliverRequest)
			return s.Deliver(ctx, r.ID, r.FileIDs, r.Note)
		},
		Complete: func(ctx context.Context, request any) (any, error) {
			return s.Complete(ctx, request.(idRequest).ID)
		},
		Revision: func(ctx context.Context, request any) (any, error) {
			r := request.(reasonRequest)
			return s.RequestRevision(ctx, r.ID, r.Reason)
		},
	}
}
