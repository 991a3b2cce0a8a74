package api

import (
	"context"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/audit"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// Endpoints are the service's operations as go-kit endpoints, by area: each reads its request,
// calls the service and answers; who may call it is the route table's (routes.go).
type Endpoints struct {
	Catalog CatalogEndpoints
	Staff   StaffEndpoints
	Chat    ChatEndpoints
}

// MakeEndpoints wires each endpoint to its service: the catalogue's public side, staff's side,
// and the chat. Staff's changes are recorded in auditLog, whose pages staff read too.
func MakeEndpoints(s catalog.Service, staff catalog.StaffService, chats chat.Service, auditLog *audit.Log) Endpoints {
	return Endpoints{
		Catalog: makeCatalogEndpoints(s),
		Staff:   makeStaffEndpoints(staff, auditLog),
		Chat:    makeChatEndpoints(chats, auditLog),
	}
}

// CatalogEndpoints are the public site's content and inquiries.
type CatalogEndpoints struct {
	Services, Languages, Posts, Post, FAQ, Testimonials, Stats, Legal, Company, SubmitInquiry endpoint.Endpoint
}

type postsRequest struct {
	Lang           string
	Page, PageSize int
}
type postRequest struct{ Lang, Slug string }
type faqRequest struct{ Lang, Category string }
type legalRequest struct{ ID, Lang string }

type servicesResponse struct {
	Services []catalog.ServiceEntry `json:"services"`
}
type languagesResponse struct {
	Languages []catalog.Language `json:"languages"`
}
type faqResponse struct {
	Categories []string           `json:"categories"`
	Items      []catalog.FAQEntry `json:"items"`
}
type testimonialsResponse struct {
	Testimonials []catalog.Testimonial `json:"testimonials"`
}
type inquiryResponse struct {
	ID        string `json:"id"`
	CreatedAt string `json:"createdAt"`
}

func makeCatalogEndpoints(s catalog.Service) CatalogEndpoints {
	return CatalogEndpoints{
		Services: func(ctx context.Context, _ any) (any, error) {
			v, err := s.Services(ctx)
			return servicesResponse{v}, err
		},
		Languages: func(ctx context.Context, _ any) (any, error) {
			v, err := s.Languages(ctx)
			return languagesResponse{v}, err
		},
		Posts: func(ctx context.Context, request any) (any, error) {
			r := request.(postsRequest)
			return s.Posts(ctx, r.Lang, r.Page, r.PageSize)
		},
		Post: func(ctx context.Context, request any) (any, error) {
			r := request.(postRequest)
			return s.Post(ctx, r.Lang, r.Slug)
		},
		FAQ: func(ctx context.Context, request any) (any, error) {
			r := request.(faqRequest)
			v, err := s.FAQ(ctx, r.Lang, r.Category)
			return faqResponse{Categories: catalog.FAQCategories, Items: v}, err
		},
		Testimonials: func(ctx context.Context, _ any) (any, error) {
			v, err := s.Testimonials(ctx)
			return testimonialsResponse{v}, err
		},
		Stats: func(ctx context.Context, _ any) (any, error) { return s.Stats(ctx) },
		Legal: func(ctx context.Context, request any) (any, error) {
			r := request.(legalRequest)
			return s.Legal(ctx, r.ID, r.Lang)
		},
		Company: func(ctx context.Context, _ any) (any, error) { return s.Company(ctx) },
		SubmitInquiry: func(ctx context.Context, request any) (any, error) {
			in, err := s.SubmitInquiry(ctx, request.(catalog.Inquiry))
			if err != nil {
				return nil, err
			}
			return inquiryResponse{ID: in.ID, CreatedAt: in.CreatedAt.Format("2006-01-02T15:04:05Z07:00")}, nil
		},
	}
}
