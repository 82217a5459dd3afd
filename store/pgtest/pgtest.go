// Package pgtest gives each test its own PostgreSQL database, cloned from a
// template migrated once (peterldowns/pgtestdb). The server is
// FOLIO_TEST_DATABASE_URL (set by `folio db run`, which make test uses); when
// it is unset, the test process starts an embedded cluster of its own.
//
// With FOLIO_TEST_POOLER=pgbouncer, every store New opens goes through a
// PgBouncer in transaction pooling mode that the test process starts in
// front of the server (store.StartPgBouncer), in Folio's pooler mode
// without a direct URL: make test runs a named part of the suite so
// (Makefile, POOLER_PACKAGES). Creating, cloning and dropping databases
// stays on the server itself.
package pgtest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/peterldowns/pgtestdb"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"folio/migrations"
	"folio/store"
)

var (
	serverOnce sync.Once
	serverConf pgtestdb.Config
	serverErr  error
	// bouncer is the PgBouncer in front of the server under
	// FOLIO_TEST_POOLER=pgbouncer, nil otherwise.
	bouncer *store.PgBouncer
)

// PoolerSetting names the environment variable that puts the tests behind
// PgBouncer.
const PoolerSetting = "FOLIO_TEST_POOLER"

// New returns a store over a fresh, migrated database that is dropped when
// the test passes.
func New(t testing.TB) *store.Store {
	t.Helper()
	serverOnce.Do(func() { serverConf, serverErr = server() })
	if serverErr != nil {
		t.Fatalf("test database server: %v", serverErr)
	}
	conf := pgtestdb.Custom(t, serverConf, migrator{})
	dsn, opts := conf.URL(), store.Options{}
	if bouncer != nil {
		dsn, opts = bouncer.DSN(conf.Database), store.Options{Pooler: true}
		// Before the database is dropped (pgtestdb's cleanup, registered
		// before this one and so run after it): PgBouncer keeps idle server
		// connections to it, which DROP DATABASE would wait on.
		t.Cleanup(func() { endSessions(*conf) })
	}
	s, err := store.OpenOptions(context.Background(), dsn, opts)
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	if err := s.LoadSecrets(context.Background()); err != nil {
		t.Fatalf("load secrets: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// server finds or starts the database server and describes it for pgtestdb.
func server() (pgtestdb.Config, error) {
	dsn := os.Getenv("FOLIO_TEST_DATABASE_URL")
	if dsn == "" {
		removeOrphans()
		dir, err := os.MkdirTemp("", "folio-pgtest-")
		if err != nil {
			return pgtestdb.Config{}, err
		}
		os.Chmod(dir, 0o755)
		if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
			return pgtestdb.Config{}, err
		}
		// Stopped by the kernel (parent-death signal) when the test process exits.
		emb, err := store.StartEmbedded(context.Background(), dir)
		if err != nil {
			return pgtestdb.Config{}, err
		}
		dsn = emb.DSN()
	}
	pc, err := pgconn.ParseConfig(dsn)
	if err != nil {
		return pgtestdb.Config{}, err
	}
	switch v := os.Getenv(PoolerSetting); v {
	case "":
	case "pgbouncer":
		dir, err := os.MkdirTemp("", "folio-pgbouncer-")
		if err != nil {
			return pgtestdb.Config{}, err
		}
		// Stopped by the kernel (parent-death signal) with the test process.
		if bouncer, err = store.StartPgBouncer(context.Background(), dir, dsn); err != nil {
			return pgtestdb.Config{}, err
		}
	default:
		return pgtestdb.Config{}, fmt.Errorf("%s=%q: want pgbouncer, or nothing", PoolerSetting, v)
	}
	opts := url.Values{"sslmode": {"disable"}}
	if len(pc.Host) > 0 && pc.Host[0] == '/' {
		opts.Set("host", pc.Host) // a Unix socket directory
	}
	return pgtestdb.Config{
		DriverName: "pgx",
		Host:       "localhost",
		Port:       strconv.Itoa(int(pc.Port)),
		User:       pc.User,
		Password:   pc.Password,
		Database:   pc.Database,
		Options:    opts.Encode(),
	}, nil
}

// PgBouncer is a PgBouncer in transaction pooling mode in front of the
// test server: the one every store of New goes through under
// FOLIO_TEST_POOLER=pgbouncer, else one started for the test (stopped
// after it). A test without the pgbouncer binary is skipped, saying so.
func PgBouncer(t testing.TB) *store.PgBouncer {
	t.Helper()
	serverOnce.Do(func() { serverConf, serverErr = server() })
	if serverErr != nil {
		t.Fatalf("test database server: %v", serverErr)
	}
	if bouncer != nil {
		return bouncer
	}
	if !store.HavePgBouncer() {
		t.Skip("pgbouncer is not installed (make pgbouncer, or apt-get install pgbouncer)")
	}
	// Not t.TempDir: PgBouncer may run as another user (as root, the
	// cluster's), who must reach its directory.
	dir, err := os.MkdirTemp("", "folio-pgbouncer-")
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.StartPgBouncer(context.Background(), dir, serverConf.URL())
	if err != nil {
		os.RemoveAll(dir)
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Stop(); os.RemoveAll(dir) })
	return b
}

// DirectURL is the URL of the test server's database name, without
// PgBouncer.
func DirectURL(t testing.TB, name string) string {
	t.Helper()
	serverOnce.Do(func() { serverConf, serverErr = server() })
	if serverErr != nil {
		t.Fatalf("test database server: %v", serverErr)
	}
	conf := serverConf
	conf.Database = name
	return conf.URL()
}

// EmptyDatabase creates a database without any table on the test server,
// dropped after the test, and returns its name and its direct URL.
func EmptyDatabase(t testing.TB) (name, dsn string) {
	t.Helper()
	serverOnce.Do(func() { serverConf, serverErr = server() })
	if serverErr != nil {
		t.Fatalf("test database server: %v", serverErr)
	}
	db, err := sql.Open("pgx", serverConf.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sum := sha256.Sum256([]byte(t.Name() + strconv.FormatInt(time.Now().UnixNano(), 10)))
	name = "folio_empty_" + hex.EncodeToString(sum[:8])
	if _, err := db.Exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatal(err)
	}
	conf := serverConf
	conf.Database = name
	t.Cleanup(func() {
		endSessions(conf)
		if db, err := sql.Open("pgx", serverConf.URL()); err == nil {
			db.Exec(`DROP DATABASE IF EXISTS ` + name) //nolint:errcheck
			db.Close()
		}
	})
	return name, conf.URL()
}

// endSessions ends the server's sessions on conf's database.
func endSessions(conf pgtestdb.Config) {
	admin := serverConf
	db, err := sql.Open("pgx", admin.URL())
	if err != nil {
		return
	}
	defer db.Close()
	db.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, conf.Database) //nolint:errcheck
}

// ownerFile, in an embedded cluster's directory, holds the id of the test
// process that started it.
const ownerFile = "folio-test-owner.pid"

// removeOrphans deletes the clusters of test processes that are gone. A
// cluster stops with its test process (the kernel's parent-death signal),
// but its directory, about 100 MB, stays: every `go test` run outside
// make test would leave one behind. The next run clears them.
func removeOrphans() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "folio-pgtest-*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue // not ours to judge (or an older run's: left alone)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || processAlive(pid) {
			continue
		}
		os.RemoveAll(dir)
	}
}

// processAlive reports whether a process of this id exists (signal 0
// checks without sending anything).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// migrator builds the template database with Folio's own migrations.
type migrator struct{}

// Hash names the template after the migrations' contents, so a changed
// migration gets a new template. Go migrations (River's schema) count by
// name and by the River schema version they install.
func (migrator) Hash() (string, error) {
	h := sha256.New()
	for _, m := range migrations.Migrations.Sorted() {
		h.Write([]byte(m.Name))
	}
	h.Write([]byte(strconv.Itoa(migrations.RiverSchemaVersion)))
	err := fs.WalkDir(migrations.Files(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.Files(), path)
		h.Write([]byte(path))
		h.Write(b)
		return err
	})
	return hex.EncodeToString(h.Sum(nil)), err
}

func (migrator) Migrate(ctx context.Context, db *sql.DB, _ pgtestdb.Config) error {
	bdb := bun.NewDB(db, pgdialect.New())
	m := store.Migrator(bdb)
	if err := m.Init(ctx); err != nil {
		return err
	}
	_, err := m.Migrate(ctx)
	return err
}
