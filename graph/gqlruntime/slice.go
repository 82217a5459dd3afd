package gqlruntime

import (
	"context"
	"sync"

	"github.com/99designs/gqlgen/graphql"

	"folio/graph/loader"
)

// MarshalSlice is graphql.MarshalSliceConcurrently marshalling the
// elements of a list one after another, in the caller's goroutine, until a
// load under an element needs its siblings to batch (see loader.Sequence);
// the elements left then marshal concurrently. gqlgen starts a goroutine
// per element, and on a site tree of a thousand objects creating them and
// growing their stacks cost a sixth of the server's CPU, while the loaders,
// told the keys in advance, batch as well without. An element whose
// marshalling panics is null and the panic an error at its path, as in
// gqlgen's. With a worker limit, or with panics left unrecovered, gqlgen's
// runs instead: Folio's configuration sets neither.
func MarshalSlice(ctx context.Context, length int, workerLimit int64, omitPanicHandler bool, marshalElement func(ctx context.Context, i int) graphql.Marshaler) graphql.Array {
	if workerLimit != 0 || omitPanicHandler {
		return graphql.MarshalSliceConcurrently(ctx, length, workerLimit, omitPanicHandler, marshalElement)
	}
	ret := make(graphql.Array, length)
	if length == 0 {
		return ret
	}
	ctx, seq := loader.InSequence(ctx)
	// One allocation for all the elements' contexts, field contexts and
	// indexes, where gqlgen makes three per element (withField).
	elems := make([]element, length)
	parent := graphql.GetFieldContext(ctx)
	marshal := func(i int) {
		e := &elems[i]
		e.Context, e.fc.Parent = ctx, parent
		e.index = i
		e.fc.Index = &e.index
		ctx := context.Context(&e.withField)
		defer func() {
			if r := recover(); r != nil {
				graphql.AddError(ctx, graphql.Recover(ctx, r))
				ret[i] = graphql.Null
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
	return ret
}

// element is the context of a list's element: its field context holds
// its index.
type element struct {
	withField
	index int
}
