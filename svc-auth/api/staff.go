package api

import (
	"context"
	"net/http"
	"strings"

	"linguaport/internal/authn"
	"linguaport/svc-auth/auth"
)

// Staff's views of the accounts: their endpoints and decoders (auth/staff.go is the service).

type customersRequest struct{ Q, Sort, Before string }

type usersResponse struct {
	Users []auth.UserRef `json:"users"`
}

// withStaff adds staff's endpoints over st; each lets only staff through, whatever the route's
// wiring (routes.go declares them admin-only).
func (e Endpoints) withStaff(st auth.Staff) Endpoints {
	only := func(next func(ctx context.Context, request any) (any, error)) func(ctx context.Context, request any) (any, error) {
		return func(ctx context.Context, request any) (any, error) {
			if err := authn.Authorize(ctx, authn.RoleAdmin); err != nil {
				return nil, err
			}
			return next(ctx, request)
		}
	}
	e.AdminCustomers = only(func(ctx context.Context, request any) (any, error) {
		r := request.(customersRequest)
		return st.Customers(ctx, r.Q, r.Sort, r.Before)
	})
	e.AdminCustomer = only(func(ctx context.Context, request any) (any, error) {
		return st.Customer(ctx, request.(string))
	})
	e.AdminUsers = only(func(ctx context.Context, request any) (any, error) {
		users, err := st.Users(ctx, request.([]string))
		return usersResponse{Users: users}, err
	})
	e.AdminStaff = only(func(ctx context.Context, _ any) (any, error) {
		users, err := st.StaffMembers(ctx)
		return usersResponse{Users: users}, err
	})
	return e
}

func decodeCustomers(_ context.Context, r *http.Request) (any, error) {
	q := r.URL.Query()
	return customersRequest{Q: q.Get("q"), Sort: q.Get("sort"), Before: q.Get("before")}, nil
}

func decodePathID(_ context.Context, r *http.Request) (any, error) { return r.PathValue("id"), nil }

// decodeUserIDs reads ids=a,b,c (also repeated ids=).
func decodeUserIDs(_ context.Context, r *http.Request) (any, error) {
	var ids []string
	for _, v := range r.URL.Query()["ids"] {
		ids = append(ids, strings.Split(v, ",")...)
	}
	return ids, nil
}
