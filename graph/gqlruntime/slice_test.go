package gqlruntime

import (
	"context"
	"fmt"
	"testing"

	"github.com/99designs/gqlgen/graphql"
)

// TestMarshalSliceDifferential: MarshalSlice and
// graphql.MarshalSliceConcurrently give each element the same field
// context (its index, under the list's field), and answer the same array
// and errors when elements marshal, fail or panic, with and without a
// worker limit.
func TestMarshalSliceDifferential(t *testing.T) {
	oc := operation(parseQuery(t, `{ objs { name } }`), nil)
	root := collect(oc, oc.Operation.SelectionSet, queryImplementors)[0]
	for _, c := range []struct {
		name        string
		length      int
		workerLimit int64
		fail, panic map[int]bool
	}{
		{name: "empty", length: 0},
		{name: "one", length: 1},
		{name: "several", length: 7},
		{name: "one panics", length: 1, panic: map[int]bool{0: true}},
		{name: "first panics", length: 5, panic: map[int]bool{0: true}},
		{name: "some panic", length: 6, panic: map[int]bool{2: true, 5: true}},
		{name: "all panic", length: 3, panic: map[int]bool{0: true, 1: true, 2: true}},
		{name: "some fail", length: 5, fail: map[int]bool{1: true, 3: true}},
		{name: "fail and panic", length: 4, fail: map[int]bool{0: true}, panic: map[int]bool{3: true}},
		{name: "worker limit", length: 5, workerLimit: 2, panic: map[int]bool{4: true}},
	} {
		element := func(ctx context.Context, i int) graphql.Marshaler {
			fc := graphql.GetFieldContext(ctx)
			fc.Result = &i // as generated.go does
			switch {
			case c.panic[i]:
				panic(fmt.Sprintf("element %d", i))
			case c.fail[i]:
				graphql.AddErrorf(ctx, "element %d failed", i)
				return graphql.Null
			}
			return graphql.MarshalString(fmt.Sprintf("%d of %s, index %d", i, graphql.GetPath(ctx), *fc.Index))
		}
		want := observe(requestContext(oc, &root), func(ctx context.Context) graphql.Marshaler {
			return graphql.MarshalSliceConcurrently(ctx, c.length, c.workerLimit, false, element)
		})
		got := observe(requestContext(oc, &root), func(ctx context.Context) graphql.Marshaler {
			return MarshalSlice(ctx, c.length, c.workerLimit, false, element)
		})
		if got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, want)
		}
	}
	// Unrecovered, a panic goes up to the caller (only one element: gqlgen
	// would panic in a goroutine of its own for more, ending the program).
	boom := func(context.Context, int) graphql.Marshaler { panic("unrecovered") }
	want := observe(requestContext(oc, &root), func(ctx context.Context) graphql.Marshaler {
		return graphql.MarshalSliceConcurrently(ctx, 1, 0, true, boom)
	})
	got := observe(requestContext(oc, &root), func(ctx context.Context) graphql.Marshaler {
		return MarshalSlice(ctx, 1, 0, true, boom)
	})
	if got != want || got.Panic == "" {
		t.Errorf("unrecovered panic: got %+v, want %+v", got, want)
	}
}
