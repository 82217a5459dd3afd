package store

import (
	"context"
	"fmt"
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
