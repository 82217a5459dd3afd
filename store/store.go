// Package store is Folio's data layer: bun models and queries over
// PostgreSQL, transactions, keyset pagination; its errors carry the codes of
// folio/domain, where the roles and ids live too.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/migrate"

	"folio/migrations"
)

// Store is the handle every resolver and command works through.
type Store struct {
	DB   *bun.DB
	dsn  string
	opts Options
	// replicas are the read replicas, nil without (replicas.go).
	replicas *replicaSet
	now      func() time.Time
	pageKey  []byte // HMAC key for page tokens, shared by all servers through the database
	queue    *river.Client[*sql.Tx]
	// shareKey derives the keys of site share links (see sharelinks.go).
	shareKey []byte
	// sessionKey signs the CSRF tokens of browser sessions.
	sessionKey []byte
	// changes are told of every append of events (changes.go).
	changes *changeListeners
	// tokens is the token cache, nil without (tokencache.go).
	tokens *tokenCache
	// numberings folds the numbering calls after writes' commits
	// together, per organization (events_numbering.go).
	numberings numberings
}

// Open connects to dsn, checks the connection, and loads the server secrets.
// Migrations are not run: call Migrate.
func Open(ctx context.Context, dsn string) (*Store, error) {
	return open(ctx, dsn, Options{})
}

func open(ctx context.Context, dsn string, o Options) (*Store, error) {
	sqldb, err := openDB(dsn, o, false)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	setMaxConns(sqldb, DefaultMaxConns())
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	// Extra columns (window helpers, say) are dropped rather than failing a scan.
	db := bun.NewDB(sqldb, pgdialect.New(), bun.WithDiscardUnknownColumns())
	db.AddQueryHook(queryCounter{})
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	queue, err := newQueue(sqldb)
	if err != nil {
		db.Close()
		return nil, err
	}
	s := &Store{DB: db, dsn: dsn, opts: o, now: time.Now, queue: queue, changes: &changeListeners{}, tokens: newTokenCache(o.TokenCacheTTL)}
	if err := s.openReplicas(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// MinMaxConns is the smallest pool Folio runs with: a migration holds one
// connection for its lock while it applies the changes on another.
const MinMaxConns = 2

// DefaultMaxConns is the pool's size unless FOLIO_DB_MAX_CONNS says
// otherwise: twice the cores Go schedules on, and at least four. A
// connection is a PostgreSQL process; beyond about two per core they only
// take turns on the same cores, and a burst of requests queues in the
// kernel's scheduler, which slices every request thinner, instead of in
// database/sql, first come first served (bench/NOTES.md gives the
// measured tail). No request holds two connections at once (the suite
// passes with a pool of one but for migrations), so no size deadlocks a
// request.
func DefaultMaxConns() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// SetMaxConns sets how many connections the store keeps open at most
// (FOLIO_DB_MAX_CONNS), all of which it may keep idle.
func (s *Store) SetMaxConns(n int) error {
	if n < MinMaxConns {
		return fmt.Errorf("database pool of %d connections: at least %d are needed", n, MinMaxConns)
	}
	setMaxConns(s.DB.DB, n)
	return nil
}

func setMaxConns(db *sql.DB, n int) {
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
}

// DSN is the connection string the store was opened with.
func (s *Store) DSN() string { return s.dsn }

// Close closes the connection pool.
func (s *Store) Close() error {
	if s.replicas != nil {
		s.replicas.close()
	}
	return s.DB.Close()
}

// SetClock replaces the clock; tests use it to move time.
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// Now is the store's current time, in UTC with microsecond precision (as Postgres keeps it).
func (s *Store) Now() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.DB.PingContext(ctx) }

// Migrator returns the bun migrator over Folio's embedded migrations.
func Migrator(db *bun.DB) *migrate.Migrator {
	return migrate.NewMigrator(db, migrations.Migrations, migrate.WithMarkAppliedOnSuccess(true))
}

// Migrate applies pending migrations, serialised across servers by a lock
// (migrationLock). With a direct URL (Options.DirectURL) they run on a
// connection pool of their own over it, closed when they are done.
func (s *Store) Migrate(ctx context.Context) error {
	db, pooled := s.DB, s.opts.Pooler
	if s.opts.DirectURL != "" {
		sqldb, err := openDB(s.opts.DirectURL, s.opts, true)
		if err != nil {
			return fmt.Errorf("direct database URL: %w", err)
		}
		setMaxConns(sqldb, MinMaxConns)
		db, pooled = bun.NewDB(sqldb, pgdialect.New(), bun.WithDiscardUnknownColumns()), false
		defer db.Close()
	}
	// The lock serialises whole runs, creation of bun's own bookkeeping
	// tables included (two servers, or `folio token create` next to a
	// starting server, would otherwise race to create them).
	release, err := migrationLock(ctx, db.DB, pooled)
	if err != nil {
		return err
	}
	defer release()
	m := Migrator(db)
	if err := m.Init(ctx); err != nil {
		return fmt.Errorf("init migrations: %w", err)
	}
	if _, err := m.Migrate(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return s.loadSecrets(ctx)
}

// LoadSecrets reads the server secrets of an already migrated database.
func (s *Store) LoadSecrets(ctx context.Context) error { return s.loadSecrets(ctx) }

func (s *Store) loadSecrets(ctx context.Context) error {
	var err error
	if s.pageKey, err = s.secret(ctx, "page_key"); err != nil {
		return err
	}
	if s.shareKey, err = s.secret(ctx, "share_link_key"); err != nil {
		return err
	}
	s.sessionKey, err = s.secret(ctx, "session_key")
	return err
}

// SessionKey is the server secret that signs what sessions derive (their
// CSRF tokens); every server on the database shares it.
func (s *Store) SessionKey() []byte { return s.sessionKey }

// secret reads a server secret, picking it at random if no server has yet:
// the first server to start picks it, every other one reads it.
func (s *Store) secret(ctx context.Context, name string) ([]byte, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	if _, err := s.DB.NewRaw(`INSERT INTO server_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING`, name, key).Exec(ctx); err != nil {
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	if err := s.DB.NewRaw(`SELECT value FROM server_settings WHERE key = ?`, name).Scan(ctx, &key); err != nil {
		return nil, fmt.Errorf("load %s: %w", name, err)
	}
	return key, nil
}

// RunInTx runs fn in one transaction, committed when fn returns nil. Under
// an Idempotency-Key (WithIdempotentAttempt), the transaction first writes
// the key's row, so the key commits with the write (idempotency.go).
//
// The events the transaction appended (emit) are numbered by its commit
// or after it, before RunInTx returns: a write's events are in the change
// feed when it answers (see numberEvents).
func (s *Store) RunInTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	pending := &pendingEvents{}
	ctx = context.WithValue(ctx, pendingEventsKey{}, pending)
	if a := attemptOf(ctx); a != nil {
		inner := fn
		fn = func(ctx context.Context, tx bun.Tx) error {
			if err := s.markIdempotent(ctx, tx, a); err != nil {
				return err
			}
			return inner(ctx, tx)
		}
	}
	if err := s.runTx(ctx, pending, fn); err != nil {
		return err
	}
	s.numberEvents(ctx, pending)
	return nil
}

// runTx runs fn in a transaction on a connection taken for it, so that
// its commit's notice that it numbered its events reaches pending
// (listenForNumbering). The connection goes back to the pool before
// RunInTx numbers what is left: no request holds two at once. Like
// database/sql's own BeginTx, it takes another connection when the one
// it got turns out dead before the transaction begins.
func (s *Store) runTx(ctx context.Context, pending *pendingEvents, fn func(ctx context.Context, tx bun.Tx) error) error {
	for attempt := 0; ; attempt++ {
		began, err := s.runTxOnce(ctx, pending, fn)
		if !began && errors.Is(err, driver.ErrBadConn) && attempt < 2 {
			continue
		}
		return err
	}
}

// runTxOnce is one attempt of runTx, answering whether fn was called.
func (s *Store) runTxOnce(ctx context.Context, pending *pendingEvents, fn func(ctx context.Context, tx bun.Tx) error) (began bool, err error) {
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close() //nolint:errcheck // back to the pool
	defer listenForNumbering(conn, pending)()
	err = conn.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		began = true
		return fn(ctx, tx)
	})
	return began, err
}

// exists reports whether q matches a row, mapping errors.
func exists(ctx context.Context, q *bun.SelectQuery) (bool, error) {
	ok, err := q.Exists(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	return ok, nil
}

// pgArray wraps a slice so bun writes it as a Postgres array.
func pgArray(v any) any { return pgdialect.Array(v) }
