package embeddb

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// ErrUnreachable is a data directory under one the postgres user cannot enter (PostgreSQL
// refuses to run as root, so as root it runs as that user).
var ErrUnreachable = errors.New("the postgres user cannot reach the data directory")

// PostgresBin holds the programs of Debian's postgresql-15 package (`make deps` installs it).
const PostgresBin = "/usr/lib/postgresql/15/bin"

// PostgresDatabase is the PostgreSQL database FerretDB keeps everything in, where `make up` and
// the cluster's database stand-in (standins/mongodb) run it.
const PostgresDatabase = "ferretdb"

// PostgresStopSignal asks PostgreSQL for a fast shutdown (clients disconnected, a checkpoint
// written); its SIGTERM would wait for every client to leave, FerretDB's pooled connections
// included.
const PostgresStopSignal = syscall.SIGINT

// Postgres is a PostgreSQL server for StartPostgreSQL that the caller runs as a process of its
// own, so that it can restart it like any other server (devstack supervises it): Command starts
// it, Ready says whether it accepts connections. It listens on 127.0.0.1 and trusts every local
// connection, as the rest of the dev stack (Redis, FerretDB, Consul) has no passwords either.
type Postgres struct {
	dir       string
	socketDir string
	port      int
	// cred is the postgres system user's when we run as root: PostgreSQL refuses to run as root.
	cred *syscall.Credential
}

// NewPostgres prepares a server with its data in dir, initialised (initdb) on first use, for
// 127.0.0.1:port and a Unix socket in a new temporary directory that Close removes. As root the
// server runs as the postgres system user that Debian's package creates: dir is made its own,
// and every directory above dir must let that user through.
func NewPostgres(dir string, port int) (*Postgres, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	pg := &Postgres{dir: dir, port: port}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("postgres data: %w", err)
	}
	if os.Geteuid() == 0 {
		if pg.cred, err = postgresUser(); err != nil {
			return nil, err
		}
		if err := reachable(filepath.Dir(dir), pg.cred); err != nil {
			return nil, err
		}
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("postgres data: %w", err)
	}
	if pg.socketDir, err = os.MkdirTemp("", "pg-socket-"); err != nil {
		return nil, err
	}
	for _, d := range []string{dir, pg.socketDir} {
		if err := pg.own(d); err != nil {
			pg.Close()
			return nil, err
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "PG_VERSION")); errors.Is(err, os.ErrNotExist) {
		// C locale and UTF-8 whatever the machine's locale; --no-sync: a fresh cluster of a dev
		// stack is not worth seconds of fsync.
		cmd := pg.as(exec.Command(filepath.Join(PostgresBin, "initdb"), "-D", dir, "-U", "postgres",
			"--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"))
		if out, err := cmd.CombinedOutput(); err != nil {
			pg.Close()
			return nil, fmt.Errorf("initdb %s: %w\n%s", dir, err, out)
		}
	}
	return pg, nil
}

// Command is the server's command line, to start with proc.StartCmd; stop it with
// PostgresStopSignal.
func (pg *Postgres) Command() *exec.Cmd {
	return pg.as(exec.Command(filepath.Join(PostgresBin, "postgres"), "-D", pg.dir, "-k", pg.socketDir,
		"-p", strconv.Itoa(pg.port), "-c", "listen_addresses=127.0.0.1"))
}

// Ready reports whether the server accepts connections.
func (pg *Postgres) Ready() error {
	out, err := exec.Command(filepath.Join(PostgresBin, "pg_isready"), "-h", "127.0.0.1", "-p", strconv.Itoa(pg.port)).CombinedOutput()
	if err != nil {
		return fmt.Errorf("pg_isready: %w: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// CreateDatabase creates the database name unless it exists.
func (pg *Postgres) CreateDatabase(name string) error {
	if !identifier.MatchString(name) {
		return fmt.Errorf("database name %q: lower-case letters, digits and _ only", name)
	}
	cmd := exec.Command(filepath.Join(PostgresBin, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1",
		"-h", "127.0.0.1", "-p", strconv.Itoa(pg.port), "-U", "postgres", "-d", "postgres")
	cmd.Stdin = strings.NewReader("SELECT 'CREATE DATABASE " + name + "' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '" + name + "') \\gexec\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("create database %s: %w: %s", name, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// URL is the connection string of database for StartPostgreSQL.
func (pg *Postgres) URL(database string) string {
	return "postgres://postgres@127.0.0.1:" + strconv.Itoa(pg.port) + "/" + database + "?sslmode=disable"
}

// Close removes the socket directory; the server must have stopped.
func (pg *Postgres) Close() {
	if pg.socketDir != "" {
		_ = os.RemoveAll(pg.socketDir)
	}
}

// as runs cmd as the server's user.
func (pg *Postgres) as(cmd *exec.Cmd) *exec.Cmd {
	if pg.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: pg.cred}
	}
	return cmd
}

func (pg *Postgres) own(dir string) error {
	if pg.cred == nil {
		return nil
	}
	if err := os.Chown(dir, int(pg.cred.Uid), int(pg.cred.Gid)); err != nil {
		return fmt.Errorf("postgres data: %w", err)
	}
	return nil
}

func postgresUser() (*syscall.Credential, error) {
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL refuses to run as root, and there is no postgres user to run it as (Debian's postgresql-15 package creates it): %w", err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err := errors.Join(err1, err2); err != nil {
		return nil, fmt.Errorf("postgres user: %w", err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// reachable checks that cred's user may pass through dir and every directory above it, so that
// a data directory under a root-only one (/root, a test's temporary directory) fails here with
// its reason rather than in PostgreSQL's log.
func reachable(dir string, cred *syscall.Credential) error {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err == nil {
			st := fi.Sys().(*syscall.Stat_t)
			mode := fi.Mode().Perm()
			through := mode&0o001 != 0 || st.Uid == cred.Uid && mode&0o100 != 0 || st.Gid == cred.Gid && mode&0o010 != 0
			if !through {
				return fmt.Errorf("%w: PostgreSQL runs as the postgres user (it refuses root), who cannot enter %s (mode %v): let it through (chmod o+x) or keep the data elsewhere", ErrUnreachable, d, mode)
			}
		} else {
			return err
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}
