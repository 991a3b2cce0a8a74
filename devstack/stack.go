package main

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/embeddb"
	"linguaport/internal/logging"
	"linguaport/internal/mailcapture"
	"linguaport/internal/oauthdev"
	"linguaport/internal/proc"
	"linguaport/internal/stripedev"
)

// service is one of the platform's services as `make up` runs it; services is the one table of
// them, and adding a service to the stack is one entry there. From its name come its binary
// (.bin/<name>), its log (<data>/logs/<name>.log) and its port variable (DEVSTACK_<AREA>_PORT,
// the name without "svc-" in capitals); the README's ports table must list it (tested).
type service struct {
	name string // the directory, binary, Consul and log name: "svc-geo"
	port int    // default port
	// probe is a public GET path answering 200 through nginx, the gateway and Consul once the
	// service is up; empty waits for the service's own /readyz instead.
	probe string
	// env are variables the service needs besides the ones every service gets (common).
	env func(*stack) []string
}

var services = []service{
	{name: "svc-auth", port: 8081, probe: "/api/v1/auth/providers", env: (*stack).authEnv},
	{name: "svc-geo", port: 8086, probe: "/api/v1/geo/currencies"},
	{name: "svc-catalog", port: 8082, probe: "/api/v1/catalog/stats"},
	{name: "svc-orders", port: 8083, probe: "/api/v1/orders/prices"},
	// No public GET: readiness is the service's own /readyz.
	{name: "svc-billing", port: 8084, env: (*stack).paymentsEnv},
	{name: "svc-translators", port: 8085},
}

// portVar is the variable that moves the service's port.
func (v service) portVar() string {
	return "DEVSTACK_" + strings.ToUpper(strings.ReplaceAll(strings.TrimPrefix(v.name, "svc-"), "-", "_")) + "_PORT"
}

// portDefault is a port variable and its default.
type portDefault struct {
	name string
	port int
}

// infraPorts are the ports of everything else the stack runs, by the NAME of DEVSTACK_<NAME>_PORT.
var infraPorts = []portDefault{
	{"WEB", 8000}, {"GATEWAY", 8080}, {"CONSUL", 8500}, {"REDIS", 6390}, {"MONGO", 27018}, {"POSTGRES", 5440},
	{"SMTP", 1025}, {"MAIL", 8025}, {"OAUTH", 8090}, {"STRIPE", 8091},
	{"CONSUL_SERF_LAN", 8301}, {"CONSUL_SERF_WAN", 8302}, {"CONSUL_SERVER", 8300},
	{"JAEGER", 16686}, {"JAEGER_OTLP", 4318}, {"JAEGER_GRPC", 16685},
	{"VICTORIAMETRICS", 8428}, {"VMALERT", 8880},
}

// portVars lists every port variable with its default: the infrastructure's, then the services'.
func portVars() []portDefault {
	var out []portDefault
	for _, p := range infraPorts {
		out = append(out, portDefault{"DEVSTACK_" + p.name + "_PORT", p.port})
	}
	for _, v := range services {
		out = append(out, portDefault{v.portVar(), v.port})
	}
	return out
}

// stackConfig says where everything listens and lives. Defaults suit `make up`; the whole-stack
// tests move every port (they ask `devstack ports` which there are) and the data directory.
type stackConfig struct {
	root    string
	dataDir string
	ports   map[string]int // by variable: "DEVSTACK_WEB_PORT", "DEVSTACK_GEO_PORT", ...
	// companyFacts is the absolute path of the agency's facts (COMPANY_FACTS_FILE), "" for the
	// demo set internal/company embeds; the services are given it whatever their directory.
	companyFacts string
	// env is devstack's environment, where the web tier's own variables (NGINX_*: the request
	// limits, the trusted proxies) are read when the server block is rendered; nil reads none,
	// so the template's defaults apply.
	env *config.Env
	// scrapeInterval and evaluationInterval replace k8s/monitoring/prometheus.yml's for
	// VictoriaMetrics and vmalert when set (DEVSTACK_SCRAPE_INTERVAL, DEVSTACK_EVALUATION_INTERVAL).
	scrapeInterval, evaluationInterval time.Duration
}

func (c stackConfig) envOrNone() *config.Env {
	if c.env == nil {
		return config.FromMap(nil)
	}
	return c.env
}

func loadConfig(env *config.Env) stackConfig {
	root, err := proc.RepoRoot()
	if err != nil {
		root = "."
	}
	c := stackConfig{
		root:    root,
		dataDir: env.String("DEVSTACK_DATA", filepath.Join(root, ".data")),
		ports:   map[string]int{},
		env:     env,
		// 0: prometheus.yml's (metrics.go).
		scrapeInterval:     env.Duration("DEVSTACK_SCRAPE_INTERVAL", 0),
		evaluationInterval: env.Duration("DEVSTACK_EVALUATION_INTERVAL", 0),
	}
	for _, p := range portVars() {
		c.ports[p.name] = env.Int(p.name, p.port)
	}
	if f := env.String("COMPANY_FACTS_FILE", ""); f != "" {
		if abs, err := filepath.Abs(f); err == nil {
			f = abs
		}
		c.companyFacts = f
	}
	return c
}

func (c stackConfig) port(name string) int { return c.ports["DEVSTACK_"+name+"_PORT"] }
func (c stackConfig) servicePort(v service) int {
	return c.ports[v.portVar()]
}
func (c stackConfig) publicURL() string  { return "http://localhost:" + strconv.Itoa(c.port("WEB")) }
func (c stackConfig) consulAddr() string { return loopback(c.port("CONSUL")) }
func (c stackConfig) mailURL() string    { return "http://" + loopback(c.port("MAIL")) + "/messages" }

// siteOrigins are the origins the browser may write with cookies from (DESIGN §5).
func (c stackConfig) siteOrigins() string {
	port := strconv.Itoa(c.port("WEB"))
	return "http://localhost:" + port + ",http://127.0.0.1:" + port
}
func (c stackConfig) logDir() string { return filepath.Join(c.dataDir, "logs") }
func (c stackConfig) bin(name string) string {
	return filepath.Join(c.root, ".bin", name)
}

func loopback(port int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) }

type stack struct {
	cfg   stackConfig
	log   *slog.Logger
	parts []part // what start started, in order
	// shutdown ends when stop begins: from then on no process is restarted.
	shutdown context.Context
	halt     context.CancelFunc
	signIn   *oauthdev.Local
	// signInSecret is the client secret svc-auth shares with the sign-in stand-in, new each start.
	signInSecret string
	payments     *stripedev.Server // the card payment stand-in (payments.go)
	// building are the extras (later.go) whose binaries were not built when the stack started.
	building []string
}

func newStack(cfg stackConfig, log *slog.Logger) *stack {
	s := &stack{cfg: cfg, log: log}
	s.shutdown, s.halt = context.WithCancel(context.Background())
	return s
}

// postgres prepares PostgreSQL with its data under the data directory. As root it runs as the
// postgres user; when that user cannot reach the data directory (a checkout under /root), its
// cluster is kept in the postgres user's own home instead, one per data directory, and the log
// says where.
func (s *stack) postgres() (*embeddb.Postgres, error) {
	pg, err := embeddb.NewPostgres(filepath.Join(s.cfg.dataDir, "postgres"), s.cfg.port("POSTGRES"))
	if !errors.Is(err, embeddb.ErrUnreachable) {
		return pg, err
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(s.cfg.dataDir))
	dir := filepath.Join("/var/lib/postgresql", fmt.Sprintf("linguaport-%08x", h.Sum32()))
	s.log.Warn("the postgres user cannot reach the data directory; PostgreSQL keeps its data elsewhere", "data", dir, "reason", err)
	return embeddb.NewPostgres(dir, s.cfg.port("POSTGRES"))
}

func (s *stack) start(ctx context.Context) error {
	for _, dir := range []string{s.cfg.logDir(), filepath.Join(s.cfg.dataDir, "redis"), filepath.Join(s.cfg.dataDir, "nginx")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	// Jaeger, VictoriaMetrics and vmalert are not needed to use the site: they start once built
	// (later.go).
	for _, name := range append([]string{"consul", "gateway"}, serviceNames()...) {
		if _, err := os.Stat(s.cfg.bin(name)); err != nil {
			return fmt.Errorf("%s is not built; run `make up` (or `make build tools`)", s.cfg.bin(name))
		}
	}
	if _, err := os.Stat(filepath.Join(s.cfg.root, "webui", "dist", "index.html")); err != nil {
		return errors.New("webui/dist is not built; run `make up` (or `make webui`)")
	}

	// Consul first: every service registers in it at start. Consul, PostgreSQL and Redis start
	// together and are waited for after.
	if err := s.run("consul", func() *exec.Cmd {
		return exec.Command(s.cfg.bin("consul"),
			discovery.DevAgentArgs(s.cfg.port("CONSUL"), s.cfg.port("CONSUL_SERF_LAN"), s.cfg.port("CONSUL_SERF_WAN"), s.cfg.port("CONSUL_SERVER"), "")...)
	}, syscall.SIGTERM); err != nil {
		return err
	}
	pg, err := s.postgres()
	if err != nil {
		return err
	}
	s.parts = append(s.parts, part{name: "postgres socket directory", stop: pg.Close})
	if err := s.run("postgres", pg.Command, embeddb.PostgresStopSignal); err != nil {
		return err
	}
	if err := s.run("redis", func() *exec.Cmd {
		return exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(s.cfg.port("REDIS")),
			"--dir", filepath.Join(s.cfg.dataDir, "redis"), "--appendonly", "yes", "--save", "60 1")
	}, syscall.SIGTERM); err != nil {
		return err
	}
	// Jaeger too, so the services' first spans have somewhere to go (jaeger.go), when it is
	// built; until it is, spans are dropped.
	jaegerNow, err := s.whenBuilt(extra{name: "jaeger", bins: []string{"jaeger"}, start: (*stack).jaeger,
		ready:  func() error { return httpOK(s.cfg.jaegerURL() + "/api/services") },
		joined: "traces (Jaeger) at " + s.cfg.jaegerURL()})
	if err != nil {
		return err
	}
	if err := proc.WaitFor(60*time.Second, pg.Ready); err != nil {
		return fmt.Errorf("postgres did not start: %w (see %s)", err, filepath.Join(s.cfg.logDir(), "postgres.log"))
	}
	if err := pg.CreateDatabase(embeddb.PostgresDatabase); err != nil {
		return err
	}
	db, err := s.startDB(pg.URL(embeddb.PostgresDatabase))
	if err != nil {
		return err
	}
	if err := discovery.WaitLeader(s.cfg.consulAddr(), 60*time.Second); err != nil {
		return fmt.Errorf("consul did not start: %w", err)
	}
	if err := waitTCP(loopback(s.cfg.port("REDIS")), 10*time.Second); err != nil {
		return fmt.Errorf("redis did not start: %w", err)
	}
	if jaegerNow {
		if err := proc.WaitFor(60*time.Second, func() error { return httpOK(s.cfg.jaegerURL() + "/api/services") }); err != nil {
			return fmt.Errorf("jaeger did not start: %w (see %s)", err, filepath.Join(s.cfg.logDir(), "jaeger.log"))
		}
	}

	// Mail the services send (password resets) is caught here and listed over HTTP.
	mail, err := mailcapture.Start(loopback(s.cfg.port("SMTP")))
	if err != nil {
		return fmt.Errorf("mail capture: %w", err)
	}
	s.parts = append(s.parts, part{name: "mail capture", stop: func() { _ = mail.Close() }})
	if _, err := mail.ListenHTTP(loopback(s.cfg.port("MAIL"))); err != nil {
		return fmt.Errorf("mail capture listing: %w", err)
	}

	common := []string{
		"CONSUL_HTTP_ADDR=" + s.cfg.consulAddr(),
		"CONSUL_CHECK_INTERVAL=1s",
		"MONGO_URI=" + db.URI(),
		"REDIS_URL=redis://" + loopback(s.cfg.port("REDIS")) + "/0",
		"ADVERTISE_HOST=127.0.0.1",
		"SITE_URL=" + s.cfg.publicURL(),
		"SITE_ORIGINS=" + s.cfg.siteOrigins(),
		"SMTP_ADDR=" + loopback(s.cfg.port("SMTP")),
	}
	if s.cfg.companyFacts != "" {
		common = append(common, "COMPANY_FACTS_FILE="+s.cfg.companyFacts)
	}
	common = append(common, s.cfg.tracingEnv()...)
	if err := s.startSignIn(); err != nil {
		return err
	}
	s.parts = append(s.parts, part{name: "sign-in stand-in", stop: func() { _ = s.signIn.Close() }})
	if err := s.startPayments(); err != nil {
		return err
	}
	s.parts = append(s.parts, part{name: "payment stand-in", stop: func() { _ = s.payments.Close() }})
	for _, v := range services {
		env := common
		if v.env != nil {
			env = append(slices.Clip(common), v.env(s)...)
		}
		if err := s.startService(v.name, s.cfg.servicePort(v), env); err != nil {
			return err
		}
	}
	if err := s.startService("gateway", s.cfg.port("GATEWAY"), common); err != nil {
		return err
	}
	if err := s.nginx(); err != nil {
		return err
	}
	// Ready when requests cross every layer to every service: nginx, the gateway, Consul's view.
	for _, v := range services {
		probe := "http://" + loopback(s.cfg.port("WEB")) + v.probe
		if v.probe == "" {
			probe = "http://" + loopback(s.cfg.servicePort(v)) + "/readyz"
		}
		if err := proc.WaitFor(60*time.Second, func() error { return httpOK(probe) }); err != nil {
			return fmt.Errorf("%s not answering at %s: %w (see %s)", v.name, probe, err, filepath.Join(s.cfg.logDir(), v.name+".log"))
		}
	}
	if err := s.seedAccounts(common); err != nil {
		return err
	}
	if err := s.seedDemoTranslator(); err != nil {
		return err
	}
	// Metrics and alerts once the programs they scrape are up, so that no rule sees one missing
	// (metrics.go).
	metricsNow, err := s.whenBuilt(extra{name: "VictoriaMetrics and vmalert", bins: []string{"victoria-metrics", "vmalert"}, start: (*stack).metrics,
		ready:  s.cfg.metricsReady,
		joined: "metrics (vmui) at " + s.cfg.metricsURL() + "/vmui/, alerts at " + s.cfg.alertsURL() + "/api/v1/alerts"})
	if err != nil {
		return err
	}
	if !metricsNow {
		return nil
	}
	if err := proc.WaitFor(60*time.Second, s.cfg.metricsReady); err != nil {
		return fmt.Errorf("metrics did not start: %w (see victoria-metrics.log and vmalert.log in %s)", err, s.cfg.logDir())
	}
	return nil
}

// demoAccounts are created by `make up` only, never in a deployment (README lists them).
var demoAccounts = []struct{ role, email, name, password string }{
	{"admin", "admin@linguaport.local", "LinguaPort Yönetici", "Yonetici-Demo-2026"},
	{"customer", "musteri@linguaport.local", "Ayşe Müşteri", "Musteri-Demo-2026"},
	{"translator", "tercuman@linguaport.local", "Mehmet Tercüman", "Tercuman-Demo-2026"},
}

// seedAccounts creates the staff and demo accounts with svc-auth's own command; accounts that
// exist are left as they are.
func (s *stack) seedAccounts(common []string) error {
	for _, a := range demoAccounts {
		cmd := exec.Command(s.cfg.bin("svc-auth"), "create-user", a.role, a.email, a.name)
		cmd.Env = append(append(os.Environ(), common...), "PASSWORD="+a.password)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("seeding %s: %w: %s", a.email, err, out)
		}
	}
	return nil
}

func serviceNames() []string {
	names := make([]string, len(services))
	for i, v := range services {
		names[i] = v.name
	}
	return names
}

// startDB runs the embedded FerretDB on PostgreSQL at pgURL. It runs inside devstack, so it is
// not supervised; PostgreSQL under it is, and FerretDB reconnects when it comes back.
func (s *stack) startDB(pgURL string) (*embeddb.DB, error) {
	dbLog, err := os.OpenFile(filepath.Join(s.cfg.logDir(), "ferretdb.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	db, err := embeddb.StartPostgreSQL(ctx, loopback(s.cfg.port("MONGO")), pgURL, logging.New(dbLog, "ferretdb", "warn"))
	if err != nil {
		cancel()
		dbLog.Close()
		return nil, err
	}
	s.parts = append(s.parts, part{name: "ferretdb", stop: func() {
		cancel()
		<-db.Done()
		logging.Flush()
		_ = dbLog.Close()
	}})
	s.log.Info("embedded FerretDB on PostgreSQL", "uri", db.URI())
	return db, nil
}

func (s *stack) startService(name string, port int, env []string) error {
	return s.run(name, func() *exec.Cmd {
		cmd := exec.Command(s.cfg.bin(name))
		cmd.Env = append(append(os.Environ(), env...), "HTTP_ADDR="+loopback(port))
		return cmd
	}, syscall.SIGTERM)
}

func (s *stack) nginx() error {
	path, err := writeNginx(s.cfg)
	if err != nil {
		return err
	}
	return s.run("nginx", func() *exec.Cmd {
		return exec.Command("nginx", "-p", filepath.Join(s.cfg.dataDir, "nginx"), "-c", path, "-e", "stderr", "-g", "daemon off;")
	}, syscall.SIGTERM)
}

func waitTCP(addr string, timeout time.Duration) error {
	return proc.WaitFor(timeout, func() error {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
		}
		return err
	})
}

func httpOK(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}
