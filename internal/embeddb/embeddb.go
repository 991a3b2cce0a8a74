// Package embeddb runs FerretDB inside the process: the MongoDB-compatible database of
// `make up` (on a local PostgreSQL, see Postgres) and of the tests (on SQLite, for small data).
//
// Both backends matter for speed: FerretDB's SQLite backend pushes down only a filter that is
// exactly {_id: value} and reads and decodes the whole collection for any other, while its
// PostgreSQL backend turns equality filters into SQL, which indexes serve once they are of the
// kind its SQL can use (pgindex.go, bench/db).
//
// FerretDB 1.x applies an update as a read followed by a separate write, on either backend, so
// two concurrent conditional updates of one document can both succeed, which MongoDB never
// allows and which our services rely on (optimistic versions, guarded state transitions, outbox
// removal). A small wire-protocol front therefore serializes write commands: clients talk to the
// front, which passes reads straight through and lets one write at a time reach FerretDB.
package embeddb

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// DB is a running embedded database.
type DB struct {
	uri  string
	done chan struct{}
	log  *slog.Logger
}

// URI is the mongodb:// address clients connect to.
func (db *DB) URI() string { return db.uri }

// Done is closed once the database has stopped after its context ended.
func (db *DB) Done() <-chan struct{} { return db.done }

// Start runs the database on addr ("127.0.0.1:27018", or port 0 for any) with its files in dir
// (SQLite), until ctx ends.
func Start(ctx context.Context, addr, dir string, logger *slog.Logger) (*DB, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("embedded db dir: %w", err)
	}
	return start(ctx, addr, ferretdb.Config{Handler: "sqlite", SQLiteURL: "file:" + filepath.ToSlash(dir) + "/"}, logger)
}

// StartPostgreSQL runs the database on addr keeping its data in the PostgreSQL database at url
// ("postgres://user@127.0.0.1:5440/ferretdb", see Postgres.URL), until ctx ends. PostgreSQL may
// go away and come back meanwhile: FerretDB connects again when asked next.
//
// Its queries are served by indexes: see keepContainmentIndexes.
func StartPostgreSQL(ctx context.Context, addr, url string, logger *slog.Logger) (*DB, error) {
	planned, err := planEachQuery(url)
	if err != nil {
		return nil, err
	}
	db, err := start(ctx, addr, ferretdb.Config{Handler: "postgresql", PostgreSQLURL: planned}, logger)
	if err != nil {
		return nil, err
	}
	go keepContainmentIndexes(ctx, url, db.log)
	return db, nil
}

func start(ctx context.Context, addr string, cfg ferretdb.Config, logger *slog.Logger) (*DB, error) {
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("embedded db listen: %w", err)
	}
	cfg.Listener = ferretdb.ListenerConfig{TCP: "127.0.0.1:0"}
	cfg.Logger = logger
	f, err := ferretdb.New(&cfg)
	if err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("ferretdb: %w", err)
	}
	backendDone := make(chan struct{})
	go func() {
		defer close(backendDone)
		_ = f.Run(ctx)
	}()
	backend := f.MongoDBURI()
	backendAddr := backend[len("mongodb://") : len(backend)-1]

	db := &DB{uri: "mongodb://" + ln.Addr().String() + "/", done: make(chan struct{}), log: logger}
	front := &front{backend: backendAddr, log: logger}
	go func() {
		<-ctx.Done()
		_ = ln.Close()
		front.closeAll()
	}()
	go func() {
		front.serve(ln)
		<-backendDone
		close(db.done)
	}()
	return db, nil
}

// writeCommands are the commands that read a document and then change it.
var writeCommands = map[string]bool{"insert": true, "update": true, "delete": true, "findAndModify": true, "findandmodify": true}

const (
	opMsg          = 2013
	flagMoreToCome = 1 << 1
	maxMessageSize = 48 << 20
)

type front struct {
	backend string
	log     *slog.Logger
	write   sync.Mutex // one write command in FerretDB at a time

	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

func (f *front) serve(ln net.Listener) {
	var wg sync.WaitGroup
	for {
		c, err := ln.Accept()
		if err != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			f.handle(c)
		}()
	}
	wg.Wait()
}

func (f *front) track(c net.Conn, add bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.conns == nil {
		f.conns = map[net.Conn]struct{}{}
	}
	if add {
		f.conns[c] = struct{}{}
	} else {
		delete(f.conns, c)
	}
}

func (f *front) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		_ = c.Close()
	}
}

func (f *front) handle(client net.Conn) {
	defer client.Close()
	server, err := net.Dial("tcp", f.backend)
	if err != nil {
		f.log.Warn("embedded db backend unreachable", "err", err)
		return
	}
	defer server.Close()
	f.track(client, true)
	f.track(server, true)
	defer f.track(client, false)
	defer f.track(server, false)

	// Replies flow back untouched; the pump only signals when the reply to the write being held
	// arrives, so that write keeps the lock until FerretDB has finished it.
	var awaiting atomic.Int64
	awaiting.Store(-1)
	replied := make(chan struct{}, 1)
	pumpDone := make(chan struct{})
	go func() {
		defer close(pumpDone)
		defer client.Close()
		for {
			msg, err := readMessage(server)
			if err != nil {
				return
			}
			if _, err := client.Write(msg); err != nil {
				return
			}
			responseTo := int64(int32(binary.LittleEndian.Uint32(msg[8:12])))
			if awaiting.CompareAndSwap(responseTo, -1) {
				replied <- struct{}{}
			}
		}
	}()

	for {
		msg, err := readMessage(client)
		if err != nil {
			return
		}
		cmd, moreToCome := commandOf(msg)
		if !writeCommands[cmd] || moreToCome {
			if _, err := server.Write(msg); err != nil {
				return
			}
			continue
		}
		if !f.forwardWrite(server, msg, &awaiting, replied, pumpDone) {
			return
		}
	}
}

// writeTimeout bounds how long one write may hold every other write back.
const writeTimeout = time.Minute

func (f *front) forwardWrite(server net.Conn, msg []byte, awaiting *atomic.Int64, replied <-chan struct{}, pumpDone <-chan struct{}) bool {
	f.write.Lock()
	defer f.write.Unlock()
	awaiting.Store(int64(int32(binary.LittleEndian.Uint32(msg[4:8]))))
	if _, err := server.Write(msg); err != nil {
		return false
	}
	select {
	case <-replied:
		return true
	case <-pumpDone:
		return false
	case <-time.After(writeTimeout):
		_ = server.Close()
		return false
	}
}

func readMessage(r io.Reader) ([]byte, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	size := int(binary.LittleEndian.Uint32(header[0:4]))
	if size < 16 || size > maxMessageSize {
		return nil, errors.New("bad wire message size")
	}
	msg := make([]byte, size)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// commandOf returns the command name of an OP_MSG (the first key of its body section).
func commandOf(msg []byte) (cmd string, moreToCome bool) {
	if binary.LittleEndian.Uint32(msg[12:16]) != opMsg || len(msg) < 21 {
		return "", false
	}
	flags := binary.LittleEndian.Uint32(msg[16:20])
	moreToCome = flags&flagMoreToCome != 0
	for p := 20; p < len(msg); {
		kind := msg[p]
		p++
		if kind == 0 {
			if p+4 > len(msg) {
				break
			}
			n := int(binary.LittleEndian.Uint32(msg[p : p+4]))
			if n < 5 || p+n > len(msg) {
				break
			}
			doc := bson.Raw(msg[p : p+n])
			if elems, err := doc.Elements(); err == nil && len(elems) > 0 {
				return elems[0].Key(), moreToCome
			}
			return "", moreToCome
		}
		if p+4 > len(msg) {
			break
		}
		p += int(binary.LittleEndian.Uint32(msg[p : p+4])) // kind 1: skip the document sequence
	}
	return "", moreToCome
}
