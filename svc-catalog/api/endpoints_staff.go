package api

import (
	"context"
	"net/http"

	"github.com/go-kit/kit/endpoint"

	"linguaport/internal/authn"
	"linguaport/svc-catalog/catalog"
)

// StaffEndpoints are staff's operations as go-kit endpoints, and the audit log's handler
// (internal/audit serves GET admin/audit itself). Who changed what is recorded by the staff
// service's methods themselves (catalog.StaffService).
type StaffEndpoints struct {
	Posts, Post, CreatePost, UpdatePost, Preview, Publish, Unpublish, DeletePost endpoint.Endpoint
	FAQ, CreateFAQ, UpdateFAQ, DeleteFAQ                                         endpoint.Endpoint
	Testimonials, CreateTestimonial, UpdateTestimonial, DeleteTestimonial        endpoint.Endpoint
	Figures, UpdateFigures                                                       endpoint.Endpoint
	Inquiries, Inquiry, MarkHandled, Reply, Summary                              endpoint.Endpoint
	Audit                                                                        http.Handler
}

type idRequest struct{ ID string }
type updatePostRequest struct {
	ID string
	In catalog.PostInput
}
type previewRequest struct {
	Body string `json:"body"`
}
type previewResponse struct {
	HTML string `json:"html"`
}
type replyRequest struct {
	ID      string
	Message string `json:"message"`
}
type staffFAQResponse struct {
	Categories []string          `json:"categories"`
	Items      []catalog.FAQItem `json:"items"`
}

// staffFigures and staffTestimonial show staff the version the public answers leave out, even
// when it is 0 (the outer field wins over the embedded one's omitempty).
type staffFigures struct {
	catalog.Stats
	Version int64 `json:"version"`
}

type staffTestimonial struct {
	catalog.Testimonial
	Version int64 `json:"version"`
}

type staffTestimonialsResponse struct {
	Testimonials []staffTestimonial `json:"testimonials"`
}

func withVersion(t catalog.Testimonial, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return staffTestimonial{t, t.Version}, nil
}

func figuresWithVersion(st catalog.Stats, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return staffFigures{st, st.Version}, nil
}

// noContent answers 204.
type noContent struct{}

// makeStaffEndpoints wires each endpoint to s; audit serves GET admin/audit.
func makeStaffEndpoints(s catalog.StaffService, audit http.Handler) StaffEndpoints {
	id := func(r any) string { return r.(idRequest).ID }
	deleted := func(err error) (any, error) {
		if err != nil {
			return nil, err
		}
		return noContent{}, nil
	}
	return StaffEndpoints{
		Posts: func(ctx context.Context, r any) (any, error) { return s.Posts(ctx, r.(catalog.PostFilter)) },
		Post:  func(ctx context.Context, r any) (any, error) { return s.Post(ctx, id(r)) },
		CreatePost: func(ctx context.Context, r any) (any, error) {
			return s.CreatePost(ctx, r.(catalog.PostInput))
		},
		UpdatePost: func(ctx context.Context, r any) (any, error) {
			req := r.(updatePostRequest)
			return s.UpdatePost(ctx, req.ID, req.In)
		},
		Preview: func(ctx context.Context, r any) (any, error) {
			html, err := s.Preview(ctx, r.(previewRequest).Body)
			return previewResponse{html}, err
		},
		Publish:    func(ctx context.Context, r any) (any, error) { return s.Publish(ctx, id(r)) },
		Unpublish:  func(ctx context.Context, r any) (any, error) { return s.Unpublish(ctx, id(r)) },
		DeletePost: func(ctx context.Context, r any) (any, error) { return deleted(s.DeletePost(ctx, id(r))) },
		FAQ: func(ctx context.Context, _ any) (any, error) {
			items, err := s.FAQ(ctx)
			return staffFAQResponse{Categories: catalog.FAQCategories, Items: items}, err
		},
		CreateFAQ: func(ctx context.Context, r any) (any, error) { return s.CreateFAQ(ctx, r.(catalog.FAQItem)) },
		UpdateFAQ: func(ctx context.Context, r any) (any, error) { return s.UpdateFAQ(ctx, r.(catalog.FAQItem)) },
		DeleteFAQ: func(ctx context.Context, r any) (any, error) { return deleted(s.DeleteFAQ(ctx, id(r))) },
		Testimonials: func(ctx context.Context, _ any) (any, error) {
			list, err := s.Testimonials(ctx)
			out := make([]staffTestimonial, len(list))
			for i, t := range list {
				out[i] = staffTestimonial{t, t.Version}
			}
			return staffTestimonialsResponse{out}, err
		},
		CreateTestimonial: func(ctx context.Context, r any) (any, error) {
			return withVersion(s.CreateTestimonial(ctx, r.(catalog.Testimonial)))
		},
		UpdateTestimonial: func(ctx context.Context, r any) (any, error) {
			return withVersion(s.UpdateTestimonial(ctx, r.(catalog.Testimonial)))
		},
		DeleteTestimonial: func(ctx context.Context, r any) (any, error) {
			return deleted(s.DeleteTestimonial(ctx, id(r)))
		},
		Figures: func(ctx context.Context, _ any) (any, error) { return figuresWithVersion(s.Figures(ctx)) },
		UpdateFigures: func(ctx context.Context, r any) (any, error) {
			return figuresWithVersion(s.UpdateFigures(ctx, r.(catalog.Stats)))
		},
		Inquiries: func(ctx context.Context, r any) (any, error) {
			return s.Inquiries(ctx, r.(catalog.InquiryFilter))
		},
		Inquiry: func(ctx context.Context, r any) (any, error) { return s.Inquiry(ctx, id(r)) },
		// The staff member who handles or answers an inquiry is named on it.
		MarkHandled: func(ctx context.Context, r any) (any, error) {
			return s.MarkHandled(ctx, authn.CallerFrom(ctx), id(r))
		},
		Reply: func(ctx context.Context, r any) (any, error) {
			req := r.(replyRequest)
			return s.Reply(ctx, authn.CallerFrom(ctx), req.ID, req.Message)
		},
		Summary: func(ctx context.Context, _ any) (any, error) { return s.Summary(ctx) },
		Audit:   audit,
	}
}
