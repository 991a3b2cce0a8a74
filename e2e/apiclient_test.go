package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"linguaport/e2e/apiclient"
	"linguaport/internal/proc"
)

// testAPIClient: the OpenAPI document is usable as published. A kept generator (oapi-codegen)
// makes a Go client of the document the gateway serves, which must be the client committed in
// e2e/apiclient (`make apiclient` writes it); that client, with an API key, then drives an
// integrator's flow through nginx and the gateway.
func testAPIClient(t *testing.T, s *devstack) {
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	doc := loadAPIDoc(t, s)
	dir := t.TempDir()
	served := filepath.Join(dir, "openapi.json")
	if err := os.WriteFile(served, doc.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	gen := exec.Command(filepath.Join(root, ".bin", "oapi-codegen"), "-config", filepath.Join(root, "e2e", "apiclient", "oapi-codegen.yaml"), served)
	var stderr bytes.Buffer
	gen.Stderr = &stderr
	want, err := gen.Output()
	if err != nil {
		t.Fatalf("oapi-codegen on the served document (make test-tools builds it): %v\n%s", err, stderr.String())
	}
	have, _ := os.ReadFile(filepath.Join(root, "e2e", "apiclient", "client.gen.go"))
	if !bytes.Equal(want, have) {
		t.Fatalf("e2e/apiclient/client.gen.go is not what the served document generates: run make apiclient")
	}

	// An integrator: a key made in the panel, then only the generated client.
	email := fmt.Sprintf("client-%d@example.com", time.Now().UnixNano())
	st, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "İstemci Müşteri", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if st != 201 {
		t.Fatalf("register: %d %v", st, body)
	}
	st, key, _ := call(t, s, "POST", "/api/v1/auth/keys", map[string]any{"name": "generated client", "scope": "read+write"},
		map[string]string{"authToken": set["authToken"].Value})
	if st != 201 {
		t.Fatalf("key: %d %v", st, key)
	}
	secret := key["secret"].(string)
	client, err := apiclient.NewClientWithResponses(s.web, apiclient.WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		req.Header.Set("Authorization", "Bearer "+secret)
		req.Header.Set("Accept-Language", "en")
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := newHookReceiver(t, nil)
	idem := apiclient.IdempotencyKey(fmt.Sprintf("endpoint-%d", time.Now().UnixNano()))
	description := "generated client"
	made, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{IdempotencyKey: &idem},
		apiclient.AuthWebhookSettings{Url: r.url, Description: &description, Types: []apiclient.AuthWebhookType{apiclient.AuthWebhookTypeOrderPaid}})
	if err != nil || made.JSON201 == nil {
		t.Fatalf("create an endpoint: %v %d %s", err, made.StatusCode(), made.Body)
	}
	// The same request again with its Idempotency-Key: the same endpoint, not a second.
	again, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{IdempotencyKey: &idem},
		apiclient.AuthWebhookSettings{Url: r.url, Description: &description, Types: []apiclient.AuthWebhookType{apiclient.AuthWebhookTypeOrderPaid}})
	if err != nil || again.JSON201 == nil || again.JSON201.Id != made.JSON201.Id {
		t.Fatalf("the same request again: %v %d %s", err, again.StatusCode(), again.Body)
	}
	r.mu.Lock()
	r.secret = made.JSON201.Secret
	r.mu.Unlock()
	id := made.JSON201.Id
	if sent, err := client.SendWebhookTestWithResponse(ctx, id, &apiclient.SendWebhookTestParams{}); err != nil || sent.JSON202 == nil {
		t.Fatalf("test event: %v %d %s", err, sent.StatusCode(), sent.Body)
	}
	if err := proc.WaitFor(20*time.Second, func() error {
		page, err := client.ListWebhookDeliveriesWithResponse(ctx, id, &apiclient.ListWebhookDeliveriesParams{})
		if err != nil || page.JSON200 == nil {
			return fmt.Errorf("deliveries: %v", err)
		}
		if len(page.JSON200.Deliveries) != 1 || page.JSON200.Deliveries[0].State != apiclient.AuthWebhookDeliveryStateDelivered {
			return fmt.Errorf("deliveries: %s", page.Body)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := r.got(); len(got) != 1 || got[0].Type != "webhook.test" {
		t.Fatalf("the receiver got %+v", got)
	}
	list, err := client.ListWebhookEndpointsWithResponse(ctx)
	if err != nil || list.JSON200 == nil || len(list.JSON200.Endpoints) != 1 {
		t.Fatalf("list: %v %s", err, list.Body)
	}
	// A refusal arrives as the document's error object, in the request's language.
	bad, err := client.CreateWebhookEndpointWithResponse(ctx, &apiclient.CreateWebhookEndpointParams{},
		apiclient.AuthWebhookSettings{Url: "ftp://example.com", Types: []apiclient.AuthWebhookType{apiclient.AuthWebhookTypeOrderPaid}})
	if err != nil || bad.StatusCode() != 400 || bad.JSONDefault == nil || bad.JSONDefault.Error.Code != "validation_failed" ||
		(*bad.JSONDefault.Error.Fields)["url"] == "" {
		t.Fatalf("a refused endpoint: %v %d %s", err, bad.StatusCode(), bad.Body)
	}
}
