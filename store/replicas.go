package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// Read replicas (FOLIO_DATABASE_REPLICA_URLS): the reads that may lag a
// little (those of a context marked with AllowStale: published site views
// and searches) go to a streaming replica of the database, when one is
// healthy and close enough; every other statement stays on the primary.
//
// A caller that just wrote reads its own write: a write request of a
// token or a session ends by recording the primary's WAL position for its
// credential (NoteWrite, one upsert into the unlogged read_after table of
// the primary, which every server shares), and a stale-allowed read of
// that credential goes to a replica only once the replica has replayed
// that far (one read by key on the primary, the first time a request
// needs it). Anonymous readers never wrote, and read from replicas
// without asking.
//
// Each server watches its replicas every ReplicaPoll: the position each
// has replayed, and how far behind the primary it is, in time (the age of
// the oldest primary position sampled that it has not replayed yet). A
// replica that fails to answer, or lags more than ReplicaMaxLag, is
// skipped until it catches up.

// DefaultReplicaMaxLag is how far behind the primary a replica may be and
// still serve reads (Options.ReplicaMaxLag; FOLIO_DATABASE_REPLICA_MAX_LAG).
const DefaultReplicaMaxLag = 5 * time.Second

// ReplicaPoll is how often a server samples its replicas' positions.
const ReplicaPoll = 100 * time.Millisecond

// replica is one read replica and what the last sample said of it.
type replica struct {
	url      string
	db       *bun.DB
	replayed atomic.Uint64 // the WAL position it has replayed
	usable   atomic.Bool   // answered, and lags no more than the bound
}

// replicaSet is a store's replicas and their watcher.
type replicaSet struct {
	list   []*replica
	maxLag time.Duration
	next   atomic.Uint64 // round robin
	stop   context.CancelFunc
	done   chan struct{}
	// samples are the primary's recent positions, oldest first.
	mu      sync.Mutex
	samples []lsnSample
}

type lsnSample struct {
	at  time.Time
	lsn uint64
}

// openReplicas connects to the replicas and starts watching them.
func (s *Store) openReplicas(ctx context.Context) error {
	if len(s.opts.ReplicaURLs) == 0 {
		return nil
	}
	rs := &replicaSet{maxLag: s.opts.ReplicaMaxLag, done: make(chan struct{})}
	if rs.maxLag <= 0 {
		rs.maxLag = DefaultReplicaMaxLag
	}
	for _, u := range s.opts.ReplicaURLs {
		sqldb, err := openDB(u, s.opts, false)
		if err != nil {
			rs.close()
			return fmt.Errorf("replica: %w", err)
		}
		setMaxConns(sqldb, DefaultMaxConns())
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		db := bun.NewDB(sqldb, pgdialect.New(), bun.WithDiscardUnknownColumns())
		db.AddQueryHook(queryCounter{})
		rs.list = append(rs.list, &replica{url: u, db: db})
	}
	s.replicas = rs
	rs.sample(ctx, s.DB) // the first sample before the first request
	watch, stop := context.WithCancel(context.WithoutCancel(ctx))
	rs.stop = stop
	go rs.watch(watch, s.DB)
	return nil
}

func (rs *replicaSet) close() {
	if rs.stop != nil {
		rs.stop()
		<-rs.done
	}
	for _, r := range rs.list {
		r.db.Close()
	}
}

func (rs *replicaSet) watch(ctx context.Context, primary *bun.DB) {
	defer close(rs.done)
	t := time.NewTicker(ReplicaPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			rs.sample(ctx, primary)
		}
	}
}

// sample reads the primary's position, then each replica's.
func (rs *replicaSet) sample(ctx context.Context, primary *bun.DB) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var cur string
	now := time.Now()
	if err := primary.DB.QueryRowContext(ctx, `SELECT pg_current_wal_lsn()::text`).Scan(&cur); err == nil {
		if lsn, err := parseLSN(cur); err == nil {
			rs.mu.Lock()
			rs.samples = append(rs.samples, lsnSample{now, lsn})
			// Keep what the bound needs to judge, and one older.
			for len(rs.samples) > 2 && now.Sub(rs.samples[1].at) > 2*rs.maxLag {
				rs.samples = rs.samples[1:]
			}
			rs.mu.Unlock()
		}
	}
	for _, r := range rs.list {
		var replayed sql.NullString
		err := r.db.DB.QueryRowContext(ctx, `SELECT pg_last_wal_replay_lsn()::text`).Scan(&replayed)
		if err != nil || !replayed.Valid { // down, or not a replica
			r.usable.Store(false)
			continue
		}
		lsn, err := parseLSN(replayed.String)
		if err != nil {
			r.usable.Store(false)
			continue
		}
		r.replayed.Store(lsn)
		r.usable.Store(rs.lag(lsn, now) <= rs.maxLag)
	}
}

// lag is how long ago the primary was at the first position sampled that
// the replica has not replayed: zero when it has replayed them all.
func (rs *replicaSet) lag(replayed uint64, now time.Time) time.Duration {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	for _, s := range rs.samples {
		if s.lsn > replayed {
			return now.Sub(s.at)
		}
	}
	return 0
}

// parseLSN reads PostgreSQL's text form of a WAL position, "16/B374D848".
func parseLSN(s string) (uint64, error) {
	hi, lo, ok := strings.Cut(s, "/")
	if !ok {
		return 0, fmt.Errorf("WAL position %q", s)
	}
	h, err := strconv.ParseUint(hi, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("WAL position %q", s)
	}
	l, err := strconv.ParseUint(lo, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("WAL position %q", s)
	}
	return h<<32 | l, nil
}

type staleKey struct{}

// readAfter is a request's credential and, once read, the WAL position
// its reads must see.
type readAfter struct {
	credential string
	once       sync.Once
	lsn        uint64
	err        error
}

// AllowStale marks ctx's reads as ones that may lag the primary by up to
// the replicas' bound (ReplicaMaxLag), and no further back than the last
// write of credential ("token:<id>" or "session:<id>"; empty: anonymous).
func AllowStale(ctx context.Context, credential string) context.Context {
	return context.WithValue(ctx, staleKey{}, &readAfter{credential: credential})
}

// reads is the database that ctx's stale-allowed reads run on: a usable
// replica that has replayed the caller's last write, else the primary.
func (s *Store) reads(ctx context.Context) *bun.DB {
	rs := s.replicas
	if rs == nil {
		return s.DB
	}
	ra, ok := ctx.Value(staleKey{}).(*readAfter)
	if !ok {
		return s.DB
	}
	if ra.credential != "" {
		ra.once.Do(func() { ra.lsn, ra.err = s.lastWrite(ctx, ra.credential) })
		if ra.err != nil {
			return s.DB
		}
	}
	n := uint64(len(rs.list))
	start := rs.next.Add(1)
	for i := range n {
		r := rs.list[(start+i)%n]
		if r.usable.Load() && r.replayed.Load() >= ra.lsn {
			return r.db
		}
	}
	return s.DB
}

// lastWrite is the WAL position after credential's last write, 0 when it
// wrote nothing recently.
func (s *Store) lastWrite(ctx context.Context, credential string) (uint64, error) {
	var lsn string
	err := s.DB.NewRaw(`SELECT lsn::text FROM read_after WHERE credential = ?`, credential).Scan(ctx, &lsn)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return parseLSN(lsn)
}

// NoteWrite records, for a credential that just wrote, the primary's WAL
// position, past the commit of that write: its later stale-allowed reads
// wait for a replica that has replayed it. Nothing without replicas.
func (s *Store) NoteWrite(ctx context.Context, credential string) error {
	if s.replicas == nil || credential == "" {
		return nil
	}
	_, err := s.DB.NewRaw(`INSERT INTO read_after (credential, lsn, written_at) VALUES (?, pg_current_wal_lsn(), now())
		ON CONFLICT (credential) DO UPDATE SET lsn = excluded.lsn, written_at = excluded.written_at`, credential).Exec(ctx)
	return err
}

// Replicas reports, for each replica URL, whether it serves reads now.
func (s *Store) Replicas() []bool {
	if s.replicas == nil {
		return nil
	}
	out := make([]bool, len(s.replicas.list))
	for i, r := range s.replicas.list {
		out[i] = r.usable.Load()
	}
	return out
}

// ReadTarget says where ctx's stale-allowed reads would go now: the URL
// of a replica, or "primary". For tests and diagnostics.
func (s *Store) ReadTarget(ctx context.Context) string {
	db := s.reads(ctx)
	if s.replicas != nil {
		for _, r := range s.replicas.list {
			if r.db == db {
				return r.url
			}
		}
	}
	return "primary"
}
