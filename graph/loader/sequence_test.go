package loader

import (
	"context"
	"testing"

	"github.com/graph-gophers/dataloader/v7"
)

// TestSequenceInterruptedByUnannouncedLoad: an announced key loads without
// disturbing the lists around it; a key nobody announced interrupts every
// one of them, the outer ones included, but not a list beside them.
func TestSequenceInterruptedByUnannouncedLoad(t *testing.T) {
	batches := 0
	l := newBatched(func(_ context.Context, keys []int) []*dataloader.Result[int] {
		batches++
		out := make([]*dataloader.Result[int], len(keys))
		for i, k := range keys {
			out[i] = &dataloader.Result[int]{Data: k * 10}
		}
		return out
	})
	ctx, outer := InSequence(context.Background())
	inner, list := InSequence(ctx)
	_, beside := InSequence(context.Background())

	l.Register(1, 2)
	if v, err := l.Load(inner, 1); err != nil || v != 10 {
		t.Fatalf("Load(1) = %d, %v", v, err)
	}
	if v, _ := l.Load(inner, 2); v != 20 || batches != 1 {
		t.Fatalf("Load(2) = %d after %d batches, want 20 after 1", v, batches)
	}
	if outer.Interrupted() || list.Interrupted() {
		t.Fatal("announced keys interrupted a sequence")
	}

	if v, _ := l.Load(inner, 3); v != 30 {
		t.Fatalf("Load(3) = %d", v)
	}
	if !list.Interrupted() || !outer.Interrupted() {
		t.Errorf("after a load nobody announced: list interrupted %v, outer %v; want both", list.Interrupted(), outer.Interrupted())
	}
	if beside.Interrupted() {
		t.Error("a sequence outside the load's context was interrupted")
	}
}
