package catalog

import (
	"context"
	"log/slog"
	"time"

	"linguaport/internal/authn"
)

// StaffLoggingMiddleware logs every staff call with its duration and error (logging.Call's
// levels). Who changed what is the audit log's; contents and inquirers' data are not logged.
func StaffLoggingMiddleware(log *slog.Logger) func(StaffService) StaffService {
	return func(next StaffService) StaffService {
		return staffLogging{next: next, log: loggingMiddleware{log: log}}
	}
}

type staffLogging struct {
	next StaffService
	log  loggingMiddleware
}

func (m staffLogging) Posts(ctx context.Context, f PostFilter) (_ StaffPostPage, err error) {
	defer m.log.done(ctx, "Posts", time.Now(), &err)
	return m.next.Posts(ctx, f)
}

func (m staffLogging) Post(ctx context.Context, id string) (_ PostDetailStaff, err error) {
	defer m.log.done(ctx, "Post", time.Now(), &err)
	return m.next.Post(ctx, id)
}

func (m staffLogging) CreatePost(ctx context.Context, in PostInput) (_ Post, err error) {
	defer m.log.done(ctx, "CreatePost", time.Now(), &err)
	return m.next.CreatePost(ctx, in)
}

func (m staffLogging) UpdatePost(ctx context.Context, id string, in PostInput) (_ Post, err error) {
	defer m.log.done(ctx, "UpdatePost", time.Now(), &err)
	return m.next.UpdatePost(ctx, id, in)
}

func (m staffLogging) Preview(ctx context.Context, body string) (_ string, err error) {
	defer m.log.done(ctx, "Preview", time.Now(), &err)
	return m.next.Preview(ctx, body)
}

func (m staffLogging) Publish(ctx context.Context, id string) (_ Post, err error) {
	defer m.log.done(ctx, "Publish", time.Now(), &err)
	return m.next.Publish(ctx, id)
}

func (m staffLogging) Unpublish(ctx context.Context, id string) (_ Post, err error) {
	defer m.log.done(ctx, "Unpublish", time.Now(), &err)
	return m.next.Unpublish(ctx, id)
}

func (m staffLogging) DeletePost(ctx context.Context, id string) (err error) {
	defer m.log.done(ctx, "DeletePost", time.Now(), &err)
	return m.next.DeletePost(ctx, id)
}

func (m staffLogging) FAQ(ctx context.Context) (_ []FAQItem, err error) {
	defer m.log.done(ctx, "FAQ", time.Now(), &err)
	return m.next.FAQ(ctx)
}

func (m staffLogging) CreateFAQ(ctx context.Context, it FAQItem) (_ FAQItem, err error) {
	defer m.log.done(ctx, "CreateFAQ", time.Now(), &err)
	return m.next.CreateFAQ(ctx, it)
}

func (m staffLogging) UpdateFAQ(ctx context.Context, it FAQItem) (_ FAQItem, err error) {
	defer m.log.done(ctx, "UpdateFAQ", time.Now(), &err)
	return m.next.UpdateFAQ(ctx, it)
}

func (m staffLogging) DeleteFAQ(ctx context.Context, id string) (err error) {
	defer m.log.done(ctx, "DeleteFAQ", time.Now(), &err)
	return m.next.DeleteFAQ(ctx, id)
}

func (m staffLogging) Testimonials(ctx context.Context) (_ []Testimonial, err error) {
	defer m.log.done(ctx, "Testimonials", time.Now(), &err)
	return m.next.Testimonials(ctx)
}

func (m staffLogging) CreateTestimonial(ctx context.Context, t Testimonial) (_ Testimonial, err error) {
	defer m.log.done(ctx, "CreateTestimonial", time.Now(), &err)
	return m.next.CreateTestimonial(ctx, t)
}

func (m staffLogging) UpdateTestimonial(ctx context.Context, t Testimonial) (_ Testimonial, err error) {
	defer m.log.done(ctx, "UpdateTestimonial", time.Now(), &err)
	return m.next.UpdateTestimonial(ctx, t)
}

func (m staffLogging) DeleteTestimonial(ctx context.Context, id string) (err error) {
	defer m.log.done(ctx, "DeleteTestimonial", time.Now(), &err)
	return m.next.DeleteTestimonial(ctx, id)
}

func (m staffLogging) Figures(ctx context.Context) (_ Stats, err error) {
	defer m.log.done(ctx, "Figures", time.Now(), &err)
	return m.next.Figures(ctx)
}

func (m staffLogging) UpdateFigures(ctx context.Context, st Stats) (_ Stats, err error) {
	defer m.log.done(ctx, "UpdateFigures", time.Now(), &err)
	return m.next.UpdateFigures(ctx, st)
}

func (m staffLogging) Inquiries(ctx context.Context, f InquiryFilter) (_ InquiryPage, err error) {
	defer m.log.done(ctx, "Inquiries", time.Now(), &err)
	return m.next.Inquiries(ctx, f)
}

func (m staffLogging) Inquiry(ctx context.Context, id string) (_ Inquiry, err error) {
	defer m.log.done(ctx, "Inquiry", time.Now(), &err)
	return m.next.Inquiry(ctx, id)
}

func (m staffLogging) MarkHandled(ctx context.Context, caller authn.Caller, id string) (_ Inquiry, err error) {
	defer m.log.done(ctx, "MarkHandled", time.Now(), &err)
	return m.next.MarkHandled(ctx, caller, id)
}

func (m staffLogging) Reply(ctx context.Context, caller authn.Caller, id, message string) (_ Inquiry, err error) {
	defer m.log.done(ctx, "Reply", time.Now(), &err)
	return m.next.Reply(ctx, caller, id, message)
}

func (m staffLogging) Summary(ctx context.Context) (_ Summary, err error) {
	defer m.log.done(ctx, "Summary", time.Now(), &err)
	return m.next.Summary(ctx)
}
