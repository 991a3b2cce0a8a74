package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel"

	"linguaport/internal/proc"
	"linguaport/internal/telemetry"
)

// The real Jaeger with devstack's configuration, on free ports: a span a program exports with
// the variables devstack gives every program is answered by the query API under its trace id,
// and Jaeger listens on the three ports devstack chose and on no other, so parallel stacks do
// not collide.
func TestJaegerKeepsTheStacksTraces(t *testing.T) {
	c, p := startJaeger(t)
	free := []int{c.port("JAEGER"), c.port("JAEGER_OTLP"), c.port("JAEGER_GRPC")}

	for _, kv := range c.tracingEnv() {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	ctx := context.Background()
	shutdown, err := telemetry.Setup(ctx, "devstack-test")
	if err != nil {
		t.Fatal(err)
	}
	_, span := otel.Tracer("test").Start(ctx, "quote.price")
	traceID := span.SpanContext().TraceID().String()
	span.End()
	if err := shutdown(ctx); err != nil {
		t.Fatalf("export: %v\n%s", err, p.Output())
	}
	var got struct {
		Data []struct {
			Spans     []struct{ OperationName string }
			Processes map[string]struct{ ServiceName string }
		}
	}
	if err := proc.WaitFor(10*time.Second, func() error {
		resp, err := http.Get(c.jaegerURL() + "/api/traces/" + traceID)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return json.NewDecoder(resp.Body).Decode(&got)
	}); err != nil {
		t.Fatalf("trace %s: %v\n%s", traceID, err, p.Output())
	}
	if len(got.Data) != 1 || len(got.Data[0].Spans) != 1 || got.Data[0].Spans[0].OperationName != "quote.price" ||
		len(got.Data[0].Processes) != 1 || got.Data[0].Processes["p1"].ServiceName != "devstack-test" {
		t.Errorf("trace %s: %+v", traceID, got)
	}

	ports := listeningPorts(t, p.Pid())
	slices.Sort(ports)
	want := slices.Clone(free)
	slices.Sort(want)
	if !slices.Equal(ports, want) {
		t.Errorf("jaeger listens on %v, want exactly devstack's %v", ports, want)
	}
}

// startJaeger runs .bin/jaeger with devstack's configuration on free ports, as `make up` does,
// and waits for its query API.
func startJaeger(t *testing.T) (stackConfig, *proc.Process) {
	t.Helper()
	root, err := proc.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(root, ".bin", "jaeger")
	if _, err := os.Stat(bin); err != nil {
		t.Fatal(".bin/jaeger is not built: make tools builds it")
	}
	free, err := proc.FreePorts(3)
	if err != nil {
		t.Fatal(err)
	}
	c := stackConfig{root: root, dataDir: t.TempDir(), ports: map[string]int{
		"DEVSTACK_JAEGER_PORT": free[0], "DEVSTACK_JAEGER_OTLP_PORT": free[1], "DEVSTACK_JAEGER_GRPC_PORT": free[2],
	}}
	path := filepath.Join(c.dataDir, "config.yaml")
	if err := os.WriteFile(path, []byte(jaegerConfig(c)), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := proc.Start(bin, "--config", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	if err := proc.WaitFor(60*time.Second, func() error { return httpOK(c.jaegerURL() + "/api/services") }); err != nil {
		t.Fatalf("jaeger did not start: %v\n%s", err, p.Output())
	}
	return c, p
}

// listeningPorts are the TCP ports the process listens on: its sockets (/proc/<pid>/fd) found
// among the listening ones of /proc/net/tcp and tcp6.
func listeningPorts(t *testing.T, pid int) []int {
	t.Helper()
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		t.Fatal(err)
	}
	inodes := map[string]bool{}
	for _, fd := range fds {
		link, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if inode, ok := strings.CutPrefix(link, "socket:["); err == nil && ok {
			inodes[strings.TrimSuffix(inode, "]")] = true
		}
	}
	var ports []int
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		data, err := os.ReadFile(table)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n")[1:] {
			f := strings.Fields(line)
			// local_address is f[1] ("HEXIP:HEXPORT"), st f[3] (0A = LISTEN), inode f[9].
			if len(f) < 10 || f[3] != "0A" || !inodes[f[9]] {
				continue
			}
			_, hexPort, _ := strings.Cut(f[1], ":")
			if port, err := strconv.ParseInt(hexPort, 16, 32); err == nil && !slices.Contains(ports, int(port)) {
				ports = append(ports, int(port))
			}
		}
	}
	return ports
}
