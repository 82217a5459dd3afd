package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"folio/store"
	"folio/store/pgtest"
)

// writers is how many clients write to one organization at once in
// BenchmarkConcurrentWrites (make bench's closed loops use 16).
const writers = 16

// BenchmarkConcurrentWrites measures writes of 16 clients to one
// organization at once: space creates at its top level, and page updates
// each in a change request of its own. What serializes writes of one
// organization (a lock held to commit) shows here as throughput that does
// not grow with the clients; req/s is the throughput, statements/op what
// each write sends.
func BenchmarkConcurrentWrites(b *testing.B) {
	s := pgtest.New(b)
	ctx := context.Background()
	u, org := writerOrg(b, s, "bench@example.com", "Writes")
	b.Run("create-space", func(b *testing.B) {
		concurrently(b, func(ctx context.Context, i int) error {
			_, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: fmt.Sprint("New ", i), Visibility: store.VisibilityPrivate})
			return err
		})
	})
	b.Run("update-page", func(b *testing.B) {
		sp, err := s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Edited", Visibility: store.VisibilityPrivate})
		if err != nil {
			b.Fatal(err)
		}
		targets := ownEditTargets(b, s, sp, u.ID, writers, "# Page\n\nText.\n")
		concurrently(b, func(ctx context.Context, i int) error {
			t := targets[i%writers]
			md := fmt.Sprintf("# Page\n\nEdited %d.\n", i)
			_, err := s.UpdateChangeRequestContent(ctx, sp.ID, t.cr, u.ID, []store.PageChange{{Operation: store.OpUpdatePage, Page: t.page, Markdown: &md}})
			return err
		})
	})
}

// concurrently runs b.N calls of write from 16 goroutines; goroutine w
// makes the calls i = w, w+16, ... so each keeps to its own targets.
func concurrently(b *testing.B, write func(ctx context.Context, i int) error) {
	b.ReportAllocs()
	var statements atomic.Int64
	ctx := store.WithQueryCounter(context.Background(), &statements)
	var wg sync.WaitGroup
	var failed atomic.Value
	b.ResetTimer()
	start := time.Now()
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < b.N; i += writers {
				if err := write(ctx, i); err != nil {
					failed.Store(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if err, ok := failed.Load().(error); ok {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(statements.Load())/float64(b.N), "statements/op")
}
