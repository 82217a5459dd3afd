package gqlruntime

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// marshalObject is generated.go's marshaller of an Obj (object.gotpl), with
// gqlgen's functions (upstream) or this package's. Fields whose names are
// in concurrent resolve as a resolver field does, through the field set
// (deferred ones into the @defer group); the others at once. A field
// answers value(name), or null when that is "".
func marshalObject(ctx context.Context, oc *graphql.OperationContext, sel ast.SelectionSet, upstream bool, concurrent map[string]bool, value func(string) string) (graphql.Marshaler, graphql.DeferredGroup) {
	var fields []graphql.CollectedField
	if upstream {
		fields = graphql.CollectFields(oc, sel, objImplementors)
	} else {
		fields = CollectFields(oc, sel, objImplementors)
	}
	var out *graphql.FieldSet
	var object graphql.Marshaler
	if upstream {
		out = graphql.NewFieldSet(fields)
		object = out
	} else {
		out, object = NewFieldSet(fields)
	}
	var deferred graphql.DeferredGroup
	if upstream {
		deferred = graphql.NewDeferredGroup(ctx)
	} else {
		deferred = NewDeferredGroup(ctx, fields)
	}
	for i, field := range fields {
		nonNull := field.Definition.Type.NonNull
		resolve := func(context.Context) graphql.Marshaler {
			if v := value(field.Name); v == "panic" {
				panic("resolving " + field.Name)
			} else if v != "" {
				return graphql.MarshalString(v)
			}
			return graphql.Null
		}
		switch {
		case field.Name == "__typename":
			out.Values[i] = graphql.MarshalString("Obj")
		case concurrent[field.Name] && upstream:
			out.ResolveConcurrently(oc, &deferred, i, true, nonNull, resolve)
		case concurrent[field.Name]:
			ResolveConcurrently(out, oc, &deferred, field, i, true, nonNull, resolve)
		default:
			out.Values[i] = resolve(ctx)
			if nonNull && out.Values[i] == graphql.Null {
				out.Invalids++
			}
		}
	}
	out.Dispatch(ctx)
	if out.Invalids > 0 {
		return graphql.Null, deferred
	}
	return object, deferred
}

// deferredPayloads is what ProcessDeferredGroup sends of group: nothing for
// a group without deferred fields, else each label's payload once its
// fields resolved, under the group's path.
func deferredPayloads(group graphql.DeferredGroup) string {
	if len(group.Defers) == 0 {
		return ""
	}
	group.FieldSet.Dispatch(graphql.WithFreshResponseContext(group.Context))
	var payloads []string
	for label, view := range group.Defers {
		var buf bytes.Buffer
		view.MarshalGQL(&buf)
		payloads = append(payloads, fmt.Sprintf("%s at %s: %s", label, group.Path, buf.String()))
	}
	slices.Sort(payloads)
	return strings.Join(payloads, "\n")
}

// TestObjectDifferential: an object marshalled with NewFieldSet,
// ResolveConcurrently and NewDeferredGroup writes what gqlgen's field set
// does, with the same errors, and sends the same @defer payloads, for
// fields answered at once, concurrently and deferred, merged and repeated,
// when a non-null field is null, when a concurrent field panics, and for
// objects of every size NewFieldSet has a place for.
func TestObjectDifferential(t *testing.T) {
	values := map[string]string{"name": "n", "short": "s", "ptr": "p", "req": "r", "at": "panic", "atReq": "panic", "reqPtr": "", "n": "1", "resolved": "x"}
	for _, c := range []struct {
		query      string
		concurrent []string
		// overlapping deferred fragments: which label delivers a field two
		// of them ask for follows map order in gqlgen too, so only what is
		// delivered is compared, not under which label.
		overlapping bool
	}{
		{`{ obj { name short ptr } }`, nil, false},
		{`{ obj { name short ptr resolved } }`, []string{"resolved", "ptr"}, false},
		{`{ obj { __typename a: name b: name name ... on Named { name } ... on Obj { name short } } }`, []string{"short"}, false},
		{`{ obj { name ... @defer(label: "later") { short resolved } } }`, []string{"short", "resolved"}, false},
		{`{ obj { name ... @defer(label: "a") { short } ... @defer(label: "b") { ptr } } }`, []string{"short", "ptr"}, false},
		{`{ obj { name ... @defer(label: "a") { short } ... @defer(label: "b") { ptr short } } }`, []string{"short", "ptr"}, true},
		{`{ obj { name ... @defer { resolved reqPtr } } }`, []string{"resolved", "reqPtr"}, false},
		{`{ obj { name req reqPtr } }`, nil, false},
		{`{ obj { name reqPtr } }`, []string{"reqPtr"}, false},
		{`{ obj { name resolved at } }`, []string{"at"}, false},                   // a concurrent field panics: null
		{`{ obj { name resolved atReq } }`, []string{"atReq", "resolved"}, false}, // a non-null one panics: the object is null
		{`{ obj { name ... @defer { atReq } } }`, []string{"atReq"}, false},
		{`{ obj { __typename } }`, nil, false},
		// Objects of each size NewFieldSet holds the values of in place.
		{`{ obj { a: name b: short c: ptr d: name e: short } }`, []string{"b"}, false},
		{`{ obj { a: name b: short c: ptr d: name e: short f: n g: n h: name i: short } }`, []string{"i"}, false},
		{`{ obj { a: name b: short c: ptr d: name e: short f: n g: n h: name i: short j: name k: name l: name m: name o: name p: name q: name r: name } }`, []string{"r", "a"}, false},
	} {
		doc := parseQuery(t, c.query)
		concurrent := map[string]bool{}
		for _, name := range c.concurrent {
			concurrent[name] = true
		}
		run := func(upstream bool) (outcome, string) {
			oc := operation(doc, nil)
			root := collect(oc, oc.Operation.SelectionSet, queryImplementors)[0]
			var group graphql.DeferredGroup
			o := observe(requestContext(oc, &root), func(ctx context.Context) graphql.Marshaler {
				var m graphql.Marshaler
				m, group = marshalObject(ctx, oc, root.Selections, upstream, concurrent, func(name string) string { return values[name] })
				return m
			})
			return o, deferredPayloads(group)
		}
		want, wantDeferred := run(true)
		for round := range 2 { // the second collects from what the first kept
			got, gotDeferred := run(false)
			wantDeferred := wantDeferred
			if c.overlapping {
				gotDeferred, wantDeferred = deliveredFields(gotDeferred), deliveredFields(wantDeferred)
			}
			if got != want || gotDeferred != wantDeferred {
				t.Errorf("%s, round %d:\n got %+v, deferred %q\nwant %+v, deferred %q", c.query, round, got, gotDeferred, want, wantDeferred)
			}
		}
	}
}

// deliveredFields is the sorted "name":value pairs of deferred payloads,
// whatever label carried them.
func deliveredFields(payloads string) string {
	var fields []string
	for _, line := range strings.Split(payloads, "\n") {
		if i := strings.Index(line, ": {"); i >= 0 {
			body := strings.TrimSuffix(line[i+3:], "}")
			if body != "" {
				fields = append(fields, strings.Split(body, ",")...)
			}
		}
	}
	slices.Sort(fields)
	fields = slices.Compact(fields)
	return strings.Join(fields, ",")
}

// TestObjectRepeatedAlias: an alias two collected fields answer is written
// once, with the first one's value, as gqlgen's field set writes it.
func TestObjectRepeatedAlias(t *testing.T) {
	field := func(alias string) graphql.CollectedField {
		return graphql.CollectedField{Field: &ast.Field{Alias: alias, Name: alias}}
	}
	for _, aliases := range [][]string{{}, {"a"}, {"a", "b"}, {"a", "b", "a"}, {"a", "a", "a", "b", "b"}} {
		fields := make([]graphql.CollectedField, len(aliases))
		set := graphql.NewFieldSet(nil)
		for i, a := range aliases {
			fields[i] = field(a)
			set.AddField(fields[i])
			set.Values[i] = graphql.MarshalInt(i)
		}
		ours, object := NewFieldSet(fields)
		copy(ours.Values, set.Values)
		var want, got bytes.Buffer
		set.MarshalGQL(&want)
		object.MarshalGQL(&got)
		if got.String() != want.String() {
			t.Errorf("%v: %s, want %s", aliases, got.String(), want.String())
		}
	}
}

// TestNewDeferredGroup: with a deferred field among an object's, the group
// is gqlgen's; without, it holds the object's context and nothing to send.
func TestNewDeferredGroup(t *testing.T) {
	doc := parseQuery(t, `{ obj { name ... @defer { short } } named { name } }`)
	oc := operation(doc, nil)
	roots := collect(oc, oc.Operation.SelectionSet, queryImplementors)
	ctx := requestContext(oc, &roots[0])
	deferred := NewDeferredGroup(ctx, collect(oc, roots[0].Selections, objImplementors))
	want := graphql.NewDeferredGroup(ctx)
	if deferred.Context != ctx || deferred.Path.String() != want.Path.String() || deferred.FieldSet == nil || deferred.Defers == nil {
		t.Errorf("with a deferred field: %+v, want %+v", deferred, want)
	}
	plain := NewDeferredGroup(ctx, collect(oc, roots[1].Selections, objImplementors))
	if plain.Context != ctx || len(plain.Defers) != 0 {
		t.Errorf("without a deferred field: %+v", plain)
	}
}
