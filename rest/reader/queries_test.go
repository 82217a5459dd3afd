package reader

import (
	"testing"

	"folio/graph"
)

// TestQueriesValidate checks that every operation the reader runs
// (operations/*.graphql) validates against the schema, as New does when
// the server starts: a broken one stops the server instead of answering
// 404 at run time.
func TestQueriesValidate(t *testing.T) {
	schema := graph.Schema(&graph.Resolver{}).Schema()
	ops, err := loadOperations(schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	for kind := range appOperations {
		if ops.app[kind] == nil {
			t.Errorf("no operation for app addresses of a %s", kind)
		}
	}
}
