package generated

// This file is written by hand (gqlgen writes only generated.go here).
// `make generate` points every list marshaller of generated.go at
// marshalSlice instead of gqlgen's graphql.MarshalSliceConcurrently.

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"

	"folio/graph/loader"
)

// marshalSlice marshals the elements of a list one after another, in the
// caller's goroutine, until a load under an element needs its siblings to
// batch (see loader.Sequence); the elements left then marshal concurrently.
// gqlgen starts a goroutine per element, and on a site tree of a thousand
// objects creating them and growing their stacks cost a sixth of the
// server's CPU, while the loaders, told the keys in advance, batch as well
// without. The signature is gqlgen's; the worker limit and panic switch are
// its configuration's defaults (no limit, panics recovered).
func marshalSlice(ctx context.Context, length int, _ int64, _ bool, marshalElement func(ctx context.Context, i int) graphql.Marshaler) graphql.Array {
	ret := make(graphql.Array, length)
	if length == 0 {
		return ret
	}
	ctx, seq := loader.InSequence(ctx)
	// One allocation for all the elements' field contexts and indexes,
	// where gqlgen makes two per element.
	fcs := make([]graphql.FieldContext, length)
	index := make([]int, length)
	var failed atomic.Bool // an element panicked: the list is null
	marshal := func(i int) {
		index[i] = i
		fcs[i].Index = &index[i]
		ctx := graphql.WithFieldContext(ctx, &fcs[i])
		defer func() {
			if r := recover(); r != nil {
				graphql.AddError(ctx, graphql.Recover(ctx, r))
				failed.Store(true)
			}
		}()
		ret[i] = marshalElement(ctx, i)
	}
	i := 0
	for ; i < length && !seq.Interrupted(); i++ {
		marshal(i)
	}
	if i < length {
		var wg sync.WaitGroup
		for j := i; j < length; j++ {
			wg.Go(func() { marshal(j) })
		}
		wg.Wait()
	}
	if failed.Load() {
		return nil
	}
	return ret
}
