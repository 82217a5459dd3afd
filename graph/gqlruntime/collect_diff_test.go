package gqlruntime

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestCollectFieldsDifferential: CollectFields collects what
// graphql.CollectFields does from every selection set of each document
// (fragments, interfaces, aliases, merged fields, @skip, @include and
// @defer with each value of their variables), in every operation on the
// document, kept or not; and so does CollectFieldsOf, with one Collected
// for each type across all of them.
func TestCollectFieldsDifferential(t *testing.T) {
	for _, c := range []struct {
		query string
		vars  []map[string]any
	}{
		{`{ obj { name short ... on Obj { ptr } ...F } } fragment F on Named { name }`, nil},
		{`{ obj { a: short a: short b: ptr child { name } child { short } } }`, nil},
		{`{ named { name ... on Obj { short child { name } } ... on Named { __typename } } }`, nil},
		{`{ objs { name list { name list { short } } } obj { __typename } }`, nil},
		{`query($v: Boolean!) { obj { name @include(if: $v) short @skip(if: $v) ... @include(if: $v) { ptr } ...F @skip(if: $v) } } fragment F on Obj { req }`,
			[]map[string]any{{"v": true}, {"v": false}}},
		{`{ obj { name ... @defer(label: "later") { short child { name } } ... @defer { ptr } } }`, nil},
		{`query($d: Boolean!) { obj { name ... @defer(if: $d, label: "maybe") { short } } }`,
			[]map[string]any{{"d": true}, {"d": false}}},
		{`query($v: Boolean!) { obj @include(if: $v) { name } named { name } }`, []map[string]any{{"v": true}, {"v": false}}},
	} {
		doc := parseQuery(t, c.query)
		vars := c.vars
		if vars == nil {
			vars = []map[string]any{nil}
		}
		for round := range 3 { // a new operation on the same parsed document each round
			for _, v := range vars {
				theirs, ours := operation(doc, v), operation(doc, v)
				sel := doc.Operations[0].SelectionSet
				compareCollected(t, fmt.Sprintf("%s %v round %d", c.query, v, round), theirs, ours, sel, sel, queryImplementors)
			}
		}
	}
}

var queryCollected, objCollected Collected

// compareCollected compares the fields collected from sel and, under each,
// from its selection set, recursively.
func compareCollected(t *testing.T, name string, theirs, ours *graphql.OperationContext, sel, ourSel ast.SelectionSet, satisfies []string) {
	t.Helper()
	want := graphql.CollectFields(theirs, sel, satisfies)
	got := CollectFields(ours, ourSel, satisfies)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: collected\n%s\nwant\n%s", name, describe(got), describe(want))
	}
	// One Collected for each type, as generated.go has, met by every
	// document, kept or not, and every variable in turn.
	c := &queryCollected
	if &satisfies[0] == &objImplementors[0] {
		c = &objCollected
	}
	if got := CollectFieldsOf(c, ours, ourSel, satisfies); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: CollectFieldsOf collected\n%s\nwant\n%s", name, describe(got), describe(want))
	}
	for i, f := range want {
		if len(f.Selections) > 0 {
			// Ours goes down the sets of the fields it collected, as
			// generated.go does.
			sub := got[i].Selections
			// Every object type of diffSchema is Obj, or Named resolved
			// as an Obj.
			compareCollected(t, name+" > "+f.Alias, theirs, ours, f.Selections, sub, objImplementors)
		}
	}
}

func describe(fields []graphql.CollectedField) string {
	s := ""
	for _, f := range fields {
		s += fmt.Sprintf("  %s: %s (%d selections, deferred %v)\n", f.Alias, f.Name, len(f.Selections), f.IsDeferred())
	}
	return s
}
