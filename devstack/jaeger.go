package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// Jaeger (v2, built from its Go module by `make tools`) keeps the traces of every process of the
// stack in memory and answers them on its query port: the UI's address and the query API
// (/api/services, /api/traces/<trace id>). Its configuration opens exactly three ports, all
// moved by DEVSTACK_JAEGER*_PORT: the query HTTP server, the query gRPC server (which Jaeger
// cannot do without) and the OTLP/HTTP receiver the services export to. No OTLP/gRPC, Jaeger or
// Zipkin receivers, no sampling server, no health, pprof or metrics endpoints.
//
// The Go module carries only a placeholder page where the UI goes, so the query server is given
// jaeger-ui built from its source at the paired release, kept as tools/jaeger/ui.tar.xz and
// unpacked into .bin/jaeger-ui by make (its README and build-ui.sh say how); the UI reads the
// same query API.

func (c stackConfig) jaegerURL() string { return "http://" + loopback(c.port("JAEGER")) }

// jaegerUIDir holds the built jaeger-ui that Jaeger serves at its query address.
func (c stackConfig) jaegerUIDir() string { return filepath.Join(c.root, ".bin", "jaeger-ui") }

// otlpEndpoint is where the services send their spans (OTLP over HTTP).
func (c stackConfig) otlpEndpoint() string { return "http://" + loopback(c.port("JAEGER_OTLP")) }

// tracingEnv points every Go program of the stack at Jaeger; the OpenTelemetry SDK reads these
// standard variables itself (internal/telemetry).
func (c stackConfig) tracingEnv() []string {
	return []string{
		"OTEL_EXPORTER_OTLP_ENDPOINT=" + c.otlpEndpoint(),
		"OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf",
		// Export every half second rather than every 5 s, so a request's trace can be looked up
		// in Jaeger right after the answer.
		"OTEL_BSP_SCHEDULE_DELAY=500",
		"OTEL_RESOURCE_ATTRIBUTES=deployment.environment.name=development",
	}
}

// jaegerConfig is Jaeger's configuration (an OpenTelemetry Collector pipeline): OTLP/HTTP in,
// batched, into an in-memory store that the query extension reads.
func jaegerConfig(c stackConfig) string {
	return fmt.Sprintf(`service:
  extensions: [jaeger_storage, jaeger_query]
  pipelines:
    traces:
      receivers: [otlp]
      processors: [batch]
      exporters: [jaeger_storage_exporter]
  telemetry:
    resource:
      service.name: jaeger
    metrics:
      level: none
    logs:
      level: info
extensions:
  jaeger_storage:
    backends:
      memstore:
        memory:
          max_traces: 100000
  jaeger_query:
    storage:
      traces: memstore
    enable_tracing: false
    ui:
      assets_path: %q
    http:
      endpoint: %s
    grpc:
      endpoint: %s
receivers:
  otlp:
    protocols:
      http:
        endpoint: %s
processors:
  batch:
exporters:
  jaeger_storage_exporter:
    trace_storage: memstore
`, c.jaegerUIDir(), loopback(c.port("JAEGER")), loopback(c.port("JAEGER_GRPC")), loopback(c.port("JAEGER_OTLP")))
}

// jaeger writes the configuration into the data directory and runs Jaeger under supervision.
func (s *stack) jaeger() error {
	dir := filepath.Join(s.cfg.dataDir, "jaeger")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(jaegerConfig(s.cfg)), 0o644); err != nil {
		return err
	}
	return s.run("jaeger", func() *exec.Cmd {
		return exec.Command(s.cfg.bin("jaeger"), "--config", path)
	}, syscall.SIGTERM)
}
