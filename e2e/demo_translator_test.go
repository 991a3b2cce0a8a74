package e2e

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"linguaport/internal/proc"
)

// poolWithin bounds how long a change takes to show in the job pool: the events cross Redis
// from an outbox to svc-orders' read model, and a service that was stopped has to be back in
// the gateway's list first.
const poolWithin = 30 * time.Second

// demoTranslatorSession signs in as the translator `make up` seeds (README "demo accounts").
func demoTranslatorSession(t *testing.T, s *devstack) map[string]string {
	t.Helper()
	st, body, set := call(t, s, "POST", "/api/v1/auth/login", map[string]any{"email": "tercuman@linguaport.local", "password": "Tercuman-Demo-2026"}, nil)
	if st != 200 || set["authToken"] == nil {
		t.Fatalf("demo translator's sign-in: %d %v", st, body)
	}
	return map[string]string{"authToken": set["authToken"].Value}
}

// newcomersPaidOrder is what a newcomer does: register, ask for a Turkish → English professional
// translation, approve the quote and pay its invoice by card on the payment stand-in's page. It
// answers the order's id once svc-orders has it in_progress (paid, in the pool).
func newcomersPaidOrder(t *testing.T, s *devstack) string {
	t.Helper()
	orderID, _ := newcomersPaidOrderAs(t, s)
	return orderID
}

// newcomersPaidOrderAs is newcomersPaidOrder answering the newcomer's session too.
func newcomersPaidOrderAs(t *testing.T, s *devstack) (string, map[string]string) {
	t.Helper()
	email := fmt.Sprintf("newcomer-%d@example.com", time.Now().UnixNano())
	st, body, set := call(t, s, "POST", "/api/v1/auth/register", map[string]any{
		"fullName": "Yeni Müşteri", "email": email, "password": "Uzun-Bir-Parola-9", "confirmPassword": "Uzun-Bir-Parola-9", "acceptTerms": true,
	}, nil)
	if st != 201 {
		t.Fatalf("register: %d %v", st, body)
	}
	session := map[string]string{"authToken": set["authToken"].Value}
	st, q, _ := call(t, s, "POST", "/api/v1/orders/quotes", map[string]any{"service": "professional-translation", "sourceLanguage": "tr",
		"targetLanguages": []string{"en"}, "quantity": 400, "currency": "TRY", "brief": "Demo tercümanın havuzu"}, session)
	if st != 201 {
		t.Fatalf("quote: %d %v", st, q)
	}
	saveBillingDetails(t, s, session)
	st, approved, _ := call(t, s, "POST", "/api/v1/orders/quotes/"+q["id"].(string)+"/approve", acceptingContract(t, s, q["id"].(string), session), session)
	order, _ := approved["order"].(map[string]any)
	if st != 200 || order == nil {
		t.Fatalf("approve: %d %v", st, approved)
	}
	orderID := order["id"].(string)
	invoiceID := invoiceOf(t, s, session, orderID)
	payOnStandIn(t, s, session, invoiceID, "newcomer-"+invoiceID, email)
	waitOrderStatus(t, s, session, orderID, "in_progress")
	return orderID, session
}

// inPool asks the translator's pool whether it offers the order; err when the pool did not answer
// 200.
func inPool(s *devstack, session map[string]string, orderID string) (bool, map[string]any, error) {
	st, pool, err := try(s, "GET", "/api/v1/orders/pool", nil, session)
	if err != nil || st != 200 {
		return false, pool, fmt.Errorf("pool: %d %v %v", st, pool, err)
	}
	return slices.ContainsFunc(asList(pool["jobs"]), func(j any) bool { return j.(map[string]any)["id"] == orderID }), pool, nil
}

// waitPool waits until the order is (want) or is not in the translator's pool.
func waitPool(s *devstack, session map[string]string, orderID string, want bool) error {
	return proc.WaitFor(poolWithin, func() error {
		has, pool, err := inPool(s, session, orderID)
		if err != nil {
			return err
		}
		if has != want {
			return fmt.Errorf("order %s in the pool: %v, want %v (%v)", orderID, has, want, pool)
		}
		return nil
	})
}

// testNewcomersOrderInDemoPool: out of the box (`make up` seeds the demo translator's profile:
// Turkish ↔ English, professional translation), a newcomer's paid Turkish → English order is in
// the demo translator's pool, nothing set up by hand. It answers the order's id.
func testNewcomersOrderInDemoPool(t *testing.T, s *devstack) string {
	orderID := newcomersPaidOrder(t, s)
	began := time.Now()
	if err := waitPool(s, demoTranslatorSession(t, s), orderID, true); err != nil {
		t.Fatalf("the newcomer's paid order is not in the demo translator's pool: %v", err)
	}
	t.Logf("the newcomer's paid order %s showed in the demo translator's pool %v after it started", orderID, time.Since(began).Round(time.Millisecond))
	return orderID
}

// testProfileChangedWhileOrdersDown: svc-orders is stopped (SIGSTOP: it holds its port and
// answers nothing) until Consul no longer lists it as passing, so to the gateway it is down; then
// the demo translator drops Turkish → English from their competencies through svc-translators.
// Once svc-orders runs again its read model catches up from events:translators: the paid tr→en
// order leaves their pool and they may not claim it; putting the competencies back brings it back.
func testProfileChangedWhileOrdersDown(t *testing.T, s *devstack, orderID string) {
	session := demoTranslatorSession(t, s)
	if err := waitPool(s, session, orderID, true); err != nil {
		t.Fatalf("before the fault: %v", err)
	}
	// The competencies as they are, to change and to put back.
	var seeded map[string]any
	if err := proc.WaitFor(recoverWithin, func() error {
		st, p, err := try(s, "GET", "/api/v1/translators/profile", nil, session)
		if seeded, _ = p["competencies"].(map[string]any); err != nil || st != 200 || seeded == nil {
			return fmt.Errorf("profile: %d %v %v", st, p, err)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	changed := maps.Clone(seeded)
	changed["pairs"] = []map[string]string{{"source": "en", "target": "tr"}}
	put := func(competencies map[string]any) {
		t.Helper()
		if err := proc.WaitFor(recoverWithin, func() error {
			if st, body, err := try(s, "PUT", "/api/v1/translators/profile/competencies", competencies, session); err != nil || st != 200 {
				return fmt.Errorf("competencies: %d %v %v", st, body, err)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}

	pid := childByComm(t, s.cmd.Process.Pid, "svc-orders")
	if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
				t.Fatal(err)
			}
		}
	}
	defer resume()
	if err := proc.WaitFor(recoverWithin, func() error {
		if slices.Contains(passingServices(t, s), "svc-orders") {
			return errors.New("svc-orders still passes its checks")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	put(changed)
	rdb := redis.NewClient(&redis.Options{Addr: s.redis})
	defer rdb.Close()
	if err := proc.WaitFor(poolWithin, func() error {
		msgs, err := rdb.XRevRangeN(context.Background(), "events:translators", "+", "-", 20).Result()
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Values["type"] == "translator.profile_changed" && strings.Contains(fmt.Sprint(m.Values["data"]), `"pairs":[{"source":"en","target":"tr"}]`) {
				return nil
			}
		}
		return errors.New("the change is not on events:translators")
	}); err != nil {
		t.Fatal(err)
	}
	resume()
	began := time.Now()
	if err := waitPool(s, session, orderID, false); err != nil {
		t.Fatalf("the change made while svc-orders was down did not reach it: %v\n%s", err, tailLogs(s.dataDir))
	}
	t.Logf("svc-orders had the change %v after it was resumed", time.Since(began).Round(time.Millisecond))
	if st, body, err := try(s, "POST", "/api/v1/orders/orders/"+orderID+"/claim", nil, session); err != nil || st != 409 || errCode(body) != "not_eligible" {
		t.Errorf("claim without the pair: %d %v %v, want 409 not_eligible", st, body, err)
	}

	put(seeded)
	if err := waitPool(s, session, orderID, true); err != nil {
		t.Errorf("with the competencies back the job did not come back: %v", err)
	}
}
