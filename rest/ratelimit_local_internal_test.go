package rest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestRateLimitLocalMemory measures what a bucket counted in memory costs
// (docs/operations.md promises about 200 bytes each, so at most about
// 13 MiB for maxLocalBuckets), and that the count of buckets is bounded:
// past it a hit goes to the database.
func TestRateLimitLocalMemory(t *testing.T) {
	const n = 20000
	l := &RateLimiter{RateLimit: RateLimit{Limit: 600, Window: time.Minute, Flush: time.Hour}}
	c := newLocalCounts(l, 600/shareDivisor, n)
	l.local = c
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	now := time.Date(2026, 11, 22, 10, 0, 30, 0, time.UTC)
	for i := range n {
		sum := sha256.Sum256([]byte(strconv.Itoa(i)))
		name := "token:" + hex.EncodeToString(sum[:16]) // the longest bucket name, made per request
		if _, _, err := c.hit(context.Background(), name, now, 1); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%d buckets: %.0f bytes each (the name included)", n, per)
	if per > 200 {
		t.Errorf("a bucket takes %.0f bytes, more than the 200 documented", per)
	}
	if c.size() != n {
		t.Fatalf("%d buckets, want %d", c.size(), n)
	}
	if _, _, err := c.hit(context.Background(), "ip:192.0.2.1", now, 1); err != errNotLocal {
		t.Errorf("a bucket past the bound: %v, want it counted in the database", err)
	}
	if c.size() != n {
		t.Errorf("%d buckets past the bound of %d", c.size(), n)
	}
	c.closed.Store(true) // nothing to add: no store here
	close(c.stop)
	c.wg.Wait()
	runtime.KeepAlive(c)
}
