package store

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

// RateWindow is a bucket's fixed window after one more request.
type RateWindow struct {
	Count int       // requests in the window, this one included
	Start time.Time // when the window began (ReturnRateLimit names it)
	Reset time.Time // when the window ends and the count starts again
}

// HitRateLimit counts cost requests (at least one) against bucket in the
// current fixed window of the given length (whole seconds; windows are
// aligned on the Unix epoch, so every server agrees on them) and returns the
// window's count. The increment is one atomic statement, so concurrent
// requests on any number of servers sharing the database never lose or
// double a count.
func (s *Store) HitRateLimit(ctx context.Context, bucket string, window time.Duration, cost int) (RateWindow, error) {
	if window < time.Second {
		return RateWindow{}, fmt.Errorf("rate limit window %s: shorter than a second", window)
	}
	cost = max(cost, 1)
	secs := int64(window / time.Second)
	now := s.Now().Unix()
	start := time.Unix(now-now%secs, 0).UTC()
	window = time.Duration(secs) * time.Second
	var n int
	if err := s.scanArgs(ctx, hitRateLimitSQL, &n, bucket, start, cost); err != nil {
		return RateWindow{}, fmt.Errorf("count request of rate limit bucket: %w", err)
	}
	return RateWindow{Count: n, Start: start, Reset: start.Add(window)}, nil
}

// ReturnRateLimit takes back one request counted by HitRateLimit in the
// window that began at start: a limit that counts only failures counts
// each attempt before it runs (so that concurrent attempts cannot all pass
// a count read before any of them ended) and gives back the ones that
// succeeded.
func (s *Store) ReturnRateLimit(ctx context.Context, bucket string, start time.Time) error {
	_, err := s.DB.NewRaw(`UPDATE rate_limits SET n = n - 1 WHERE bucket = ? AND window_start = ? AND n > 0`, bucket, start).Exec(ctx)
	if err != nil {
		return fmt.Errorf("give back request of rate limit bucket: %w", err)
	}
	return nil
}

// hitRateLimitSQL counts a request with its values as parameters: every
// request runs it, for a bucket and window that change, and with the values
// written into its text PostgreSQL would plan it anew each time, and pgx
// prepare it in a round trip of its own (see paramRead).
const hitRateLimitSQL = `INSERT INTO rate_limits (bucket, window_start, n) VALUES ($1::text, $2::timestamptz, $3::integer)
	ON CONFLICT (bucket, window_start) DO UPDATE SET n = rate_limits.n + EXCLUDED.n
	RETURNING n`

// PruneRateLimits deletes the windows that ended before a time and returns
// how many there were.
func (s *Store) PruneRateLimits(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.DB.NewRaw(`DELETE FROM rate_limits WHERE window_start < ?`, before).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("prune rate limit windows: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// RateHits are hits a server counted in memory for one bucket and window
// (Start, whole seconds since the epoch), added to the shared count in one
// batch.
type RateHits struct {
	Bucket string
	Start  int64
	N      int
}

// AddRateLimits adds each batch of hits to its window's shared count, in
// one statement for all of them, and returns each window's total after it
// (the other servers' hits included), in the order of hits. Each
// bucket and window appears at most once in hits; they are sorted here, so
// that two servers adding the same buckets lock their rows in one order.
func (s *Store) AddRateLimits(ctx context.Context, hits []RateHits) ([]int, error) {
	if len(hits) == 0 {
		return nil, nil
	}
	order := make([]int, len(hits))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := strings.Compare(hits[a].Bucket, hits[b].Bucket); c != 0 {
			return c
		}
		return cmp.Compare(hits[a].Start, hits[b].Start)
	})
	buckets, starts, ns := make([]string, len(hits)), make([]int64, len(hits)), make([]int64, len(hits))
	for i, j := range order {
		buckets[i], starts[i], ns[i] = hits[j].Bucket, hits[j].Start, int64(max(hits[j].N, 1))
	}
	rows, err := queryArgs(ctx, s.DB, addRateLimitsSQL, buckets, starts, ns)
	if err != nil {
		return nil, fmt.Errorf("add counted requests to rate limit buckets: %w", err)
	}
	defer rows.Close()
	type key struct {
		bucket string
		start  int64
	}
	totals := make(map[key]int, len(hits))
	for rows.Next() {
		var k key
		var n int
		if err := rows.Scan(&k.bucket, &k.start, &n); err != nil {
			return nil, fmt.Errorf("add counted requests to rate limit buckets: %w", err)
		}
		totals[k] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("add counted requests to rate limit buckets: %w", err)
	}
	out := make([]int, len(hits))
	for i, h := range hits {
		out[i] = totals[key{h.Bucket, h.Start}]
	}
	return out, nil
}

// addRateLimitsSQL is hitRateLimitSQL for a batch: the rows go in the
// order given (sorted by AddRateLimits).
const addRateLimitsSQL = `INSERT INTO rate_limits (bucket, window_start, n)
	SELECT h.bucket, to_timestamp(h.start), h.n FROM unnest($1::text[], $2::bigint[], $3::integer[]) WITH ORDINALITY AS h(bucket, start, n, i) ORDER BY h.i
	ON CONFLICT (bucket, window_start) DO UPDATE SET n = rate_limits.n + EXCLUDED.n
	RETURNING bucket, extract(epoch FROM window_start)::bigint, n`
