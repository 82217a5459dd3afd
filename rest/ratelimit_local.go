package rest

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"folio/internal/logs"
	"folio/store"
)

// A limit is counted in memory first, so that a request (a published page
// view above all, which is otherwise answered without a statement) runs no
// SQL for it, while servers sharing one database still enforce one limit:
//
//   - each server decides from the window's total it last read from the
//     database plus the hits it counted since (so one server alone is
//     exact: it sees every hit);
//   - it adds its hits to the shared window in PostgreSQL in one statement
//     every RateLimit.Flush, reading back each window's total, the other
//     servers' hits included;
//   - and a bucket never holds more than share hits that are not yet in
//     the database (waiting, or being added): the request that finds share
//     of them adds them first, or waits for the flush adding them (one
//     statement, in that request, for every share hits of a bucket at
//     most).
//
// So a server accepts at most share hits that the others have not seen,
// and across n servers a bucket's window accepts at most
// Limit + (n-1)*share requests (docs/operations.md, "Rate limits").

// shareDivisor sets share = Limit/shareDivisor; a limit under it (a share
// of 0) is counted in the database on every request, exactly.
const shareDivisor = 32

// maxLocalBuckets bounds the buckets a server counts in memory (about 200
// bytes each: TestRateLimitLocalMemory). Past it, a new bucket is counted
// in the database on each request until a window ends and frees room.
const maxLocalBuckets = 65536

// flushTimeout bounds a background flush's statement.
const flushTimeout = 5 * time.Second

// errNotLocal sends a hit to the database: no memory counts, or no room.
var errNotLocal = errors.New("rate limit: not counted in memory")

type localCounts struct {
	l     *RateLimiter
	share int
	max   int

	mu      sync.RWMutex
	buckets map[string]*localBucket

	// The flush runs only while some bucket holds hits: a hit starts it,
	// and it stops when it found nothing to add.
	running atomic.Bool
	closed  atomic.Bool
	stop    chan struct{}
	wg      sync.WaitGroup
}

// localBucket is one bucket's window as this server sees it.
type localBucket struct {
	name     string
	flushing sync.Mutex // one flush of this bucket at a time, so totals read back only grow
	mu       sync.Mutex // guards the fields below
	start    int64      // the window's start, Unix seconds
	shared   int        // the window's total, last read from the database
	inflight int        // hits being added to the database
	pending  int        // hits counted here only
	dead     bool       // dropped from the map: a hit looks it up again
}

func newLocalCounts(l *RateLimiter, share, max int) *localCounts {
	return &localCounts{l: l, share: share, max: max, buckets: map[string]*localBucket{}, stop: make(chan struct{})}
}

// windowStart is the start of now's window (aligned on the Unix epoch, as
// store.HitRateLimit aligns it).
func (c *localCounts) windowStart(now time.Time) int64 {
	secs := int64(c.l.Window / time.Second)
	u := now.Unix()
	return u - u%secs
}

// hit counts cost requests against the bucket name at now and returns the
// window's count with them and its end. A request over the limit is not
// counted: it changes nothing a caller can do in this window. errNotLocal
// means the hit must be counted in the database.
func (c *localCounts) hit(ctx context.Context, name string, now time.Time, cost int) (count int, reset time.Time, err error) {
	if c == nil || c.closed.Load() {
		return 0, time.Time{}, errNotLocal
	}
	start := c.windowStart(now)
	reset = time.Unix(start+int64(c.l.Window/time.Second), 0)
	rolled, failed := false, false
	for {
		b := c.bucket(name)
		if b == nil {
			return 0, time.Time{}, errNotLocal
		}
		b.mu.Lock()
		if b.dead {
			b.mu.Unlock()
			continue
		}
		if b.start != start {
			if (b.pending > 0 || b.inflight > 0) && !rolled {
				// The last window's hits still go to its shared count
				// (a server whose clock is a little behind reads it).
				b.mu.Unlock()
				rolled = true
				c.flushOne(ctx, b, 1)
				continue
			}
			b.start, b.shared, b.inflight, b.pending = start, 0, 0, 0
		}
		count = b.shared + b.inflight + b.pending + cost
		if count > c.l.Limit {
			b.mu.Unlock()
			return count, reset, nil
		}
		if b.pending+b.inflight >= c.share && !failed {
			// share hits the others have not seen: they go first (or,
			// being added, are waited for), and this one is decided
			// again on the fresh total.
			b.mu.Unlock()
			failed = !c.flushOne(ctx, b, c.share)
			continue
		}
		b.pending += cost
		b.mu.Unlock()
		c.wake()
		return count, reset, nil
	}
}

// bucket finds or makes name's bucket; nil when memory holds max of them.
func (c *localCounts) bucket(name string) *localBucket {
	c.mu.RLock()
	b := c.buckets[name]
	c.mu.RUnlock()
	if b != nil {
		return b
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b = c.buckets[name]; b != nil {
		return b
	}
	if len(c.buckets) >= c.max {
		return nil
	}
	b = &localBucket{name: name}
	c.buckets[name] = b
	return b
}

// flushOne adds b's hits to the database in a request that found at
// least atLeast of them unseen by the other servers, unless a flush it
// waited for brought them under that. It reports false when the database
// did not take them: they stay counted here (the next flush tries again)
// and the request goes through, as an outage of the counter lets it.
func (c *localCounts) flushOne(ctx context.Context, b *localBucket, atLeast int) bool {
	b.flushing.Lock()
	defer b.flushing.Unlock()
	b.mu.Lock()
	waiting := b.pending + b.inflight
	b.mu.Unlock()
	if waiting < atLeast {
		return true
	}
	if err := c.add(ctx, []*localBucket{b}); err != nil {
		logs.From(ctx).ErrorContext(ctx, "rate limit not counted", "err", err)
		return false
	}
	return true
}

// add runs one statement for the hits of buckets, whose flushing locks the
// caller holds, and records each window's total.
func (c *localCounts) add(ctx context.Context, buckets []*localBucket) error {
	hits := make([]store.RateHits, 0, len(buckets))
	taken := buckets[:0:0]
	for _, b := range buckets {
		b.mu.Lock()
		if b.pending > 0 {
			hits = append(hits, store.RateHits{Bucket: b.name, Start: b.start, N: b.pending})
			taken = append(taken, b)
			b.inflight += b.pending
			b.pending = 0
		}
		b.mu.Unlock()
	}
	if len(hits) == 0 {
		return nil
	}
	totals, err := c.l.store.AddRateLimits(ctx, hits)
	for i, b := range taken {
		b.mu.Lock()
		if b.start == hits[i].Start { // else a later window began: this one's state is gone
			b.inflight -= hits[i].N
			if err != nil {
				b.pending += hits[i].N
			} else {
				b.shared = max(b.shared, totals[i])
			}
		}
		b.mu.Unlock()
	}
	return err
}

// wake starts the background flush unless it runs.
func (c *localCounts) wake() {
	if c.running.Load() || c.closed.Load() {
		return
	}
	if c.running.CompareAndSwap(false, true) {
		c.wg.Add(1)
		go c.run()
	}
}

// run adds the counted hits to the database every Flush, and stops once a
// round found none (a hit starts it again).
func (c *localCounts) run() {
	defer c.wg.Done()
	t := time.NewTicker(c.l.Flush)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), flushTimeout)
		busy, err := c.flushAll(ctx)
		cancel()
		if err != nil {
			c.l.logger.Error("rate limit counts not added to the database", "err", err)
		}
		if busy {
			continue
		}
		c.running.Store(false)
		// A hit counted before the store above saw the flush running and
		// did not start one: look again before leaving.
		if !c.anyPending() || !c.running.CompareAndSwap(false, true) {
			return
		}
	}
}

// flushAll adds every bucket's hits in one statement, drops the buckets of
// windows that ended, prunes the ended windows in the database once per
// window, and reports whether hits were waiting.
func (c *localCounts) flushAll(ctx context.Context) (busy bool, err error) {
	now := c.windowStart(c.l.store.Now())
	var full, ended []*localBucket
	c.mu.RLock()
	for _, b := range c.buckets {
		b.mu.Lock()
		switch {
		case b.pending > 0:
			full = append(full, b)
		case b.inflight == 0 && b.start != now:
			ended = append(ended, b)
		}
		b.mu.Unlock()
	}
	c.mu.RUnlock()
	if len(ended) > 0 {
		c.mu.Lock()
		for _, b := range ended {
			b.mu.Lock()
			if b.pending == 0 && b.inflight == 0 && b.start != now {
				b.dead = true
				delete(c.buckets, b.name)
			}
			b.mu.Unlock()
		}
		c.mu.Unlock()
	}
	locked := full[:0]
	for _, b := range full {
		if b.flushing.TryLock() { // else a request is adding them
			locked = append(locked, b)
		}
	}
	if len(locked) > 0 {
		err = c.add(ctx, locked)
		for _, b := range locked {
			b.flushing.Unlock()
		}
	}
	c.l.prune(ctx, time.Unix(now, 0))
	return len(full) > 0, err
}

func (c *localCounts) anyPending() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for _, b := range c.buckets {
		b.mu.Lock()
		p := b.pending
		b.mu.Unlock()
		if p > 0 {
			return true
		}
	}
	return false
}

// close stops the background flush and adds what is left; hits after it
// are counted in the database.
func (c *localCounts) close(ctx context.Context) error {
	if !c.closed.CompareAndSwap(false, true) {
		return nil
	}
	close(c.stop)
	c.wg.Wait()
	_, err := c.flushAll(ctx)
	return err
}

// buckets counts the buckets held in memory (tests).
func (c *localCounts) size() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.buckets)
}
