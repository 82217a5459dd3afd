package store_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"folio/store/pgtest"
)

// BenchmarkHitRateLimit counts requests of many callers, each its own
// bucket, as a server under rate limiting does on every request.
func BenchmarkHitRateLimit(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.HitRateLimit(ctx, "token:"+strconv.Itoa(i%1000), time.Minute, 1); err != nil {
			b.Fatal(err)
		}
	}
}
