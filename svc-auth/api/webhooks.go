package api

import (
	"context"
	"errors"
	"net/http"

	"linguaport/internal/authn"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-auth/webhooks"
)

// Webhooks (svc-auth/webhooks): a customer's endpoints, from the panel or with an API key (an
// integrator registers its own), their secrets, their delivery logs, replays and test events.

type (
	// space is the space a signed-in customer's panel asks about: ?space=sandbox is their
	// sandbox's endpoints (what their sandbox keys registered and its deliveries), anything else
	// their live ones. A key's requests are in its own space whatever they ask.
	space           struct{ Sandbox bool }
	spaceRequest    struct{ space }
	endpointRequest struct {
		space
		ID string
	}
	endpointSettings struct {
		space
		ID string
		webhooks.Settings
	}
	deliveryRequest struct {
		space
		ID, Delivery string
	}
	deliveryPage struct {
		space
		ID, After string
	}
	endpointList struct {
		Endpoints []webhooks.Endpoint `json:"endpoints"`
		// Types are the event types an endpoint can pick.
		Types []webhooks.Type `json:"types"`
	}
)

// WithWebhooks adds the endpoints' routes over w.
func (e Endpoints) WithWebhooks(w webhooks.Service) Endpoints {
	caller := func(ctx context.Context, request any) authn.Caller {
		c := authn.CallerFrom(ctx)
		if r, ok := request.(interface{ inSandbox() bool }); ok && r.inSandbox() && c.Key == "" && c.Role == authn.RoleCustomer && !c.Sandbox {
			c.ID, c.Sandbox = authn.SandboxID(c.ID), true
		}
		return c
	}
	e.WebhooksList = func(ctx context.Context, request any) (any, error) {
		list, err := w.List(ctx, caller(ctx, request))
		return endpointList{Endpoints: list, Types: webhooks.Types}, err
	}
	e.WebhookCreate = func(ctx context.Context, request any) (any, error) {
		created, err := w.Create(ctx, caller(ctx, request), request.(endpointSettings).Settings)
		return withStatus{http.StatusCreated, created}, err
	}
	e.WebhookGet = func(ctx context.Context, request any) (any, error) {
		return w.Get(ctx, caller(ctx, request), request.(endpointRequest).ID)
	}
	e.WebhookUpdate = func(ctx context.Context, request any) (any, error) {
		r := request.(endpointSettings)
		return w.Update(ctx, caller(ctx, request), r.ID, r.Settings)
	}
	e.WebhookDelete = func(ctx context.Context, request any) (any, error) {
		return noContent{}, w.Delete(ctx, caller(ctx, request), request.(endpointRequest).ID)
	}
	e.WebhookSecret = func(ctx context.Context, request any) (any, error) {
		return w.Secret(ctx, caller(ctx, request), request.(endpointRequest).ID)
	}
	e.WebhookRotate = func(ctx context.Context, request any) (any, error) {
		return w.Rotate(ctx, caller(ctx, request), request.(endpointRequest).ID)
	}
	e.WebhookEnable = func(ctx context.Context, request any) (any, error) {
		return w.Enable(ctx, caller(ctx, request), request.(endpointRequest).ID)
	}
	e.WebhookDisable = func(ctx context.Context, request any) (any, error) {
		return w.Disable(ctx, caller(ctx, request), request.(endpointRequest).ID)
	}
	e.WebhookTest = func(ctx context.Context, request any) (any, error) {
		d, err := w.SendTest(ctx, caller(ctx, request), request.(endpointRequest).ID)
		return withStatus{http.StatusAccepted, d}, err
	}
	e.WebhookDeliveries = func(ctx context.Context, request any) (any, error) {
		r := request.(deliveryPage)
		return w.Deliveries(ctx, caller(ctx, request), r.ID, r.After)
	}
	e.WebhookDelivery = func(ctx context.Context, request any) (any, error) {
		r := request.(deliveryRequest)
		return w.Delivery(ctx, caller(ctx, request), r.ID, r.Delivery)
	}
	e.WebhookReplay = func(ctx context.Context, request any) (any, error) {
		r := request.(deliveryRequest)
		d, err := w.Replay(ctx, caller(ctx, request), r.ID, r.Delivery)
		return withStatus{http.StatusAccepted, d}, err
	}
	return e
}

// decodeEndpointSettings reads an endpoint's settings, strictly: a misspelt field is refused, not
// silently dropped.
func decodeEndpointSettings(_ context.Context, r *http.Request) (any, error) {
	var b webhooks.Settings
	if err := httpx.DecodeJSONStrict(r, maxBody, &b); err != nil {
		return nil, err
	}
	return endpointSettings{space: spaceOf(r), ID: r.PathValue("id"), Settings: b}, nil
}

func decodeSpace(_ context.Context, r *http.Request) (any, error) {
	return spaceRequest{spaceOf(r)}, nil
}

func decodeEndpointID(_ context.Context, r *http.Request) (any, error) {
	return endpointRequest{space: spaceOf(r), ID: r.PathValue("id")}, nil
}

func decodeDeliveryID(_ context.Context, r *http.Request) (any, error) {
	return deliveryRequest{space: spaceOf(r), ID: r.PathValue("id"), Delivery: r.PathValue("delivery")}, nil
}

func decodeDeliveryPage(_ context.Context, r *http.Request) (any, error) {
	return deliveryPage{space: spaceOf(r), ID: r.PathValue("id"), After: r.URL.Query().Get("after")}, nil
}

func spaceOf(r *http.Request) space { return space{Sandbox: r.URL.Query().Get("space") == "sandbox"} }

func (s space) inSandbox() bool { return s.Sandbox }

// The webhooks' refusals.
var (
	problemWebhooksCustomers = httpx.NewProblem(http.StatusForbidden, "webhooks_for_customers", i18n.Text{
		TR: "Webhook uç noktaları yalnızca müşteri hesaplarına verilir.", EN: "Webhook endpoints are only for customer accounts.",
	})
	problemWebhooksTooMany = httpx.NewProblem(http.StatusConflict, "too_many_endpoints", i18n.Text{
		TR: "En çok 20 webhook uç noktanız olabilir; yenisini eklemeden önce birini silin.",
		EN: "You can have at most 20 webhook endpoints; delete one before adding another.",
	})
	problemWebhookDisabled = httpx.NewProblem(http.StatusConflict, "endpoint_disabled", i18n.Text{
		TR: "Bu uç nokta kapalı; önce etkinleştirin.", EN: "This endpoint is disabled; enable it first.",
	})
	problemDeliveryBusy = httpx.NewProblem(http.StatusConflict, "delivery_pending", i18n.Text{
		TR: "Bu gönderim hâlâ deneniyor; bitince yeniden gönderebilirsiniz.",
		EN: "This delivery is still being attempted; you can resend it once it is done.",
	})
	problemDeliveryTooOften = httpx.NewProblem(http.StatusConflict, "delivery_tried_too_often", i18n.Text{
		TR: "Bu gönderim çok kez denendi; yeniden gönderilemez.", EN: "This delivery has been attempted too often to resend.",
	})
	problemNoDelivery = httpx.NewProblem(http.StatusNotFound, "delivery_not_found", i18n.Text{
		TR: "Bu uç noktanın son 14 günde böyle bir gönderimi yok.", EN: "This endpoint has no such delivery in the last 14 days.",
	})
)

// webhookFieldMessages word the reasons an endpoint's settings are refused.
var webhookFieldMessages = map[string]i18n.Text{
	webhooks.ReasonURL:         {TR: "Geçerli bir http(s) adresi girin; kullanıcı adı ve parola içermemeli.", EN: "Enter a valid http(s) URL, without a user name or password."},
	webhooks.ReasonHTTPS:       {TR: "Adres https ile başlamalı.", EN: "The URL must start with https."},
	webhooks.ReasonPrivate:     {TR: "Adres herkese açık bir sunucuya çıkmalı; yerel ve özel ağ adresleri kabul edilmez.", EN: "The URL must lead to a public server; local and private network addresses are refused."},
	webhooks.ReasonTypes:       {TR: "En az bir olay türü seçin.", EN: "Pick at least one event type."},
	webhooks.ReasonUnknownType: {TR: "Bilinmeyen olay türü; API belgesindeki türlerden seçin.", EN: "Unknown event type; pick from the types in the API documentation."},
}

// webhookProblem maps the webhooks' errors to their answers; nil for another error.
func webhookProblem(err error) *httpx.Problem {
	switch {
	case errors.Is(err, webhooks.ErrNotFound):
		return httpx.ErrNotFound
	case errors.Is(err, webhooks.ErrNoDelivery):
		return problemNoDelivery
	case errors.Is(err, webhooks.ErrNotCustomer):
		return problemWebhooksCustomers
	case errors.Is(err, webhooks.ErrTooMany):
		return problemWebhooksTooMany
	case errors.Is(err, webhooks.ErrDisabled):
		return problemWebhookDisabled
	case errors.Is(err, webhooks.ErrNotReplayable):
		return problemDeliveryBusy
	case errors.Is(err, webhooks.ErrTooManyTries):
		return problemDeliveryTooOften
	}
	return nil
}
