// Command mongodb is the database of a cluster's local overlay (issue 30): FerretDB on
// PostgreSQL 15, the MongoDB stand-in `make up` runs (internal/embeddb), as one container.
// No MongoDB image or binary is reachable here, and the services need only what `make up`
// already proves FerretDB does for them, with embeddb's front that lets one write at a time
// through and its containment indexes.
//
// It runs PostgreSQL as its child (its data initialised on first start), creates FerretDB's
// database, and then serves the MongoDB wire protocol on LISTEN_ADDR. PostgreSQL listens on
// loopback only: nothing else in the pod, or outside it, talks to it. If PostgreSQL ends, so
// does this program, and the kubelet restarts the container: one process to watch, not two.
//
//	LISTEN_ADDR    the MongoDB address, ":27017"
//	PGDATA         PostgreSQL's data, "/var/lib/postgresql/data"; its parent must be writable
//	               (a volume), since PostgreSQL insists on a data directory of mode 0700 that
//	               it owns, which a volume's root is not
//	POSTGRES_PORT  PostgreSQL's loopback port, 5432
//	LOG_LEVEL      this program's, "info"; FerretDB's is FERRETDB_LOG_LEVEL, "warn" (as in
//	               `make up`: at info it logs every connection)
//
// PostgreSQL's Unix socket goes in a new directory under TMPDIR (/tmp), which must be writable
// too. It runs as the image's user (the postgres user, which initdb must find in /etc/passwd).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"linguaport/internal/config"
	"linguaport/internal/embeddb"
	"linguaport/internal/logging"
	"linguaport/internal/proc"
)

func main() {
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "mongodb-standin takes no arguments: it is configured by environment variables (standins/mongodb/main.go)")
		os.Exit(2)
	}
	env := config.FromOS()
	addr := env.String("LISTEN_ADDR", ":27017")
	dataDir := env.String("PGDATA", "/var/lib/postgresql/data")
	pgPort := env.Int("POSTGRES_PORT", 5432)
	log := logging.New(os.Stderr, "mongodb-standin", env.String("LOG_LEVEL", "info"))
	dbLog := logging.New(os.Stderr, "ferretdb", env.String("FERRETDB_LOG_LEVEL", "warn"))
	defer logging.Flush()
	logging.ExitOn(log, "configuration", env.Err())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pg, err := embeddb.NewPostgres(dataDir, pgPort)
	logging.ExitOn(log, "postgres data", err)
	defer pg.Close()
	cmd := pg.Command()
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr // PostgreSQL's log is the container's
	postgres, err := proc.StartCmd(cmd)
	logging.ExitOn(log, "postgres", err)
	defer postgres.StopWith(embeddb.PostgresStopSignal)
	if err := proc.WaitFor(60*time.Second, func() error {
		select {
		case <-postgres.Exited():
			return nil // reported below, without waiting out the minute
		default:
			return pg.Ready()
		}
	}); err != nil {
		fail(log, postgres, fmt.Errorf("postgres did not accept connections on port %d within a minute: %w", pgPort, err))
	}
	select {
	case <-postgres.Exited():
		fail(log, postgres, fmt.Errorf("postgres ended at start: %s", postgres.Exit()))
	default:
	}
	if err := pg.CreateDatabase(embeddb.PostgresDatabase); err != nil {
		fail(log, postgres, err)
	}

	dbCtx, stopDB := context.WithCancel(context.Background())
	db, err := embeddb.StartPostgreSQL(dbCtx, addr, pg.URL(embeddb.PostgresDatabase), dbLog)
	if err != nil {
		stopDB()
		fail(log, postgres, err)
	}
	log.Info("FerretDB on PostgreSQL 15 (a MongoDB stand-in)", "addr", addr, "pgdata", dataDir, "postgres_port", strconv.Itoa(pgPort))
	select {
	case <-ctx.Done():
		stopDB()
		<-db.Done()
	case <-postgres.Exited():
		stopDB()
		<-db.Done()
		fail(log, postgres, fmt.Errorf("postgres ended: %s", postgres.Exit()))
	}
}

// fail stops PostgreSQL if it still runs and ends the program with err (the kubelet restarts
// the container; the socket directory left in /tmp goes with the pod's volume).
func fail(log *slog.Logger, postgres *proc.Process, err error) {
	postgres.StopWith(embeddb.PostgresStopSignal)
	log.Error("mongodb stand-in", "err", err)
	logging.Flush()
	os.Exit(1)
}
