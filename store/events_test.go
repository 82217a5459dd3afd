package store_test

import (
	"os"
	"strings"
	"testing"

	"folio/store"
)

// TestEventTypesDocumented: every event type has its doc (the OpenAPI
// document shows them) and a line in docs/api/change-feed.md, and no type
// is listed twice.
func TestEventTypesDocumented(t *testing.T) {
	readme, err := os.ReadFile("../docs/api/change-feed.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[store.EventType]bool{}
	for _, typ := range store.EventTypes {
		if seen[typ] {
			t.Errorf("%s listed twice", typ)
		}
		seen[typ] = true
		if store.EventDocs[typ] == "" {
			t.Errorf("%s has no doc", typ)
		}
		if !strings.Contains(string(readme), "`"+string(typ)+"`") {
			t.Errorf("docs/api/change-feed.md does not list %s", typ)
		}
	}
	if len(store.EventDocs) != len(store.EventTypes) {
		t.Errorf("%d docs for %d types", len(store.EventDocs), len(store.EventTypes))
	}
}
