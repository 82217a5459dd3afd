package graph

import (
	"context"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph/model"
	"folio/store"
)

// TestFieldMiddlewareKeepsContext: the field middleware passes every
// resolver the context it was given. gqlruntime.ResolveField relies
// on it: a field's children marshal with the field's own context, not with
// one the middleware would hand on.
func TestFieldMiddlewareKeepsContext(t *testing.T) {
	c := newTreeCache(nil)
	parent := &graphql.FieldContext{Object: "Space", Result: &model.Revision{Revision: store.Revision{Root: "root"}}}
	for _, fc := range []*graphql.FieldContext{
		{Object: "Space", Field: graphql.CollectedField{Field: &ast.Field{Name: "title"}}},
		{Object: "Revision", IsResolver: true, Parent: parent, Field: graphql.CollectedField{Field: &ast.Field{Name: "pages"}}},
	} {
		ctx := graphql.WithFieldContext(context.Background(), fc)
		var got context.Context
		res, err := c.fields(ctx, func(rctx context.Context) (any, error) {
			got = rctx
			return "value", nil
		})
		if err != nil || res != "value" {
			t.Errorf("%s.%s: %v, %v", fc.Object, fc.Field.Name, res, err)
		}
		if got != ctx {
			t.Errorf("%s.%s: the resolver got another context than the middleware", fc.Object, fc.Field.Name)
		}
	}
}
