package seed

import (
	"context"
	"sync"
)

// workers is how many spaces are filled at once. Each space's content is
// written under its own change request and row locks, so spaces do not
// wait on each other; a few more workers than cores keep the database busy
// while Go renders markdown.
const workers = 4

// forEach calls fn for 0..n-1 on a few goroutines and returns the first
// error; after one, the remaining indexes are skipped.
func forEach(ctx context.Context, n int, fn func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := fn(ctx, i); err != nil {
					once.Do(func() { first = err; cancel() })
				}
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// pick returns ids[i] round-robin, or fallback when ids is empty (a scale
// without members still has its admin).
func pick(ids []string, i int, fallback string) string {
	if len(ids) == 0 {
		return fallback
	}
	return ids[i%len(ids)]
}
