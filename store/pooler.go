package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// Options say how Folio reaches its database beyond the URL.
type Options struct {
	// Pooler is set when the URL leads to a pooler in transaction mode
	// (PgBouncer's pool_mode=transaction; FOLIO_DATABASE_POOLER=transaction):
	// each transaction, or each statement outside one, may run on another
	// server connection, so nothing may rely on what a session keeps:
	//   - no named prepared statements: statements run in pgx's exec mode
	//     (one round trip, an unnamed statement), unless the URL names its
	//     own default_query_exec_mode (simple_protocol; or cache_statement
	//     behind PgBouncer 1.21 and later with max_prepared_statements set);
	//   - no settings in the startup message (PgBouncer refuses parameters
	//     it does not know): max_parallel_workers_per_gather and
	//     plan_cache_mode are left to the role or the database (ALTER ROLE
	//     ... SET, docs/operations.md);
	//   - no session-level advisory lock: migrations lock with a
	//     transaction's lock held open, or run on DirectURL;
	//   - no LISTEN: the job workers poll, unless DirectURL is set.
	Pooler bool
	// DirectURL, when set, reaches the same database without the pooler,
	// for what needs a session: migrations (and their advisory lock) and
	// the job workers (River's LISTEN/NOTIFY). FOLIO_DATABASE_DIRECT_URL.
	DirectURL string
	// ReplicaURLs are streaming replicas of the database for the reads
	// that may lag (replicas.go; FOLIO_DATABASE_REPLICA_URLS).
	ReplicaURLs []string
	// ReplicaMaxLag is how far behind a replica may be and serve reads
	// (DefaultReplicaMaxLag when zero; FOLIO_DATABASE_REPLICA_MAX_LAG).
	ReplicaMaxLag time.Duration
	// TokenCacheTTL, when positive, keeps the API tokens used lately in
	// memory for that long (tokencache.go; FOLIO_TOKEN_CACHE_TTL, at most
	// MaxTokenCacheTTL there). Zero reads every token from the database.
	TokenCacheTTL time.Duration
}

// OpenOptions is Open with Options.
func OpenOptions(ctx context.Context, dsn string, o Options) (*Store, error) {
	return open(ctx, dsn, o)
}

// Options are the options the store was opened with: a second store over
// the same database (another server, a command) opens with the same.
func (s *Store) Options() Options { return s.opts }

// Pooler reports whether the store's connections go through a pooler in
// transaction mode.
func (s *Store) Pooler() bool { return s.opts.Pooler }

// SessionDSN is the URL to open connections that keep a session (LISTEN,
// session locks) on: the direct URL, or the store's own when there is no
// pooler. ok is false behind a pooler without a direct URL: what needs a
// session does without (the job workers poll).
func (s *Store) SessionDSN() (dsn string, ok bool) {
	switch {
	case s.opts.DirectURL != "":
		return s.opts.DirectURL, true
	case s.opts.Pooler:
		return s.dsn, false
	}
	return s.dsn, true
}

// configureConn adjusts a pgx connection configuration parsed from one of
// the store's URLs to the store's mode. direct says the URL is the direct
// one (DirectURL), which keeps sessions.
func (o Options) configureConn(cfg *pgx.ConnConfig, dsn string, direct bool) {
	if !o.Pooler || direct {
		// No parallel query on Folio's connections (sent with the startup
		// message, so it costs no round trip; a DATABASE_URL that sets it
		// wins). Folio's statements stop at a LIMIT, and a LIMIT above a
		// Gather cannot stop the workers' scans early: an organization search
		// for a common phrase took 215 ms with two workers and 61 ms without
		// (94 and 12 ms for another), and under load the workers take cores
		// from the other requests.
		//
		// The generic plan for every prepared statement. The statements with
		// parameters (params.go, the change feed's append, the rate limit's
		// count) find their rows by keys, whose values never change the plan;
		// PostgreSQL's default plans each of the first five runs on a
		// connection anew, and, since a generic plan over an array of ids of
		// unknown length looks dearer than any custom one, a read by ids kept
		// being planned on every run (an organization read in process: 0.44 ms,
		// 0.20 ms with the generic plan). Statements bun writes have no
		// parameters, and so one plan either way.
		if _, set := cfg.RuntimeParams["max_parallel_workers_per_gather"]; !set {
			cfg.RuntimeParams["max_parallel_workers_per_gather"] = "0"
		}
		if _, set := cfg.RuntimeParams["plan_cache_mode"]; !set {
			cfg.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
		}
		return
	}
	PooledQueryMode(cfg, dsn)
}

// PooledQueryMode makes a connection configuration parsed from dsn run
// its statements without named prepared statements (pgx's exec mode: one
// round trip, an unnamed statement), unless dsn names its own
// default_query_exec_mode.
func PooledQueryMode(cfg *pgx.ConnConfig, dsn string) {
	// pgx removes default_query_exec_mode from what it parsed, so whether
	// the URL named one is read from the URL itself.
	if !strings.Contains(dsn, "default_query_exec_mode") {
		cfg.DefaultQueryExecMode = pgx.QueryExecModeExec
	}
}

// migrationLock serialises migration runs across servers and commands
// and returns its release. On a session of its own (no pooler, or the
// direct URL) it is a session-level advisory lock; behind a pooler it is a
// transaction's advisory lock, held by a transaction left open (pinned to
// one server connection by the pooler) until the run ends: the pooler
// never hands a server connection with a session lock to someone else,
// and a server that dies mid-run ends its transaction, and so the lock.
func migrationLock(ctx context.Context, db *sql.DB, pooled bool) (release func(), err error) {
	if pooled {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return nil, fmt.Errorf("lock migrations: %w", err)
		}
		if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext('folio.migrate'))"); err != nil {
			tx.Rollback() //nolint:errcheck
			return nil, fmt.Errorf("lock migrations: %w", err)
		}
		return func() { tx.Rollback() }, nil //nolint:errcheck
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("lock migrations: %w", err)
	}
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext('folio.migrate'))"); err != nil {
		conn.Close()
		return nil, fmt.Errorf("lock migrations: %w", err)
	}
	return func() {
		conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext('folio.migrate'))") //nolint:errcheck
		conn.Close()
	}, nil
}
