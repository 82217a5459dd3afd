package loader

import (
	"context"
	"sync/atomic"
)

// Sequence marks a list whose elements are being resolved one after
// another, in one goroutine. That is cheaper than a goroutine per element
// (gqlgen's way), and batching does not suffer where the list announced the
// keys its elements load: the first Load fetches them all. A key nobody
// announced is different: its Load waits for the time window to gather the
// keys of sibling elements, and resolved in turn no sibling would ever add
// one. So such a Load interrupts every sequence around it, and the lists
// resolve their remaining elements concurrently, as gqlgen would have.
type Sequence struct {
	outer       *Sequence
	interrupted atomic.Bool
}

type sequenceKey struct{}

// InSequence returns a context for the elements of a list resolved in turn,
// and the list's Sequence.
func InSequence(ctx context.Context) (context.Context, *Sequence) {
	outer, _ := ctx.Value(sequenceKey{}).(*Sequence)
	s := &Sequence{outer: outer}
	return context.WithValue(ctx, sequenceKey{}, s), s
}

// Interrupted tells whether a Load made under the list needed siblings'
// keys, so the remaining elements should resolve concurrently.
func (s *Sequence) Interrupted() bool { return s.interrupted.Load() }

// interruptSequences marks every list ctx is resolved in.
func interruptSequences(ctx context.Context) {
	s, _ := ctx.Value(sequenceKey{}).(*Sequence)
	for ; s != nil && !s.interrupted.Load(); s = s.outer {
		s.interrupted.Store(true)
	}
}
