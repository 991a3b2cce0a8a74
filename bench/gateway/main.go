// Command gateway-bench loads one svc-geo endpoint four ways on this machine, (a) directly,
// (b) through the gateway, (c) through an nginx proxy_pass and (d) through the floor, a bare Go
// proxy, with wrk at the same concurrency, and prints requests/s, p50/p99 latency and CPU per
// request for each as a Markdown table; then the same with one connection sending requests one
// after another (wrk -c1), where no queueing hides a hop's cost.
//
//	make build tools && go run ./bench/gateway [-c 64] [-d 20s]
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"linguaport/internal/discovery"
	"linguaport/internal/embeddb"
	"linguaport/internal/proc"
)

const path = "/api/v1/geo/lookup?ip=88.255.0.1"

func main() {
	conns := flag.Int("c", 64, "connections")
	duration := flag.Duration("d", 10*time.Second, "duration of each run")
	rounds := flag.Int("rounds", 3, "rounds over the four targets; each figure is the median of its rounds")
	threads := flag.Int("t", 2, "wrk threads")
	profile := flag.String("profile", "", "write CPU profiles under the 64-connection load of the gateway to this file and of the floor to file.floor, and the gateway's allocations to file.allocs (go tool pprof reads them)")
	serveFloor := flag.String("serve-floor", "", "internal: serve the floor proxy on this address, to the -upstream address")
	upstream := flag.String("upstream", "", "internal: the floor proxy's upstream")
	floorPprof := flag.String("pprof", "", "internal: the floor's profiler address")
	flag.Parse()
	if *serveFloor != "" {
		log.Fatal(runFloor(*serveFloor, *upstream, *floorPprof))
	}

	root, err := proc.RepoRoot()
	check(err)
	work, err := os.MkdirTemp("", "gateway-bench-")
	check(err)
	defer os.RemoveAll(work)
	ports, err := proc.FreePorts(12)
	check(err)
	consulPort, redisPort, geoPort, gwPort, nginxPort := ports[0], ports[1], ports[2], ports[3], ports[4]
	addr := func(p int) string { return "127.0.0.1:" + strconv.Itoa(p) }

	var started []*proc.Process
	defer func() {
		for i := len(started) - 1; i >= 0; i-- {
			started[i].Stop()
		}
	}()
	start := func(cmd *exec.Cmd) *proc.Process {
		p, err := proc.StartCmd(cmd)
		check(err)
		started = append(started, p)
		return p
	}

	start(exec.Command(filepath.Join(root, ".bin", "consul"), discovery.DevAgentArgs(consulPort, ports[5], ports[6], ports[7], "")...))
	check(discovery.WaitLeader(addr(consulPort), time.Minute))
	start(exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(redisPort), "--save", "", "--appendonly", "no"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db, err := embeddb.Start(ctx, addr(ports[8]), filepath.Join(work, "db"), nil)
	check(err)

	// Services run as in production: JSON logs at info, access log on, tracing on without export.
	env := append(os.Environ(), "CONSUL_HTTP_ADDR="+addr(consulPort), "REDIS_URL=redis://"+addr(redisPort)+"/0", "MONGO_URI="+db.URI(), "CONSUL_CHECK_INTERVAL=1s")
	geo := exec.Command(filepath.Join(root, ".bin", "svc-geo"))
	geo.Env = append(env, "HTTP_ADDR="+addr(geoPort))
	geo.Stdout = mustCreate(filepath.Join(work, "svc-geo.log"))
	geoProc := start(geo)
	gw := exec.Command(filepath.Join(root, ".bin", "gateway"))
	gw.Env = append(env, "HTTP_ADDR="+addr(gwPort))
	if *profile != "" {
		gw.Env = append(gw.Env, "PPROF_ADDR="+addr(ports[9]))
	}
	gw.Stdout = mustCreate(filepath.Join(work, "gateway.log"))
	gwProc := start(gw)

	nginxConf := filepath.Join(work, "nginx.conf")
	check(os.WriteFile(nginxConf, []byte(fmt.Sprintf(`worker_processes auto;
pid %[1]s/nginx.pid;
error_log %[1]s/nginx-error.log warn;
events { worker_connections 4096; }
http {
    access_log %[1]s/nginx-access.log;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
    upstream geo { server %[2]s; keepalive 128; }
    server {
        listen %[3]s;
        location / {
            proxy_pass http://geo;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }
    }
}
`, work, addr(geoPort), addr(nginxPort))), 0o644))
	nginxProc := start(exec.Command("nginx", "-p", work, "-c", nginxConf, "-e", "stderr", "-g", "daemon off;"))

	// hop is the process group whose CPU time a target adds over the direct call (nginx's
	// workers are in its master's group).
	self, err := os.Executable()
	check(err)
	floorArgs := []string{"-serve-floor", addr(ports[10]), "-upstream", addr(geoPort)}
	if *profile != "" {
		floorArgs = append(floorArgs, "-pprof", addr(ports[11]))
	}
	floorProc := start(exec.Command(self, floorArgs...))

	targets := []struct {
		name, url string
		hop       *proc.Process
		pprof     string // the hop's profiler, and the file its profile goes to, with -profile
		profileTo string
	}{
		{"(a) direct to svc-geo", "http://" + addr(geoPort) + path, geoProc, "", ""},
		{"(b) through the gateway", "http://" + addr(gwPort) + path, gwProc, addr(ports[9]), *profile},
		{"(c) through nginx proxy_pass", "http://" + addr(nginxPort) + path, nginxProc, "", ""},
		{"(d) through the floor: a bare Go proxy", "http://" + addr(ports[10]) + path, floorProc, addr(ports[11]), *profile + ".floor"},
	}
	for _, t := range targets {
		check(proc.WaitFor(30*time.Second, func() error { return ok(t.url) }))
	}

	// The machine's speed drifts (other work on its host): each target is measured in several
	// rounds, the order turned round every round, and each figure is the median of its rounds.
	fmt.Printf("wrk -t%d -c%d -d%s --latency, GET %s, after a 3s warm-up each; the median of %d rounds, requests/s from slowest to fastest round\n\n", *threads, *conns, *duration, path, *rounds)
	fmt.Println("| target | requests/s | rounds | p50 | p99 | CPU per request of the hop |")
	fmt.Println("|---|---:|---|---:|---:|---:|")
	loaded := make([][]result, len(targets))
	inRounds(*rounds, len(targets), func(k, round int) {
		t := targets[k]
		_ = runWrk(*threads, *conns, 3*time.Second, t.url) // warm connections, caches and the runtime alike
		var profiled chan error
		if *profile != "" && t.pprof != "" && round == 0 {
			profiled = make(chan error, 1)
			go func() {
				profiled <- saveProfile(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", t.pprof, int((*duration-2*time.Second).Seconds())), t.profileTo)
			}()
		}
		before := groupCPU(t.hop.Pid())
		r := runWrk(*threads, *conns, *duration, t.url)
		r.cpu = (groupCPU(t.hop.Pid()) - before) / time.Duration(max(r.requests, 1))
		if profiled != nil {
			check(<-profiled)
			if t.hop == gwProc {
				check(saveProfile("http://"+t.pprof+"/debug/pprof/allocs", *profile+".allocs"))
			}
		}
		loaded[k] = append(loaded[k], r)
		log.Printf("round %d, %s: %.0f requests/s, p99 %s, %.1f µs CPU per request", round+1, t.name, r.rps, fmtDur(r.p99), float64(r.cpu.Nanoseconds())/1000)
	})
	results := make([]result, len(targets))
	for k, t := range targets {
		results[k] = median(loaded[k])
		r := results[k]
		fmt.Printf("| %s | %.0f | %s | %s | %s | %.1f µs |\n", t.name, r.rps, spread(loaded[k]), fmtDur(r.p50), fmtDur(r.p99), float64(r.cpu.Nanoseconds())/1000)
	}
	direct, gateway, nginx, floor := results[0], results[1], results[2], results[3]
	fmt.Printf("\ngateway/nginx requests/s: %.2f (goal ≥ 1.00); per round %s\n", gateway.rps/nginx.rps, roundRatios(loaded[1], loaded[2]))
	fmt.Printf("gateway/floor requests/s: %.2f; per round %s\n", gateway.rps/floor.rps, roundRatios(loaded[1], loaded[3]))
	fmt.Printf("floor/nginx requests/s: %.2f; per round %s\n", floor.rps/nginx.rps, roundRatios(loaded[3], loaded[2]))
	fmt.Printf("CPU per request: gateway %.1f µs, floor %.1f µs, nginx %.1f µs (svc-geo itself %.1f µs)\n",
		float64(gateway.cpu.Nanoseconds())/1000, float64(floor.cpu.Nanoseconds())/1000, float64(nginx.cpu.Nanoseconds())/1000, float64(direct.cpu.Nanoseconds())/1000)

	// Saturated latency is mostly queueing. One connection sending one request after another
	// shows what each hop itself adds (wrk's latency percentiles have microsecond resolution).
	fmt.Printf("\nwrk -t1 -c1 -d%s --latency (one connection, sequential requests); the median of %d rounds\n\n", *duration, *rounds)
	fmt.Println("| target | requests/s | p50 | p99 |")
	fmt.Println("|---|---:|---:|---:|")
	unloaded := make([][]result, len(targets))
	inRounds(*rounds, len(targets), func(k, _ int) {
		unloaded[k] = append(unloaded[k], runWrk(1, 1, *duration, targets[k].url))
	})
	fixed := make([]result, len(targets))
	for k, t := range targets {
		fixed[k] = median(unloaded[k])
		fmt.Printf("| %s | %.0f | %s | %s |\n", t.name, fixed[k].rps, fmtDur(fixed[k].p50), fmtDur(fixed[k].p99))
	}
	fmt.Printf("\nunloaded p99 over direct: gateway %s (goal ≤ 0.30 ms), nginx %s, floor %s\n", fmtDur(fixed[1].p99-fixed[0].p99), fmtDur(fixed[2].p99-fixed[0].p99), fmtDur(fixed[3].p99-fixed[0].p99))
	fmt.Printf("unloaded p50 over direct: gateway %s, nginx %s, floor %s\n", fmtDur(fixed[1].p50-fixed[0].p50), fmtDur(fixed[2].p50-fixed[0].p50), fmtDur(fixed[3].p50-fixed[0].p50))
}

// saveProfile fetches a profile of the gateway from its pprof address into file.
func saveProfile(url, file string) error {
	resp, err := http.Get(url)
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile: %s", resp.Status)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return fmt.Errorf("profile: %w", err)
	}
	return f.Close()
}

// inRounds calls measure for each of n targets in each of rounds rounds, the order turned round
// each round, so that the machine's drift does not always favour the same target.
func inRounds(rounds, n int, measure func(target, round int)) {
	for round := range rounds {
		for i := range n {
			measure((i+round)%n, round)
		}
	}
}

// median is the median of each figure of rs on its own (rounds are few: an odd number is best).
func median(rs []result) result {
	pick := func(get func(result) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = get(r)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	return result{
		rps:      pick(func(r result) float64 { return r.rps }),
		p50:      time.Duration(pick(func(r result) float64 { return float64(r.p50) })),
		p99:      time.Duration(pick(func(r result) float64 { return float64(r.p99) })),
		cpu:      time.Duration(pick(func(r result) float64 { return float64(r.cpu) })),
		requests: int64(pick(func(r result) float64 { return float64(r.requests) })),
	}
}

// roundRatios lists the ratio of a's requests/s to b's in each round, and their median: two
// targets measured in the same round ran within a minute of each other, so the machine's drift
// between rounds moves these ratios less than the ratio of the medians.
func roundRatios(a, b []result) string {
	v := make([]float64, len(a))
	s := make([]string, len(a))
	for i := range a {
		v[i] = a[i].rps / b[i].rps
		s[i] = fmt.Sprintf("%.2f", v[i])
	}
	slices.Sort(v)
	return fmt.Sprintf("%s (median %.2f)", strings.Join(s, " / "), v[len(v)/2])
}

// spread lists the rounds' requests/s from the slowest to the fastest.
func spread(rs []result) string {
	v := make([]string, len(rs))
	sorted := slices.SortedFunc(slices.Values(rs), func(a, b result) int { return cmp.Compare(a.rps, b.rps) })
	for i, r := range sorted {
		v[i] = fmt.Sprintf("%.0f", r.rps)
	}
	return strings.Join(v, " / ")
}

type result struct {
	rps      float64
	requests int64
	p50, p99 time.Duration
	cpu      time.Duration // of the hop's processes per request
}

// groupCPU is the user and system CPU time used so far by the processes of group pgid.
func groupCPU(pgid int) time.Duration {
	var total time.Duration
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // gone meanwhile
		}
		// After the command's ")": state ppid pgrp ... utime (14th field) stime (15th).
		i := strings.LastIndexByte(string(b), ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(string(b[i+1:]))
		if len(fields) < 13 || fields[2] != strconv.Itoa(pgid) {
			continue
		}
		utime, _ := strconv.ParseInt(fields[11], 10, 64)
		stime, _ := strconv.ParseInt(fields[12], 10, 64)
		total += time.Duration(utime+stime) * time.Second / clockTicks
	}
	return total
}

// clockTicks is USER_HZ, the unit of /proc's CPU times: 100 on every Linux this runs on.
const clockTicks = 100

var (
	rpsRe = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	reqRe = regexp.MustCompile(`(\d+) requests in`)
	pRe   = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$`)
)

func runWrk(threads, conns int, d time.Duration, url string) result {
	out, err := exec.Command("wrk", "-t"+strconv.Itoa(threads), "-c"+strconv.Itoa(conns), "-d"+strconv.Itoa(int(d.Seconds()))+"s", "--latency", url).CombinedOutput()
	if err != nil {
		log.Fatalf("wrk: %v\n%s", err, out)
	}
	s := string(out)
	if strings.Contains(s, "Non-2xx") || strings.Contains(s, "Socket errors") {
		log.Fatalf("errors during the run:\n%s", s)
	}
	var r result
	if m := rpsRe.FindStringSubmatch(s); m != nil {
		r.rps, _ = strconv.ParseFloat(m[1], 64)
	}
	if m := reqRe.FindStringSubmatch(s); m != nil {
		r.requests, _ = strconv.ParseInt(m[1], 10, 64)
	}
	for _, m := range pRe.FindAllStringSubmatch(s, -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[m[3]]
		d := time.Duration(v * float64(unit))
		if m[1] == "50" {
			r.p50 = d
		} else {
			r.p99 = d
		}
	}
	return r
}

func fmtDur(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func ok(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func mustCreate(path string) *os.File {
	f, err := os.Create(path)
	check(err)
	return f
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
