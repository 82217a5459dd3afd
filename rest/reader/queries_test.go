package reader

import (
	"testing"

	"github.com/vektah/gqlparser/v2"

	"folio/graph"
)

// TestQueriesValidate checks every operation the reader runs against the
// schema (a broken one would answer 404 at run time, not fail here).
func TestQueriesValidate(t *testing.T) {
	schema := graph.Schema(&graph.Resolver{}).Schema()
	ops := map[string]string{"site": siteQuery}
	for kind, q := range appQueries {
		ops["app "+kind] = q
	}
	for name, q := range ops {
		if _, errs := gqlparser.LoadQuery(schema, q); len(errs) > 0 {
			t.Errorf("%s: %v", name, errs)
		}
	}
}
