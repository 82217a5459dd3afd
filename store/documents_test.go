package store_test

import (
	"fmt"
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// TestDocumentsOfAHugeTree: the documents of a whole page tree load in one
// statement however many there are (a list of 20,000 pairs once exceeded
// PostgreSQL's stack depth: 500 on a 10,000-page space).
func TestDocumentsOfAHugeTree(t *testing.T) {
	s := pgtest.New(t)
	keys := make([]store.DocumentKey, 20_000)
	for i := range keys {
		keys[i] = store.DocumentKey{OrganizationID: "org", Hash: fmt.Sprintf("%064x", i)}
	}
	docs, err := s.Documents(t.Context(), keys)
	if err != nil || len(docs) != 0 {
		t.Fatalf("documents: %d, %v", len(docs), err)
	}
}
