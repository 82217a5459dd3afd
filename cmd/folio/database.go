package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"

	"folio/store"
)

// openStore connects to DATABASE_URL, or starts the embedded cluster when it
// is unset. close stops both.
func openStore(ctx context.Context) (s *store.Store, close func(), err error) {
	dsn := os.Getenv("DATABASE_URL")
	var emb *store.Embedded
	if dsn == "" {
		dir := env("FOLIO_DATA_DIR", ".folio")
		if emb, err = store.StartEmbedded(ctx, dir); err != nil {
			return nil, nil, fmt.Errorf("embedded database: %w", err)
		}
		// Said after the fact, with where the data really is (as root it
		// may live in /var/lib/folio), and whether it was started at all.
		if emb.Shared() {
			slog.Debug("using the running embedded PostgreSQL", "data_dir", emb.DataDir())
		} else {
			slog.Info("started embedded PostgreSQL", "data_dir", emb.DataDir())
		}
		dsn = emb.DSN()
	}
	opts, err := databaseOptions()
	if err == nil {
		s, err = store.OpenOptions(ctx, dsn, opts)
	}
	if err == nil {
		err = maxConnsFromEnv(s)
		if err != nil {
			s.Close()
		}
	}
	if err != nil {
		if emb != nil {
			emb.Stop()
		}
		return nil, nil, err
	}
	return s, func() {
		s.Close()
		if emb != nil {
			emb.Stop()
		}
	}, nil
}

// openMigratedStore is openStore for commands that work on the current
// schema: pending migrations are applied first (serialised across servers).
func openMigratedStore(ctx context.Context) (*store.Store, func(), error) {
	s, closeStore, err := openStore(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := s.Migrate(ctx); err != nil {
		closeStore()
		return nil, nil, err
	}
	return s, closeStore, nil
}

func migrate(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: folio migrate up|down|status")
	}
	s, closeStore, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	m := store.Migrator(s.DB)
	if err := m.Init(ctx); err != nil {
		return err
	}
	switch args[0] {
	case "up":
		return s.Migrate(ctx)
	case "down":
		if err := m.Lock(ctx); err != nil {
			return err
		}
		defer m.Unlock(ctx) //nolint:errcheck
		group, err := m.Rollback(ctx)
		if err != nil {
			return err
		}
		fmt.Println("rolled back", group)
		return nil
	case "status":
		ms, err := m.MigrationsWithStatus(ctx)
		if err != nil {
			return err
		}
		for _, mig := range ms {
			state := "pending"
			if mig.IsApplied() {
				state = "applied"
			}
			fmt.Printf("%-8s %s %s\n", state, mig.Name, mig.Comment)
		}
		return nil
	}
	return fmt.Errorf("usage: folio migrate up|down|status")
}

// maxConnsFromEnv sizes the store's connection pool from
// FOLIO_DB_MAX_CONNS; unset, store.DefaultMaxConns stays.
func maxConnsFromEnv(s *store.Store) error {
	v := os.Getenv("FOLIO_DB_MAX_CONNS")
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err == nil {
		err = s.SetMaxConns(n) // it refuses a pool too small for a migration
	}
	if err != nil {
		return fmt.Errorf("FOLIO_DB_MAX_CONNS=%q: want a number of connections, at least %d", v, store.MinMaxConns)
	}
	return nil
}

// databaseOptions reads how the database is reached beyond DATABASE_URL:
// FOLIO_DATABASE_POOLER (transaction: DATABASE_URL leads to PgBouncer or
// another pooler in transaction mode) and FOLIO_DATABASE_DIRECT_URL (the
// same database without the pooler, for what needs a session).
func databaseOptions() (store.Options, error) {
	var o store.Options
	switch v := os.Getenv("FOLIO_DATABASE_POOLER"); v {
	case "", "none":
	case "transaction":
		o.Pooler = true
	default:
		return o, fmt.Errorf("FOLIO_DATABASE_POOLER=%q: want transaction (DATABASE_URL leads to a pooler in transaction mode, PgBouncer's pool_mode=transaction) or none", v)
	}
	o.ReplicaURLs = splitList(os.Getenv("FOLIO_DATABASE_REPLICA_URLS"))
	if v := os.Getenv("FOLIO_DATABASE_REPLICA_MAX_LAG"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return o, fmt.Errorf("FOLIO_DATABASE_REPLICA_MAX_LAG=%q: want a positive duration such as 5s", v)
		}
		o.ReplicaMaxLag = d
	}
	o.TokenCacheTTL = store.DefaultTokenCacheTTL
	if v := os.Getenv("FOLIO_TOKEN_CACHE_TTL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || d > store.MaxTokenCacheTTL {
			return o, fmt.Errorf("FOLIO_TOKEN_CACHE_TTL=%q: want a duration from 0 (no cache) to %s, such as 500ms", v, store.MaxTokenCacheTTL)
		}
		o.TokenCacheTTL = d
	}
	o.DirectURL = os.Getenv("FOLIO_DATABASE_DIRECT_URL")
	if o.DirectURL != "" && !o.Pooler {
		return o, fmt.Errorf("FOLIO_DATABASE_DIRECT_URL is set without FOLIO_DATABASE_POOLER=transaction: without a pooler DATABASE_URL is direct already")
	}
	return o, nil
}

// sessionDSN is the URL of a connection that keeps its session (pg_dump
// and pg_restore set session settings and run one long transaction).
func sessionDSN(s *store.Store, what string) (string, error) {
	dsn, ok := s.SessionDSN()
	if !ok {
		return "", fmt.Errorf("%s: the database is reached through a pooler in transaction mode (FOLIO_DATABASE_POOLER=transaction): set FOLIO_DATABASE_DIRECT_URL for pg_dump and pg_restore", what)
	}
	return dsn, nil
}
