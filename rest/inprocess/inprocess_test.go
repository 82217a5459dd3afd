package inprocess_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/rest/inprocess"
)

var schema = gqlparser.MustLoadSchema(&ast.Source{Input: `
type Query { book(id: ID!): Book }
type Book { id: ID! title: String! author: Author }
type Author { name: String! }
`})

// TestLoad: files are one document (a fragment serves operations of other
// files); an operation is kept with the fragments it uses, and only those;
// any mistake is an error when the set is loaded or the operation taken.
func TestLoad(t *testing.T) {
	files := fstest.MapFS{
		"ops/a.graphql": {Data: []byte(`query Book($id: ID!) { book(id: $id) { ...BookFields } }
query Title($id: ID!) { book(id: $id) { title } }`)},
		"ops/b.graphql": {Data: []byte(`fragment BookFields on Book { id title author { ...AuthorFields } }
fragment AuthorFields on Author { name }
fragment TitleOnly on Book { title }
query Other($id: ID!) { book(id: $id) { ...TitleOnly } }`)},
		"other/c.graphql": {Data: []byte(`query Broken { nothing }`)},
	}
	set, err := inprocess.Load(schema, files, "ops/*.graphql", nil)
	if err != nil {
		t.Fatal(err)
	}
	op, err := set.Op("Book")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"query Book", "fragment BookFields", "fragment AuthorFields"} {
		if !strings.Contains(op.Query, want) {
			t.Errorf("Book lacks %q:\n%s", want, op.Query)
		}
	}
	if strings.Contains(op.Query, "TitleOnly") || strings.Contains(op.Query, "query Title") || op.Def.Name != "Book" {
		t.Errorf("Book holds more than it uses:\n%s", op.Query)
	}
	if _, err := set.Op("Nope"); err == nil {
		t.Error("a missing operation was taken")
	}
	if _, err := inprocess.Load(schema, files, "other/*.graphql", nil); err == nil {
		t.Error("an operation that does not validate was loaded")
	}
	if _, err := inprocess.Load(schema, files, "none/*.graphql", nil); err == nil {
		t.Error("an empty set was loaded")
	}
	refuse := func(q string) string {
		if strings.Contains(q, "title") {
			return "no titles"
		}
		return ""
	}
	checked, err := inprocess.Load(schema, files, "ops/*.graphql", refuse)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := checked.Op("Title"); err == nil || !strings.Contains(err.Error(), "no titles") {
		t.Errorf("the check did not refuse Title: %v", err)
	}
}
