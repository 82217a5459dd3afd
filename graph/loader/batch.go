package loader

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/graph-gophers/dataloader/v7"
)

// Loader is a dataloader that also knows which keys are about to be asked
// for: a list resolver, or the batch that loaded a level, announces the keys
// of the level below with Register. The first Load after an announcement
// fetches every announced key in one batch, at once, in its own goroutine:
// each level of a query costs one statement however its resolvers'
// goroutines happen to be scheduled (a time window alone splits batches on a
// busy machine), and waits for no timer. Keys nobody announced go through
// the library's time window, and make the lists around them resolve their
// elements concurrently (see Sequence).
type Loader[K comparable, V any] struct {
	batch dataloader.BatchFunc[K, V]
	once  sync.Once
	dl    *dataloader.Loader[K, V] // made on first use: most operations use few loaders

	mu        sync.Mutex
	announced []K
	calls     map[K]*call[V] // announced keys, fetched or being fetched
}

// call is one key of an announced batch; done closes when it is filled.
type call[V any] struct {
	done chan struct{}
	v    V
	err  error
}

func newBatched[K comparable, V any](batch dataloader.BatchFunc[K, V]) *Loader[K, V] {
	return &Loader[K, V]{batch: batch}
}

// Register announces keys that resolvers are about to load. It costs
// nothing until one of them (or any key) is loaded.
func (l *Loader[K, V]) Register(keys ...K) {
	l.mu.Lock()
	l.announced = append(l.announced, keys...)
	l.mu.Unlock()
}

// Load returns the value of key, batched with every key announced so far.
func (l *Loader[K, V]) Load(ctx context.Context, key K) (V, error) {
	l.mu.Lock()
	if c := l.calls[key]; c != nil {
		l.mu.Unlock()
		<-c.done
		return c.v, c.err
	}
	if len(l.announced) == 0 {
		l.mu.Unlock()
		return l.timed(ctx, key)
	}
	keys := l.claim(append(l.announced, key))
	l.announced = nil
	mine := l.calls[key]
	l.mu.Unlock()
	l.run(ctx, keys)
	<-mine.done
	return mine.v, mine.err
}

// LoadNow loads key at once, with whatever keys were announced: for a
// resolver that knows it is the only one asking (the root object of a
// request), so it need not wait for the time window.
func (l *Loader[K, V]) LoadNow(ctx context.Context, key K) (V, error) {
	l.Register(key)
	return l.Load(ctx, key)
}

// claim makes calls for the keys not fetched yet and returns them; l.mu is held.
func (l *Loader[K, V]) claim(keys []K) []K {
	if l.calls == nil {
		l.calls = make(map[K]*call[V], len(keys))
	}
	out := keys[:0:0]
	for _, k := range keys {
		if l.calls[k] == nil {
			l.calls[k] = &call[V]{done: make(chan struct{})}
			out = append(out, k)
		}
	}
	return out
}

// run fetches claimed keys in one batch and fills their calls.
func (l *Loader[K, V]) run(ctx context.Context, keys []K) {
	if len(keys) == 0 {
		return
	}
	results := l.safeBatch(ctx, keys)
	l.mu.Lock()
	calls := make([]*call[V], len(keys))
	for i, k := range keys {
		calls[i] = l.calls[k]
	}
	l.mu.Unlock()
	for i, c := range calls {
		if i < len(results) && results[i] != nil {
			c.v, c.err = results[i].Data, results[i].Error
		}
		close(c.done)
	}
}

// safeBatch runs the batch function, turning a panic into an error for
// every key, so no caller waits forever on a call that will not be filled.
func (l *Loader[K, V]) safeBatch(ctx context.Context, keys []K) (results []*dataloader.Result[V]) {
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("batch of %d keys panicked: %v", len(keys), p)
			results = make([]*dataloader.Result[V], len(keys))
			for i := range results {
				results[i] = &dataloader.Result[V]{Error: err}
			}
		}
	}()
	return l.batch(ctx, keys)
}

// timed loads a key nobody announced through the library's time window.
func (l *Loader[K, V]) timed(ctx context.Context, key K) (V, error) {
	interruptSequences(ctx)
	// A small input buffer: the library's default allocates room for 1,000
	// keys per batch, and the batch goroutine drains it as keys arrive.
	l.once.Do(func() {
		l.dl = dataloader.NewBatchedLoader(l.batch, dataloader.WithWait[K, V](wait), dataloader.WithInputCapacity[K, V](32))
	})
	return l.dl.Load(ctx, key)()
}

// newLoader builds a loader over a "load these keys" store method; keys with
// no row answer a not-found error. then, when set, sees each batch's rows
// before they are handed out, to announce the keys of the next level.
func newLoader[K comparable, V any](load func(context.Context, []K) ([]V, error), keyOf func(V) K, what string, then func([]V)) *Loader[K, V] {
	return newBatched(func(ctx context.Context, keys []K) []*dataloader.Result[V] {
		rows, err := load(ctx, keys)
		if err == nil && then != nil {
			then(rows)
		}
		find := findIn(rows, keyOf, len(keys))
		out := make([]*dataloader.Result[V], len(keys))
		for i, k := range keys {
			v, ok := find(k)
			switch {
			case err != nil:
				out[i] = &dataloader.Result[V]{Error: err}
			case !ok:
				out[i] = &dataloader.Result[V]{Error: notFound(what)}
			default:
				out[i] = &dataloader.Result[V]{Data: v}
			}
		}
		return out
	})
}

// scanBelow is the number of keys up to which a batch's rows are looked up
// by a scan rather than a map: most batches are one key (the root object
// of a REST read), and the map cost an allocation and a copy of every row.
const scanBelow = 8

// findIn answers the row of a key among rows, by a scan when the batch has
// few keys, else through a map made once.
func findIn[K comparable, V any](rows []V, keyOf func(V) K, keys int) func(K) (V, bool) {
	if keys <= scanBelow {
		return func(k K) (V, bool) {
			for i := range rows {
				if keyOf(rows[i]) == k {
					return rows[i], true
				}
			}
			var zero V
			return zero, false
		}
	}
	byKey := make(map[K]V, len(rows))
	for _, r := range rows {
		byKey[keyOf(r)] = r
	}
	return func(k K) (V, bool) {
		v, ok := byKey[k]
		return v, ok
	}
}

// newCounter builds a loader over a "count per key" store method; absent keys count 0.
func newCounter[K comparable](count func(context.Context, []K) (map[K]int, error)) *Loader[K, int] {
	return newBatched(func(ctx context.Context, keys []K) []*dataloader.Result[int] {
		n, err := count(ctx, keys)
		out := make([]*dataloader.Result[int], len(keys))
		for i, k := range keys {
			out[i] = &dataloader.Result[int]{Data: n[k], Error: err}
		}
		return out
	})
}

// PageLoader loads the first page of a list under each of many parents (the
// members of each team, say) in one statement.
type PageLoader[K comparable, V any] struct {
	*Loader[K, firstRows[V]]
	limit atomic.Int64 // the largest page asked for in this operation
}

type firstRows[V any] struct {
	rows  []V
	limit int // the page size the batch loaded (it holds up to limit+1 rows)
}

// newFirstPages builds a PageLoader over a store method that loads limit+1
// rows of each parent's list; parentOf names a row's parent.
func newFirstPages[K comparable, V any](load func(context.Context, []K, int) ([]V, error), parentOf func(V) K, then func([]V)) *PageLoader[K, V] {
	p := &PageLoader[K, V]{}
	p.Loader = newBatched(func(ctx context.Context, parents []K) []*dataloader.Result[firstRows[V]] {
		limit := int(p.limit.Load())
		rows, err := load(ctx, parents, limit)
		if err == nil && then != nil {
			then(rows)
		}
		byParent := map[K][]V{}
		for _, r := range rows {
			byParent[parentOf(r)] = append(byParent[parentOf(r)], r)
		}
		out := make([]*dataloader.Result[firstRows[V]], len(parents))
		for i, k := range parents {
			out[i] = &dataloader.Result[firstRows[V]]{Data: firstRows[V]{rows: byParent[k], limit: limit}, Error: err}
		}
		return out
	})
	return p
}

// LoadPage returns up to limit+1 rows of parent's list (one more than the
// page tells whether a next page exists). ok is false when this operation
// already loaded the list with a smaller page; the caller then reads the
// page directly.
func (p *PageLoader[K, V]) LoadPage(ctx context.Context, parent K, limit int) (rows []V, ok bool, err error) {
	for {
		cur := p.limit.Load()
		if int64(limit) <= cur || p.limit.CompareAndSwap(cur, int64(limit)) {
			break
		}
	}
	r, err := p.Load(ctx, parent)
	if err != nil || r.limit < limit {
		return nil, false, err
	}
	if len(r.rows) > limit+1 {
		return r.rows[:limit+1], true, nil
	}
	return r.rows, true, nil
}
