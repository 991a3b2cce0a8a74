// Command devstack runs the whole platform on this machine: a Consul dev agent, PostgreSQL under
// an embedded FerretDB, redis-server, Jaeger keeping every process's traces, VictoriaMetrics and
// vmalert scraping and alerting on their metrics (these three once built: later.go), the
// services (the table in stack.go), the gateway, nginx serving the web UI, a mail capture and
// local stand-ins for Google and Facebook sign-in and for Stripe card payments. It is what
// `make up` starts and what the whole-stack tests start. A process of the stack that exits is
// logged and started again after a back-off; Ctrl-C stops everything it started.
//
//	devstack         run the stack
//	devstack ports   print every DEVSTACK_*_PORT variable with its default, one NAME=PORT a line
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"linguaport/internal/company"
	"linguaport/internal/config"
	"linguaport/internal/logging"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "ports" {
		for _, p := range portVars() {
			fmt.Printf("%s=%d\n", p.name, p.port)
		}
		return
	}
	env := config.FromOS()
	cfg := loadConfig(env)
	log := logging.New(os.Stderr, "devstack", env.String("LOG_LEVEL", "info"))
	defer logging.Flush()
	if err := env.Err(); err != nil {
		log.Error("configuration", "err", err)
		os.Exit(2)
	}
	// The agency's facts are checked before anything starts, so a bad fact stops `make up` at
	// once, naming its field, instead of three services restarting over it.
	if _, _, err := company.FromEnv(config.FromMap(map[string]string{"COMPANY_FACTS_FILE": cfg.companyFacts})); err != nil {
		log.Error("company facts", "err", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	s := newStack(cfg, log)
	err := s.start(ctx)
	if err == nil {
		fmt.Printf("\nLinguaPort is running at %s\n  API: %s/api/v1/geo/currency\n  mail sent by the services: %s\n  Consul UI: http://%s/ui\n  logs: %s\n",
			cfg.publicURL(), cfg.publicURL(), cfg.mailURL(), cfg.consulAddr(), cfg.logDir())
		fmt.Printf("  Google/Facebook sign-in: a local stand-in at %s (not Google/Facebook)\n", s.signIn.URL())
		fmt.Printf("  card payments: a local stand-in at %s (not Stripe)\n", s.payments.URL())
		fmt.Printf("  traces (Jaeger UI): %s — the query API answers /api/traces/<trace id>; nginx's X-Request-Id is the trace id\n", cfg.jaegerURL())
		fmt.Printf("  metrics (vmui): %s/vmui/ — alerts (vmalert, k8s/monitoring's rules): %s/api/v1/alerts\n", cfg.metricsURL(), cfg.alertsURL())
		if len(s.building) > 0 {
			fmt.Printf("  still being built, each starts when ready: %s (progress: tail -f %s)\n", strings.Join(s.building, ", "), cfg.buildLog())
		}
		fmt.Printf("  gateway: %s\n  services:", loopback(cfg.port("GATEWAY")))
		for _, v := range services {
			fmt.Printf(" %s %s", v.name, loopback(cfg.servicePort(v)))
		}
		fmt.Println()
		if cfg.companyFacts != "" {
			fmt.Printf("  the agency's facts: %s\n", cfg.companyFacts)
		} else {
			fmt.Println("  the agency's facts: the demo set (internal/company/demo.json); COMPANY_FACTS_FILE names your own")
		}
		fmt.Printf("  e-Arşiv documents the local GİB integrator would send: %s\n", filepath.Join(cfg.dataDir, "e-documents"))
		fmt.Println("  demo accounts (email / password):")
		for _, a := range demoAccounts {
			fmt.Printf("    %-10s %s / %s\n", a.role, a.email, a.password)
		}
		fmt.Print("Press Ctrl-C to stop.\n\n")
		// Processes that exit meanwhile are restarted (supervise.go); only a signal ends the stack.
		<-ctx.Done()
	}
	s.stop()
	if err != nil {
		log.Error("dev stack stopped", "err", err)
		os.Exit(1)
	}
}
