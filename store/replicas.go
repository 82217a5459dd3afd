package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
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
		db.AddQueryHook(replicaCounter{})
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
// its reads must see, and the replica its reads went to.
type readAfter struct {
	credential string
	// current: the reads must see everything the primary had written when
	// the first of them ran (ReadCurrent), not only the caller's writes.
	current bool
	// atLeast is a position they must see besides (ReadAtLeast).
	atLeast uint64
	once    sync.Once
	lsn     uint64
	err     error
	known   atomic.Bool // lsn and err are set
	// pinned is the replica the request's reads went to: its later reads
	// go there too while it serves, so that they never see the database
	// move backwards (another replica may have replayed less).
	pinned atomic.Pointer[replica]
	// refreshed: the replicas' positions were asked once for this caller.
	refreshed sync.Once
}

// AllowStale marks ctx's reads as ones that may lag the primary by up to
// the replicas' bound (ReplicaMaxLag), and no further back than the last
// write of credential ("token:<id>" or "session:<id>"; empty: anonymous).
func AllowStale(ctx context.Context, credential string) context.Context {
	return context.WithValue(ctx, staleKey{}, &readAfter{credential: credential})
}

// ReadCurrent marks ctx's stale-allowed reads (AllowStale) as ones that
// must see everything the primary had committed when the first of them
// ran: a replica serves them only once it has replayed that far, else the
// primary does. It costs one statement on the primary (its WAL position).
// The reader's view cache fills through it: a view read again because a
// change dropped it must not be read from a replica that has not replayed
// the change yet, or the stale view would be kept until the next change.
// Without AllowStale, ctx is returned as it is (its reads go to the
// primary anyway).
func ReadCurrent(ctx context.Context) context.Context {
	ra, ok := ctx.Value(staleKey{}).(*readAfter)
	if !ok {
		return ctx
	}
	return context.WithValue(ctx, staleKey{}, &readAfter{credential: ra.credential, current: true})
}

// ReadPosition is the WAL position ctx's stale-allowed reads were bound to
// see once they have run (with ReadCurrent: the primary's position when
// the first ran); 0 before, without replicas, or without AllowStale.
func ReadPosition(ctx context.Context) uint64 {
	ra, ok := ctx.Value(staleKey{}).(*readAfter)
	if !ok {
		return 0
	}
	if !ra.known.Load() || ra.err != nil {
		return 0
	}
	return ra.lsn
}

// ReadAtLeast marks ctx's stale-allowed reads as ones that must see lsn
// too (ReadPosition of reads whose answer ctx builds on: the page of a
// site whose view was read at lsn comes from a replica that has replayed
// as much, so that a page the view names is never missing). Without
// AllowStale, or with lsn 0, ctx is returned as it is.
func ReadAtLeast(ctx context.Context, lsn uint64) context.Context {
	ra, ok := ctx.Value(staleKey{}).(*readAfter)
	if !ok || lsn == 0 {
		return ctx
	}
	return context.WithValue(ctx, staleKey{}, &readAfter{credential: ra.credential, current: ra.current, atLeast: max(ra.atLeast, lsn)})
}

// reads is the database that ctx's stale-allowed reads run on: a usable
// replica that has replayed the caller's last write, else the primary.
func (s *Store) reads(ctx context.Context) *bun.DB {
	if r := s.readReplica(ctx); r != nil {
		return r.db
	}
	return s.DB
}

// readReplica is the replica ctx's stale-allowed reads run on, nil for the
// primary.
func (s *Store) readReplica(ctx context.Context) *replica {
	rs := s.replicas
	if rs == nil {
		return nil
	}
	ra, ok := ctx.Value(staleKey{}).(*readAfter)
	if !ok {
		return nil
	}
	ra.once.Do(func() {
		ra.lsn, ra.err = s.readPosition(ctx, ra)
		ra.known.Store(true)
	})
	if ra.err != nil {
		return nil
	}
	if r := ra.pinned.Load(); r != nil && r.usable.Load() {
		return r
	}
	if r := rs.pick(ra.lsn); r != nil {
		ra.pinned.Store(r)
		return r
	}
	if ra.lsn == 0 {
		return nil
	}
	// No replica had replayed the position when last sampled (up to
	// ReplicaPoll ago): streaming replicas replay within milliseconds, so
	// ask them now, once per request, before settling for the primary.
	refreshed := false
	ra.refreshed.Do(func() { rs.refresh(ctx); refreshed = true })
	if !refreshed {
		return nil
	}
	if r := rs.pick(ra.lsn); r != nil {
		ra.pinned.Store(r)
		return r
	}
	return nil
}

// pick is a usable replica (round robin) that has replayed lsn; nil when
// none has.
func (rs *replicaSet) pick(lsn uint64) *replica {
	n := uint64(len(rs.list))
	start := rs.next.Add(1)
	for i := range n {
		r := rs.list[(start+i)%n]
		if r.usable.Load() && r.replayed.Load() >= lsn {
			return r
		}
	}
	return nil
}

// refresh asks each usable replica the position it has replayed (one
// statement on each, counted as the request's).
func (rs *replicaSet) refresh(ctx context.Context) {
	for _, r := range rs.list {
		if !r.usable.Load() {
			continue
		}
		const q = `SELECT pg_last_wal_replay_lsn()::text`
		countStatement(ctx, q)
		countReplica(ctx)
		var replayed sql.NullString
		if err := r.db.DB.QueryRowContext(ctx, q).Scan(&replayed); err != nil || !replayed.Valid {
			continue // the watcher judges whether it serves
		}
		if lsn, err := parseLSN(replayed.String); err == nil && lsn > r.replayed.Load() {
			r.replayed.Store(lsn)
		}
	}
}

// readPosition is the WAL position ctx's stale-allowed reads must see:
// the caller's last write, or with ReadCurrent the primary's position now.
func (s *Store) readPosition(ctx context.Context, ra *readAfter) (uint64, error) {
	if ra.current {
		var cur string
		if err := s.DB.NewRaw(`SELECT pg_current_wal_lsn()::text`).Scan(ctx, &cur); err != nil {
			return 0, err
		}
		lsn, err := parseLSN(cur)
		return max(lsn, ra.atLeast), err
	}
	if ra.credential == "" {
		return ra.atLeast, nil
	}
	lsn, err := s.lastWrite(ctx, ra.credential)
	return max(lsn, ra.atLeast), err
}

// readOn runs read on the database ctx's stale-allowed reads go to
// (reads). A replica that fails under it (unreachable, shutting down, or
// cancelling the statement for a conflict with its recovery) is set aside
// until the watcher's next sample finds it well, and read runs again on
// the primary: a replica's failure costs a retry, never an error. read
// must start its results afresh each time it runs.
func (s *Store) readOn(ctx context.Context, read func(db bun.IDB) error) error {
	r := s.readReplica(ctx)
	if r == nil {
		return read(s.DB)
	}
	err := read(r.db)
	if err != nil && ctx.Err() == nil && replicaFailed(err) {
		r.usable.Store(false)
		return read(s.DB)
	}
	return err
}

// replicaFailed reports whether err, from a replica, says the replica
// cannot serve the read (as opposed to the read's own fault): unreachable
// or stopping (Unavailable), or the statement cancelled because replay
// needed the rows it read (40001, "conflict with recovery").
func replicaFailed(err error) bool {
	if Unavailable(err) {
		return true
	}
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "40001"
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
