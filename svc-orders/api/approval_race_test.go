package api_test

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Parallel approvals of one quote (a double click, two tabs) open one order and take one order
// number: the next approval gets the next number, with no gap.
func TestParallelApprovalsTakeOneOrderNumber(t *testing.T) {
	f := newFixture(t)
	customer := f.customer("cust-race")
	qid := f.newQuote(t, customer)

	const parallel = 8
	answers := make([]answer, parallel)
	var wg sync.WaitGroup
	for i := range parallel {
		wg.Go(func() { answers[i] = f.approve(t, qid, "en", customer, 0) })
	}
	wg.Wait()
	first := obj(answers[0].body, "order")
	for i, a := range answers {
		o := obj(a.body, "order")
		if a.status != 200 || o["id"] != first["id"] || o["number"] != first["number"] {
			t.Fatalf("approval %d: %d %s (first order %v %v)", i, a.status, a.raw, first["id"], first["number"])
		}
	}

	next := f.approve(t, f.newQuote(t, customer), "en", customer, 0)
	if next.status != 200 {
		t.Fatalf("next approval: %d %s", next.status, next.raw)
	}
	if got, want := obj(next.body, "order")["number"], successor(t, first["number"].(string)); got != want {
		t.Errorf("the next order is %v, want %s: the parallel approvals left a gap", got, want)
	}
}

// successor is the order number after n ("O-2026-00007" → "O-2026-00008").
func successor(t *testing.T, n string) string {
	t.Helper()
	i := strings.LastIndex(n, "-")
	seq, err := strconv.Atoi(n[i+1:])
	if err != nil {
		t.Fatalf("order number %q: %v", n, err)
	}
	return fmt.Sprintf("%s-%05d", n[:i], seq+1)
}
