// Command svc-catalog serves the agency's public content and takes contact and corporate
// inquiries.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/httpx"
	"linguaport/internal/logging"
	"linguaport/internal/mongox"
	"linguaport/internal/ratelimit"
	"linguaport/internal/redisx"
	"linguaport/internal/telemetry"
	"linguaport/svc-catalog/catalog"
)

func main() {
	// `svc-catalog snapshot FILE` writes the public answers for the seed content, which the web
	// UI's build prerenders pages from.
	if len(os.Args) == 3 && os.Args[1] == "snapshot" {
		if err := writeSnapshot(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "snapshot:", err)
			os.Exit(1)
		}
		return
	}
	env := config.FromOS()
	cfg := config.LoadService(env, "svc-catalog", ":8082")
	accessLog := env.Bool("ACCESS_LOG", true)
	inquiriesPerHour := env.Int("INQUIRIES_PER_HOUR", 5)
	trusted, err := httpx.ParseTrustedProxies(env.List("TRUSTED_PROXIES", []string{"127.0.0.0/8", "::1"}))
	log := logging.New(os.Stdout, cfg.Name, cfg.LogLevel)
	slog.SetDefault(log)
	defer logging.Flush()
	if err := errors.Join(env.Err(), err); err != nil {
		log.Error("configuration", "err", err)
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	shutdownTracing, err := telemetry.Setup(ctx, cfg.Name)
	logging.ExitOn(log, "telemetry", err)
	defer shutdownTracing(context.Background())

	mongo, err := mongox.Connect(ctx, cfg.MongoURI)
	logging.ExitOn(log, "mongo", err)
	defer mongo.Disconnect(context.Background())
	rdb, err := redisx.Connect(ctx, cfg.RedisURL)
	logging.ExitOn(log, "redis", err)
	defer rdb.Close()
	consul, err := discovery.NewClient(cfg.ConsulAddr)
	logging.ExitOn(log, "consul", err)

	store, err := catalog.NewMongoStore(ctx, mongo.Database(cfg.MongoDatabase))
	logging.ExitOn(log, "store", err)
	content, err := catalog.SeedContent()
	logging.ExitOn(log, "seed content", err)
	added, err := store.Seed(ctx, content)
	logging.ExitOn(log, "seed", err)
	log.Info("catalogue seeded", "added", added)

	metrics := prometheus.NewRegistry()
	limiter := ratelimit.New(rdb, "catalog-inquiries", int64(inquiriesPerHour), time.Hour)
	svc := catalog.NewService(store, limiter, newID)
	svc = catalog.InstrumentingMiddleware(metrics)(svc)
	srv := httpx.NewServer(httpx.Options{
		Name:      cfg.Name,
		Handler:   catalog.MakeHandler(catalog.MakeEndpoints(svc), trusted),
		Logger:    log,
		AccessLog: accessLog,
		Registry:  metrics,
		Checks:    []httpx.Check{{Name: "mongo", Probe: mongox.Ping(mongo)}, {Name: "redis", Probe: redisx.Ping(rdb)}},
	})

	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	logging.ExitOn(log, "listen", err)
	deregister, err := discovery.Register(consul, discovery.Registration{
		Name: cfg.Name, Host: cfg.AdvertiseHost, Port: ln.Addr().(*net.TCPAddr).Port, CheckInterval: cfg.CheckInterval,
	})
	logging.ExitOn(log, "consul register", err)
	srv.OnShutdown(deregister)
	logging.ExitOn(log, "serve", srv.Serve(ctx, ln))
}

func writeSnapshot(file string) error {
	content, err := catalog.SeedContent()
	if err != nil {
		return err
	}
	snap, err := catalog.Snapshot(context.Background(), content)
	if err != nil {
		return err
	}
	data, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
