package api_test

import (
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
)

// pastJobs is the ids of a page of the translator's past jobs, and the whole answer.
func (f *fixture) pastJobs(t *testing.T, token, query string) ([]string, answer) {
	t.Helper()
	a := f.send(t, "GET", "/api/v1/orders/jobs/past"+query, "en", token, nil)
	if a.status != 200 {
		return nil, a
	}
	var ids []string
	for _, j := range a.body["jobs"].([]any) {
		ids = append(ids, j.(map[string]any)["id"].(string))
	}
	return ids, a
}

func TestPastJobsListDeliveredAndCompletedNewestFirst(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-past")
	translator := f.tokenFor("tr-past", authn.RoleTranslator)
	other := f.tokenFor("tr-other", authn.RoleTranslator)

	first := f.paidAndAssigned(t, customer, "tr-past")
	second := f.paidAndAssigned(t, customer, "tr-past")
	onDesk := f.paidAndAssigned(t, customer, "tr-past")
	f.deliver(t, translator, first)
	f.clock.advance(time.Minute)
	f.deliver(t, translator, second)
	if a := f.send(t, "POST", "/api/v1/orders/orders/"+first+"/complete", "en", customer, nil); a.status != 200 {
		t.Fatalf("complete: %d %s", a.status, a.raw)
	}

	ids, a := f.pastJobs(t, translator, "")
	if a.status != 200 || len(ids) != 2 || ids[0] != second || ids[1] != first {
		t.Fatalf("past jobs: want [%s %s] (not %s, still on the desk): %d %s", second, first, onDesk, a.status, a.raw)
	}
	if a.body["more"] != false {
		t.Errorf("more: %v", a.body["more"])
	}
	jobs := a.body["jobs"].([]any)
	newest, oldest := jobs[0].(map[string]any), jobs[1].(map[string]any)
	if newest["status"] != "delivered" || oldest["status"] != "completed" || oldest["completedAt"] == nil || newest["deliveredAt"] == nil {
		t.Errorf("states: %v / %v", newest, oldest)
	}
	if newest["number"] == "" || len(newest["files"].([]any)) != 1 || len(newest["deliveries"].([]any)) != 1 {
		t.Errorf("number and files: %s", a.raw)
	}
	// The timeline as the translator reads it: staff's assignment is there, who made it is not.
	var steps []string
	for _, h := range oldest["history"].([]any) {
		e := h.(map[string]any)
		if e["by"] != nil {
			t.Errorf("a staff member is named to the translator: %v", e)
		}
		steps = append(steps, e["status"].(string))
	}
	if strings.Join(steps, ",") != "awaiting_payment,in_progress,assigned,delivered,completed" {
		t.Errorf("history: %v", steps)
	}
	if pay, _ := newest["pay"].(map[string]any); pay == nil || obj(pay, "usd")["amount"].(float64) <= 0 || obj(pay, "try")["formatted"] == "" {
		t.Errorf("pay: %v", newest["pay"])
	}

	// The page after a job starts below it.
	if ids, a := f.pastJobs(t, translator, "?before="+second); len(ids) != 1 || ids[0] != first {
		t.Errorf("after %s: %v %s", second, ids, a.raw)
	}
	// Another translator has none, and may not page from someone else's job.
	if ids, a := f.pastJobs(t, other, ""); a.status != 200 || len(ids) != 0 {
		t.Errorf("another translator: %v %s", ids, a.raw)
	}
	if _, a := f.pastJobs(t, other, "?before="+first); a.status != 400 {
		t.Errorf("someone else's cursor: %d %s", a.status, a.raw)
	}
	if _, a := f.pastJobs(t, translator, "?before=nope"); a.status != 400 || a.message() == "" {
		t.Errorf("unknown cursor: %d %s", a.status, a.raw)
	}
	if _, a := f.pastJobs(t, translator, "?page=2"); a.status != 400 {
		t.Errorf("unknown parameter: %d %s", a.status, a.raw)
	}
	// Past jobs are translators' only.
	for _, token := range []string{customer, f.token(authn.RoleAdmin)} {
		if _, a := f.pastJobs(t, token, ""); a.status != 403 {
			t.Errorf("not a translator: %d %s", a.status, a.raw)
		}
	}
}
