package loader

import (
	"testing"

	"folio/store"
)

// TestSpaceForViewerAlone: a read of one space makes its loader and none
// of the spaces group's (a single space read made all six for it), the
// same loader every time; the group, once a resolver asks for it, is made
// apart from it.
func TestSpaceForViewerAlone(t *testing.T) {
	l := New(&store.Store{}, "viewer")
	sv := l.SpaceForViewer()
	if sv == nil || l.SpaceForViewer() != sv {
		t.Fatal("SpaceForViewer answers a new loader on each call")
	}
	if l.spaces.v != nil {
		t.Error("SpaceForViewer made the spaces group")
	}
	if g := l.Spaces(); g == nil || g.Space == nil || l.spaces.v != g {
		t.Error("Spaces did not make its group")
	}
	if l.SpaceForViewer() != sv {
		t.Error("making the spaces group replaced the space-with-access loader")
	}
}

// TestFindIn: a batch's rows are found by key the same way below and
// above scanBelow keys (a scan, a map), and a key with no row is absent.
func TestFindIn(t *testing.T) {
	type row struct{ id, v string }
	rows := []row{{"a", "1"}, {"b", "2"}, {"c", "3"}}
	keyOf := func(r row) string { return r.id }
	for _, keys := range []int{1, scanBelow, scanBelow + 1} {
		find := findIn(rows, keyOf, keys)
		for _, r := range rows {
			if got, ok := find(r.id); !ok || got != r {
				t.Errorf("%d keys: find(%q) = %v, %v", keys, r.id, got, ok)
			}
		}
		if got, ok := find("z"); ok || got != (row{}) {
			t.Errorf("%d keys: find(z) = %v, %v; want absent", keys, got, ok)
		}
	}
}
