package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"linguaport/internal/config"
	"linguaport/internal/discovery"
	"linguaport/internal/embeddb"
	"linguaport/internal/logging"
	"linguaport/internal/mailcapture"
	"linguaport/internal/proc"
)

// stackConfig says where everything listens and lives. Defaults suit `make up`; the whole-stack
// tests move every port and the data directory.
type stackConfig struct {
	root                                                   string
	dataDir                                                string
	webPort, gatewayPort, geoPort, catalogPort, consulPort int
	authPort, ordersPort, smtpPort, mailPort               int
	redisPort                                              int
	mongoPort, serfLANPort, serfWANPort, consulServerPort  int
}

func loadConfig(env *config.Env) stackConfig {
	root, err := proc.RepoRoot()
	if err != nil {
		root = "."
	}
	return stackConfig{
		root:             root,
		dataDir:          env.String("DEVSTACK_DATA", filepath.Join(root, ".data")),
		webPort:          env.Int("DEVSTACK_WEB_PORT", 8000),
		gatewayPort:      env.Int("DEVSTACK_GATEWAY_PORT", 8080),
		geoPort:          env.Int("DEVSTACK_GEO_PORT", 8086),
		catalogPort:      env.Int("DEVSTACK_CATALOG_PORT", 8082),
		authPort:         env.Int("DEVSTACK_AUTH_PORT", 8081),
		ordersPort:       env.Int("DEVSTACK_ORDERS_PORT", 8083),
		smtpPort:         env.Int("DEVSTACK_SMTP_PORT", 1025),
		mailPort:         env.Int("DEVSTACK_MAIL_PORT", 8025),
		consulPort:       env.Int("DEVSTACK_CONSUL_PORT", 8500),
		redisPort:        env.Int("DEVSTACK_REDIS_PORT", 6390),
		mongoPort:        env.Int("DEVSTACK_MONGO_PORT", 27018),
		serfLANPort:      env.Int("DEVSTACK_CONSUL_SERF_LAN_PORT", 8301),
		serfWANPort:      env.Int("DEVSTACK_CONSUL_SERF_WAN_PORT", 8302),
		consulServerPort: env.Int("DEVSTACK_CONSUL_SERVER_PORT", 8300),
	}
}

func (c stackConfig) publicURL() string  { return "http://localhost:" + strconv.Itoa(c.webPort) }
func (c stackConfig) consulAddr() string { return loopback(c.consulPort) }
func (c stackConfig) mailURL() string    { return "http://" + loopback(c.mailPort) + "/messages" }

// siteOrigins are the origins the browser may write with cookies from (DESIGN §5).
func (c stackConfig) siteOrigins() string {
	port := strconv.Itoa(c.webPort)
	return "http://localhost:" + port + ",http://127.0.0.1:" + port
}
func (c stackConfig) logDir() string { return filepath.Join(c.dataDir, "logs") }
func (c stackConfig) bin(name string) string {
	return filepath.Join(c.root, ".bin", name)
}

func loopback(port int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) }

type running struct {
	name string
	p    *proc.Process
}

type stack struct {
	cfg    stackConfig
	log    *slog.Logger
	procs  []running
	stopDB context.CancelFunc
	mail   *mailcapture.Server
	db     *embeddb.DB
	dbLog  *os.File
	exited chan string
}

func (s *stack) start(ctx context.Context) error {
	s.exited = make(chan string, 16)
	for _, dir := range []string{s.cfg.logDir(), filepath.Join(s.cfg.dataDir, "redis"), filepath.Join(s.cfg.dataDir, "nginx")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	for _, name := range []string{"consul", "gateway", "svc-auth", "svc-catalog", "svc-orders", "svc-geo"} {
		if _, err := os.Stat(s.cfg.bin(name)); err != nil {
			return fmt.Errorf("%s is not built; run `make up` (or `make build tools`)", s.cfg.bin(name))
		}
	}
	if _, err := os.Stat(filepath.Join(s.cfg.root, "webui", "dist", "index.html")); err != nil {
		return errors.New("webui/dist is not built; run `make up` (or `make webui`)")
	}

	// Consul first: every service registers in it at start.
	if err := s.run("consul", exec.Command(s.cfg.bin("consul"),
		discovery.DevAgentArgs(s.cfg.consulPort, s.cfg.serfLANPort, s.cfg.serfWANPort, s.cfg.consulServerPort, "")...)); err != nil {
		return err
	}

	dbCtx, stopDB := context.WithCancel(context.Background())
	s.stopDB = stopDB
	dbLog, err := os.OpenFile(filepath.Join(s.cfg.logDir(), "ferretdb.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	s.dbLog = dbLog
	db, err := embeddb.Start(dbCtx, loopback(s.cfg.mongoPort), filepath.Join(s.cfg.dataDir, "ferretdb"), logging.New(dbLog, "ferretdb", "warn"))
	if err != nil {
		return err
	}
	s.db = db
	s.log.Info("embedded FerretDB", "uri", db.URI())

	if err := s.run("redis", exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(s.cfg.redisPort),
		"--dir", filepath.Join(s.cfg.dataDir, "redis"), "--appendonly", "yes", "--save", "60 1")); err != nil {
		return err
	}
	if err := discovery.WaitLeader(s.cfg.consulAddr(), 60*time.Second); err != nil {
		return fmt.Errorf("consul did not start: %w", err)
	}
	if err := waitTCP(loopback(s.cfg.redisPort), 10*time.Second); err != nil {
		return fmt.Errorf("redis did not start: %w", err)
	}

	// Mail the services send (password resets) is caught here and listed over HTTP.
	if s.mail, err = mailcapture.Start(loopback(s.cfg.smtpPort)); err != nil {
		return fmt.Errorf("mail capture: %w", err)
	}
	if _, err := s.mail.ListenHTTP(loopback(s.cfg.mailPort)); err != nil {
		return fmt.Errorf("mail capture listing: %w", err)
	}

	common := []string{
		"CONSUL_HTTP_ADDR=" + s.cfg.consulAddr(),
		"CONSUL_CHECK_INTERVAL=1s",
		"MONGO_URI=" + db.URI(),
		"REDIS_URL=redis://" + loopback(s.cfg.redisPort) + "/0",
		"ADVERTISE_HOST=127.0.0.1",
		"ENVIRONMENT=development",
		"SITE_URL=" + s.cfg.publicURL(),
		"SITE_ORIGINS=" + s.cfg.siteOrigins(),
		"SMTP_ADDR=" + loopback(s.cfg.smtpPort),
	}
	if err := s.service("svc-auth", s.cfg.authPort, common); err != nil {
		return err
	}
	if err := s.service("svc-geo", s.cfg.geoPort, common); err != nil {
		return err
	}
	if err := s.service("svc-catalog", s.cfg.catalogPort, common); err != nil {
		return err
	}
	if err := s.service("svc-orders", s.cfg.ordersPort, common); err != nil {
		return err
	}
	if err := s.service("gateway", s.cfg.gatewayPort, common); err != nil {
		return err
	}
	if err := s.nginx(); err != nil {
		return err
	}
	// Ready when requests cross every layer to every service: nginx, the gateway, Consul's view.
	for _, path := range []string{"/api/v1/geo/currencies", "/api/v1/catalog/stats", "/api/v1/auth/providers", "/api/v1/orders/prices"} {
		probe := "http://" + loopback(s.cfg.webPort) + path
		if err := proc.WaitFor(60*time.Second, func() error { return httpOK(probe) }); err != nil {
			return fmt.Errorf("stack not answering at %s: %w (see %s)", probe, err, s.cfg.logDir())
		}
	}
	return s.seedAccounts(common)
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

func (s *stack) service(name string, port int, env []string) error {
	cmd := exec.Command(s.cfg.bin(name))
	cmd.Env = append(append(os.Environ(), env...), "HTTP_ADDR="+loopback(port))
	return s.run(name, cmd)
}

func (s *stack) nginx() error {
	conf, err := renderNginx(s.cfg)
	if err != nil {
		return err
	}
	path := filepath.Join(s.cfg.dataDir, "nginx", "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		return err
	}
	return s.run("nginx", exec.Command("nginx", "-p", filepath.Join(s.cfg.dataDir, "nginx"), "-c", path, "-e", "stderr", "-g", "daemon off;"))
}

// run starts a process with its output in the log directory and watches for it ending early.
func (s *stack) run(name string, cmd *exec.Cmd) error {
	f, err := os.OpenFile(filepath.Join(s.cfg.logDir(), name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	cmd.Stdout, cmd.Stderr = f, f
	p, err := proc.StartCmd(cmd)
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	s.log.Info("started", "name", name, "pid", p.Pid())
	s.procs = append(s.procs, running{name: name, p: p})
	go func() {
		<-p.Exited()
		f.Close()
		s.exited <- name
	}()
	return nil
}

// wait runs until a signal arrives or a process dies.
func (s *stack) wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return nil
	case name := <-s.exited:
		return fmt.Errorf("%s exited; see %s", name, filepath.Join(s.cfg.logDir(), name+".log"))
	}
}

// stop ends everything in reverse order of starting, so services leave Consul before it goes.
func (s *stack) stop() {
	for i := len(s.procs) - 1; i >= 0; i-- {
		s.procs[i].p.Stop()
		s.log.Info("stopped", "name", s.procs[i].name)
	}
	if s.mail != nil {
		_ = s.mail.Close()
	}
	if s.stopDB != nil {
		s.stopDB()
		<-s.db.Done()
		logging.Flush()
		_ = s.dbLog.Close()
		s.log.Info("stopped", "name", "ferretdb")
	}
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
