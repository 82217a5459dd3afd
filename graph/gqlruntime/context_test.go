package gqlruntime

import (
	"context"
	"errors"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// TestWithFieldAsWithFieldContext: a context made by withField answers what
// graphql.WithFieldContext's does: its field context (under the parent's),
// the parent's values, the field's path, and the parent's cancellation.
func TestWithFieldAsWithFieldContext(t *testing.T) {
	type key struct{}
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "v"))
	outer := &graphql.FieldContext{Object: "Query", Field: graphql.CollectedField{Field: &ast.Field{Alias: "obj", Name: "obj"}}}
	parent = graphql.WithFieldContext(parent, outer)
	field := graphql.CollectedField{Field: &ast.Field{Alias: "kid", Name: "child"}}

	want := graphql.WithFieldContext(parent, &graphql.FieldContext{Object: "Obj", Field: field, IsMethod: true, Result: 7})
	got := PlainObjectContext(parent, "Obj", field, true, 7)
	wfc, gfc := graphql.GetFieldContext(want), graphql.GetFieldContext(got)
	if gfc.Parent != outer || gfc.Object != wfc.Object || gfc.Field.Field != wfc.Field.Field || gfc.IsMethod != wfc.IsMethod ||
		gfc.IsResolver != wfc.IsResolver || gfc.Result != wfc.Result || gfc.Index != nil || gfc.Args != nil {
		t.Errorf("field context %+v, want %+v", gfc, wfc)
	}
	if g, w := graphql.GetPath(got).String(), graphql.GetPath(want).String(); g != w || g != "obj.kid" {
		t.Errorf("path %q, want %q", g, w)
	}
	if got.Value(key{}) != "v" {
		t.Errorf("the parent's value: %v", got.Value(key{}))
	}
	if _, err := gfc.Child(got, field); err == nil {
		t.Error("Child answered")
	}
	// A context under it finds the nearest field context, and values through it.
	inner := graphql.WithFieldContext(got, &graphql.FieldContext{Field: field})
	if graphql.GetFieldContext(inner).Parent != gfc || inner.Value(key{}) != "v" {
		t.Error("a field context under it does not see it")
	}
	cancel()
	<-got.Done()
	if !errors.Is(got.Err(), context.Canceled) {
		t.Errorf("cancelled parent: %v", got.Err())
	}
	c, stop := context.WithCancel(got)
	defer stop()
	if c.Err() == nil {
		t.Error("a context under a cancelled one is not cancelled")
	}
}
