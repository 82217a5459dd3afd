package gqlruntime

import (
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"
	"weak"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
)

var collectSchema = gqlparser.MustLoadSchema(&ast.Source{Input: `
interface Node { id: ID! a: A }
type A { x: Int y: Int z: Int }
type T1 implements Node { id: ID! a: A }
type T2 implements Node { id: ID! a: A }
type Query { node: Node }`})

// The types an object satisfies, as package variables like generated.go's
// implementors lists (CollectFields names them by their array).
var queryType, t1, t2, aType = []string{"Query"}, []string{"T1", "Node"}, []string{"T2", "Node"}, []string{"A"}

func parse(t *testing.T, query string) *ast.QueryDocument {
	t.Helper()
	doc, err := gqlparser.LoadQuery(collectSchema, query)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// names are the response names of fields collected under the first field
// of the operation (as satisfies), and under its field a (as A).
func names(oc *graphql.OperationContext, satisfies []string) (node, a []string) {
	root := CollectFields(oc, oc.Doc.Operations[0].SelectionSet, queryType)
	for _, f := range CollectFields(oc, root[0].Selections, satisfies) {
		node = append(node, f.Alias)
		if f.Name == "a" {
			for _, g := range CollectFields(oc, f.Selections, aType) {
				a = append(a, g.Alias)
			}
		}
	}
	return node, a
}

// TestCollectFieldsKept: fields collected from a document without @skip,
// @include or @defer are kept across operations on the same parsed document,
// and a selection merged differently for two types stays two selections.
func TestCollectFieldsKept(t *testing.T) {
	doc := parse(t, `{ node { id ... on Node { a { x } } ... on T1 { a { y } } ... on T2 { a { z } } } }`)
	for round := range 2 {
		// A new operation context for each round, as for each request:
		// gqlgen's own cache lives in it.
		oc := &graphql.OperationContext{Doc: doc}
		for _, c := range []struct {
			satisfies []string
			want      []string
		}{{t1, []string{"x", "y"}}, {t2, []string{"x", "z"}}} {
			node, a := names(oc, c.satisfies)
			if !slices.Equal(node, []string{"id", "a"}) || !slices.Equal(a, c.want) {
				t.Errorf("round %d, %s: node %v, a %v; want [id a], a %v", round, c.satisfies[0], node, a, c.want)
			}
		}
	}
	first := CollectFields(&graphql.OperationContext{Doc: doc}, doc.Operations[0].SelectionSet, queryType)
	again := CollectFields(&graphql.OperationContext{Doc: doc}, doc.Operations[0].SelectionSet, queryType)
	if unsafe.SliceData(first) != unsafe.SliceData(again) {
		t.Error("a directive-free document's fields were collected again for another operation")
	}
}

// TestCollectFieldsConditional: a document with @skip, @include or @defer
// is collected for each operation's variables.
func TestCollectFieldsConditional(t *testing.T) {
	for _, c := range []struct {
		query string
		v     bool // the value of $v that selects a
	}{
		{`query($v: Boolean!) { node { id a @include(if: $v) { x } } }`, true},
		{`query($v: Boolean!) { node { id ... on T1 @skip(if: $v) { a { x } } } }`, false},
		{`query($v: Boolean!) { node { id ...f @skip(if: $v) } } fragment f on Node { a { x } }`, false},
	} {
		doc := parse(t, c.query)
		if collectedOf(doc) != nil {
			t.Errorf("%s: kept", c.query)
		}
		for _, v := range []bool{c.v, !c.v, c.v} {
			node, _ := names(&graphql.OperationContext{Doc: doc, Variables: map[string]any{"v": v}}, t1)
			want := []string{"id"}
			if v == c.v {
				want = []string{"id", "a"}
			}
			if !slices.Equal(node, want) {
				t.Errorf("%s with v=%v: %v, want %v", c.query, v, node, want)
			}
		}
	}
}

// TestCollectFieldsDropped: what is kept for a document goes with it.
func TestCollectFieldsDropped(t *testing.T) {
	doc := parse(t, `{ node { id } }`)
	names(&graphql.OperationContext{Doc: doc}, t1)
	key := weak.Make(doc)
	if _, ok := documents.Load(key); !ok {
		t.Fatal("nothing kept for the document")
	}
	doc = nil
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		runtime.GC()
		if _, ok := documents.Load(key); !ok {
			return
		}
	}
	t.Error("the fields collected for a dropped document are still kept")
}
