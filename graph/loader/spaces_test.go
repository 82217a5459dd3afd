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
