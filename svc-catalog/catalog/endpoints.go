package catalog

import (
	"context"

	"github.com/go-kit/kit/endpoint"
)

// Endpoints are the catalogue's operations as go-kit endpoints.
type Endpoints struct {
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
	Services []ServiceEntry `json:"services"`
}
type languagesResponse struct {
	Languages []Language `json:"languages"`
}
type faqResponse struct {
	Categories []string   `json:"categories"`
	Items      []FAQEntry `json:"items"`
}
type testimonialsResponse struct {
	Testimonials []Testimonial `json:"testimonials"`
}
type inquiryResponse struct {
	ID        string `json:"id"`
	CreatedAt string `json:"createdAt"`
}

// MakeEndpoints wires each endpoint to s.
func MakeEndpoints(s Service) Endpoints {
	return Endpoints{
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
			return faqResponse{Categories: FAQCategories, Items: v}, err
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
			in, err := s.SubmitInquiry(ctx, request.(Inquiry))
			if err != nil {
				return nil, err
			}
			return inquiryResponse{ID: in.ID, CreatedAt: in.CreatedAt.Format("2006-01-02T15:04:05Z07:00")}, nil
		},
	}
}
