package api

import (
	"context"

	kithttp "github.com/go-kit/kit/transport/http"

	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/support"
)

// Summary is the dashboard's counts of what waits for staff here.
type Summary struct {
	ApplicationsSubmitted int64 `json:"applicationsSubmitted"`
	TicketsOpen           int64 `json:"ticketsOpen"`
}

// summaryRoutes serve GET admin/summary: two counts, each on its status index.
func summaryRoutes(s Services) []route {
	ep := staffEndpoint(func(ctx context.Context, _ string, _ any) (any, error) {
		var sum Summary
		var err error
		if sum.ApplicationsSubmitted, err = s.Applications.Count(ctx, applications.Submitted); err != nil {
			return nil, err
		}
		if sum.TicketsOpen, err = s.Support.Count(ctx, support.Open); err != nil {
			return nil, err
		}
		return sum, nil
	})
	return []route{{"GET /api/v1/translators/admin/summary", kithttp.NewServer(ep, decodeNoBody, encodePrivate, serverOptions...)}}
}
