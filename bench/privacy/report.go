package main

import (
	"archive/zip"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"strings"
	"time"
)

// What is measured and written: B's samples and their percentiles, the copy's contents, the
// report's tables and the copy's trace from Jaeger.

// sample is one timed request: when it started and ended, or why it failed.
type sample struct {
	start, end time.Time
	fail       string
}

func (s sample) took() time.Duration { return s.end.Sub(s.start) }

// runRounds sends n rounds of the requests, one after another (latency, not throughput), each
// round one of every kind, so that every kind meets the same moments of the copy.
func runRounds(ops []op, n int) map[string][]sample {
	out := map[string][]sample{}
	for range n {
		for _, o := range ops {
			start := time.Now()
			status, raw, err := o.call()
			s := sample{start: start, end: time.Now()}
			if err != nil || status != o.want {
				s.fail = fmt.Sprintf("%d %.200s %v", status, strings.TrimSpace(string(raw)), err)
			}
			out[o.name] = append(out[o.name], s)
		}
	}
	return out
}

// roundEvery spaces B's rounds (-round-every): at 0 B sends one request as soon as the last has
// answered, and with the stack on the same two cores that keeps them near full, where any
// other work, however small, lengthens B's queue; spaced, B is a busy customer among others.
var roundEvery time.Duration

// runFor sends rounds of the requests, as runRounds does, for d.
func runFor(ops []op, d time.Duration) map[string][]sample {
	stop := make(chan struct{})
	time.AfterFunc(d, func() { close(stop) })
	return runWhile(ops, stop)
}

// runWhile sends rounds of the requests, as runRounds does, until stop is closed.
func runWhile(ops []op, stop <-chan struct{}) map[string][]sample {
	out := map[string][]sample{}
	for {
		select {
		case <-stop:
			return out
		default:
		}
		began := time.Now()
		for name, list := range runRounds(ops, 1) {
			out[name] = append(out[name], list...)
		}
		time.Sleep(roundEvery - time.Since(began))
	}
}

// stats are the percentiles of the successful samples among list that keep says to.
type stats struct {
	n, failures        int
	p50, p95, p99, max time.Duration
}

func statsOf(list []sample, keep func(sample) bool) stats {
	var st stats
	var took []time.Duration
	for _, s := range list {
		if keep != nil && !keep(s) {
			continue
		}
		if s.fail != "" {
			st.failures++
			continue
		}
		took = append(took, s.took())
	}
	slices.Sort(took)
	st.n = len(took)
	if len(took) > 0 {
		st.p50, st.p95, st.p99 = took[len(took)*50/100], took[min(len(took)-1, len(took)*95/100)], took[min(len(took)-1, len(took)*99/100)]
		st.max = took[len(took)-1]
	}
	return st
}

func summary(list []sample) string {
	st := statsOf(list, nil)
	return fmt.Sprintf("p50 %s p95 %s (%d, %d failed)", ms(st.p50), ms(st.p95), st.n, st.failures)
}

// copyContent is what the ZIP holds.
type copyContent struct {
	names   []string
	sizes   map[string]int
	folders map[string]int
	// counts are the entries of the lists checked: "orders/orders.json orders" and so on.
	counts map[string]int
}

func readCopy(zipped []byte) (copyContent, error) {
	zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
	if err != nil {
		return copyContent{}, fmt.Errorf("the copy is no ZIP: %w", err)
	}
	c := copyContent{sizes: map[string]int{}, folders: map[string]int{}, counts: map[string]int{}}
	lists := map[string]string{"orders/orders.json": "orders", "orders/quotes.json": "quotes", "orders/contracts.json": "contracts",
		"orders/files.json": "files", "billing/invoices.json": "invoices", "billing/payments.json": "payments"}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			return c, fmt.Errorf("%s: %w", f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return c, fmt.Errorf("%s: %w", f.Name, err)
		}
		c.names = append(c.names, f.Name)
		c.sizes[f.Name] = len(data)
		folder := "(top)"
		if dir, _, ok := strings.Cut(f.Name, "/"); ok {
			folder = dir
		}
		c.folders[folder]++
		if key, ok := lists[f.Name]; ok {
			var doc map[string]json.RawMessage
			var list []json.RawMessage
			if err := json.Unmarshal(data, &doc); err != nil {
				return c, fmt.Errorf("%s is not a JSON object: %w", f.Name, err)
			}
			if err := json.Unmarshal(doc[key], &list); err != nil {
				return c, fmt.Errorf("%s has no list %q: %w", f.Name, key, err)
			}
			c.counts[f.Name+" "+key] = len(list)
		}
	}
	return c, nil
}

// check fails unless the copy lists every one of A's orders and invoices (and says what else
// it counted).
func (c copyContent) check(total int) error {
	var bad []string
	for _, k := range []string{"orders/orders.json orders", "billing/invoices.json invoices"} {
		if n, ok := c.counts[k]; !ok || n != total {
			bad = append(bad, fmt.Sprintf("%s: %d (present %v), want %d", k, n, ok, total))
		}
	}
	// Every order has its quote, contract and uploaded file; every invoice but the one made
	// through the site (not paid) has its card payment.
	for k, want := range map[string]int{"orders/quotes.json quotes": total, "orders/contracts.json contracts": total,
		"orders/files.json files": total, "billing/payments.json payments": total - 1} {
		if n := c.counts[k]; n != want {
			log.Printf("note: %s lists %d, not %d", k, n, want)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("THE COPY IS INCOMPLETE: %s (files %v)", strings.Join(bad, "; "), c.names)
	}
	return nil
}

// windows are the moments of the copy, to say when each of B's requests ran.
type windows struct{ asked, ready time.Time }

// building is a request of B's that ended before A saw the copy ready.
func (w windows) building(s sample) bool { return !s.end.After(w.ready) }

type report struct {
	orders     int
	loading    time.Duration
	req        privacyRequest
	readyAfter time.Duration
	poll       time.Duration
	download   time.Duration
	zipSize    int
	content    copyContent
	ops        []op
	before     map[string][]sample
	during     map[string][]sample
	after      map[string][]sample
	windows    windows
	peer       time.Duration
	// maxMessage is the database's largest message: the driver refuses an insert larger.
	maxMessage int64
	spans      []spanSum
}

func printReport(r report) {
	fmt.Println()
	fmt.Printf("Customer A: %d orders with their quotes, contracts, uploaded files and invoices (loaded in %s).\n\n", r.orders, r.loading.Round(time.Millisecond))
	fmt.Println("| measure | value |")
	fmt.Println("|---|---:|")
	fmt.Printf("| time to ready (asked → state ready, polled every %s) | %s |\n", r.poll, ms(r.readyAfter))
	if r.req.ReadyAt != nil {
		fmt.Printf("| time to ready (the request's own createdAt → readyAt) | %s |\n", ms(r.req.ReadyAt.Sub(r.req.CreatedAt)))
	}
	fmt.Printf("| download of the ZIP | %s |\n", ms(r.download))
	fmt.Printf("| ZIP size | %d bytes (%.2f MB) |\n", r.zipSize, float64(r.zipSize)/1e6)
	var unzipped int
	for _, n := range r.content.sizes {
		unzipped += n
	}
	fmt.Printf("| unzipped | %d bytes (%.2f MB) in %d files |\n", unzipped, float64(unzipped)/1e6, len(r.content.names))
	fmt.Println()

	fmt.Println("| folder | files |")
	fmt.Println("|---|---:|")
	folders := make([]string, 0, len(r.content.folders))
	for f := range r.content.folders {
		folders = append(folders, f)
	}
	slices.Sort(folders)
	for _, f := range folders {
		fmt.Printf("| %s | %d |\n", f, r.content.folders[f])
	}
	fmt.Println()

	fmt.Println("| file | bytes | entries |")
	fmt.Println("|---|---:|---:|")
	for _, name := range r.content.names {
		entries := ""
		for k, n := range r.content.counts {
			if strings.HasPrefix(k, name+" ") {
				entries = fmt.Sprintf("%d %s", n, strings.TrimPrefix(k, name+" "))
			}
		}
		fmt.Printf("| %s | %d | %s |\n", name, r.content.sizes[name], entries)
	}
	fmt.Println()

	fmt.Printf("| service | files | part bytes | answered after | bytes per order | orders at 16 MiB (MongoDB's document) | orders at %d bytes (the driver's message) |\n", r.maxMessage)
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	for _, p := range r.req.Parts {
		per := float64(p.Bytes) / float64(r.orders)
		ceiling, message := "—", "—"
		if p.Service == "svc-orders" || p.Service == "svc-billing" {
			ceiling, message = fmt.Sprintf("%d", int(maxDocument/per)), fmt.Sprintf("%d", int(float64(r.maxMessage)/per))
		}
		fmt.Printf("| %s | %d | %d (%.2f MB) | %s | %.0f | %s | %s |\n", p.Service, p.Files, p.Bytes, float64(p.Bytes)/1e6, ms(p.At.Sub(r.req.CreatedAt)), per, ceiling, message)
	}
	fmt.Println()

	if len(r.spans) > 0 {
		fmt.Println("Where the time went (the request's trace in Jaeger: spans of 100 ms or more in all, by service and operation):")
		fmt.Println()
		fmt.Println("| service | operation | spans | first starts at | total | longest |")
		fmt.Println("|---|---|---:|---:|---:|---:|")
		for _, sp := range r.spans {
			fmt.Printf("| %s | %s | %d | %s | %s | %s |\n", sp.service, sp.operation, sp.count, ms(sp.first), ms(sp.total), ms(sp.longest))
		}
		fmt.Println()
	}

	spacing := "each round as soon as the last ended"
	if roundEvery > 0 {
		spacing = fmt.Sprintf("a round every %s", roundEvery)
	}
	fmt.Printf("Customer B (10 orders), requests one after another, %s: rounds for %s before A asked, for as long as A's copy was built (until A saw it ready), and for %s after:\n\n", spacing, r.peer, r.peer)
	fmt.Println("| request | before p50 / p95 | during the build: n, p50 / p95 | during / before, p50 / p95 | after p50 / p95 | after / before, p50 / p95 (the machine's own drift) | during / the peers' mean, p50 / p95 | failures before + during + after |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, o := range r.ops {
		b := statsOf(r.before[o.name], nil)
		build := statsOf(r.during[o.name], r.windows.building)
		a := statsOf(r.after[o.name], nil)
		// The stack drifts by itself over a run's quarter hour (each phase's minutes in the table
		// below); the build lies between its peers, so their mean is its fairest peer.
		fmt.Printf("| %s | %s | %d, %s | %s / %s | %s | %s / %s | %s / %s | %d + %d + %d |\n", o.name, pair(b), build.n, pair(build), ratio(build.p50, b.p50), ratio(build.p95, b.p95),
			pair(a), ratio(a.p50, b.p50), ratio(a.p95, b.p95), ratio(build.p50, (b.p50+a.p50)/2), ratio(build.p95, (b.p95+a.p95)/2),
			b.failures, statsOf(r.during[o.name], nil).failures, a.failures)
	}
	fmt.Printf("\nB's requests during the build, %s, every kind: ", ms(r.readyAfter))
	for i, o := range r.ops {
		if i > 0 {
			fmt.Print(", ")
		}
		fmt.Printf("%d %s", statsOf(r.during[o.name], r.windows.building).n, o.name)
	}
	fmt.Println(".")
	fmt.Println("\nB's p95 minute by minute (a tail that comes and goes with the stack's own periodic work shows here in every phase):")
	fmt.Println()
	fmt.Println("| request | phase | p95 of each minute | p99 / longest of the phase |")
	fmt.Println("|---|---|---|---:|")
	for _, o := range r.ops {
		for _, ph := range []struct {
			name string
			list []sample
		}{{"before", r.before[o.name]}, {"during", r.during[o.name]}, {"after", r.after[o.name]}} {
			var parts []string
			for _, minute := range byMinute(ph.list) {
				parts = append(parts, fmt.Sprintf("%.1f", float64(statsOf(minute, nil).p95.Microseconds())/1000))
			}
			all := statsOf(ph.list, nil)
			fmt.Printf("| %s | %s | %s ms | %s / %s |\n", o.name, ph.name, strings.Join(parts, " · "), ms(all.p99), ms(all.max))
		}
	}
	for _, o := range r.ops {
		for _, list := range [][]sample{r.before[o.name], r.during[o.name], r.after[o.name]} {
			for _, s := range list {
				if s.fail != "" {
					fmt.Printf("first failure of %s: %s\n", o.name, s.fail)
					break
				}
			}
		}
	}
}

// byMinute splits list, in the order sent, into the minutes from its first sample (the last
// minute only if it holds at least half a minute of samples).
func byMinute(list []sample) [][]sample {
	var out [][]sample
	for len(list) > 0 {
		end := list[0].start.Add(time.Minute)
		i := 0
		for i < len(list) && list[i].start.Before(end) {
			i++
		}
		if i == len(list) && list[i-1].start.Sub(list[0].start) < 30*time.Second && len(out) > 0 {
			break
		}
		out = append(out, list[:i])
		list = list[i:]
	}
	return out
}

// pair is "p50 / p95", or "—" without samples.
func pair(st stats) string {
	if st.n == 0 {
		return "—"
	}
	return ms(st.p50) + " / " + ms(st.p95)
}

func ratio(a, b time.Duration) string {
	if b == 0 || a == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", float64(a)/float64(b))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// spanSum is the spans of one operation of one service in a trace.
type spanSum struct {
	service, operation string
	count              int
	// first is when the first of them started, after the trace's first span.
	first, total, longest time.Duration
}

// traceOf reads the copy's trace from Jaeger (the request's id is its trace's id; the events carry
// it to every service) once its spans stop arriving, summed by service and operation.
func traceOf(jaeger, traceID string) ([]spanSum, error) {
	if traceID == "" {
		return nil, errors.New("the answer had no X-Request-Id")
	}
	var trace struct {
		Data []struct {
			Spans []struct {
				OperationName string `json:"operationName"`
				StartTime     int64  `json:"startTime"` // µs
				Duration      int64  `json:"duration"`  // µs
				ProcessID     string `json:"processID"`
			} `json:"spans"`
			Processes map[string]struct {
				ServiceName string `json:"serviceName"`
			} `json:"processes"`
		} `json:"data"`
	}
	seen := -1
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(3 * time.Second) {
		resp, err := http.Get(jaeger + "/api/traces/" + traceID)
		if err == nil {
			err = json.NewDecoder(resp.Body).Decode(&trace)
			resp.Body.Close()
		}
		n := 0
		if err == nil && len(trace.Data) == 1 {
			n = len(trace.Data[0].Spans)
		}
		if n > 0 && n == seen {
			break
		}
		if time.Now().After(deadline) {
			if n == 0 {
				return nil, fmt.Errorf("trace %s not in Jaeger: %v", traceID, err)
			}
			break
		}
		seen = n
	}
	sums := map[[2]string]*spanSum{}
	origin := int64(0)
	for _, sp := range trace.Data[0].Spans {
		if origin == 0 || sp.StartTime < origin {
			origin = sp.StartTime
		}
	}
	for _, sp := range trace.Data[0].Spans {
		key := [2]string{trace.Data[0].Processes[sp.ProcessID].ServiceName, sp.OperationName}
		s := sums[key]
		start := time.Duration(sp.StartTime-origin) * time.Microsecond
		if s == nil {
			s = &spanSum{service: key[0], operation: key[1], first: start}
			sums[key] = s
		}
		s.first = min(s.first, start)
		d := time.Duration(sp.Duration) * time.Microsecond
		s.count++
		s.total += d
		s.longest = max(s.longest, d)
	}
	var out []spanSum
	for _, s := range sums {
		if s.total >= 100*time.Millisecond {
			out = append(out, *s)
		}
	}
	slices.SortFunc(out, func(a, b spanSum) int {
		if a.service != b.service {
			return strings.Compare(a.service, b.service)
		}
		return cmp.Compare(b.total, a.total)
	})
	return out, nil
}
