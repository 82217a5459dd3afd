package generated

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph/gqlruntime"
	"folio/graph/model"
	"folio/store"
)

// TestPlainMethodPanics: a plain field read by a method that panics
// (RevisionPage.title of a page without its entry) answers what it
// answers through ResolveField: null, and the recovered panic as the
// field's error on its path, for a string and a pointer to one
// (RevisionPage.emoji); with an entry, both answer.
func TestPlainMethodPanics(t *testing.T) {
	answer := func(on bool, page *model.RevisionPage) string {
		gqlruntime.SetPlainFields(on)
		defer gqlruntime.SetPlainFields(true)
		recovered := func(_ context.Context, r any) error { return fmt.Errorf("recovered: %v", r) }
		oc := &graphql.OperationContext{
			ResolverMiddleware: func(ctx context.Context, next graphql.Resolver) (any, error) { return next(ctx) },
			RecoverFunc:        recovered,
		}
		ec := newExecutionContext(oc, &executableSchema{}, nil)
		ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter, recovered)
		ctx = graphql.WithOperationContext(ctx, oc)
		ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: "Revision", Field: graphql.CollectedField{Field: &ast.Field{Alias: "page"}}})
		def := parsedSchema.Types["RevisionPage"]
		var out bytes.Buffer
		for _, name := range []string{"title", "emoji"} {
			field := graphql.CollectedField{Field: &ast.Field{Alias: name, Name: name, Definition: def.Fields.ForName(name), ObjectDefinition: def}}
			var m graphql.Marshaler
			if name == "title" {
				m = ec._RevisionPage_title(ctx, field, page)
			} else {
				m = ec._RevisionPage_emoji(ctx, field, page)
			}
			fmt.Fprintf(&out, "%s: null %v, ", name, m == graphql.Null)
			m.MarshalGQL(&out)
			out.WriteString("; ")
		}
		errs, _ := json.Marshal(graphql.GetErrors(ctx))
		out.Write(errs)
		return out.String()
	}
	for _, page := range []*model.RevisionPage{
		{FullPath: "intro"}, // no entry: Title and Emoji panic
		{Entry: &store.Entry{Title: "Intro", Emoji: "1f4d8"}, FullPath: "intro"},
	} {
		want, got := answer(false, page), answer(true, page)
		if got != want {
			t.Errorf("plain: %s\nResolveField: %s", got, want)
		}
		if page.Entry == nil && !bytes.Contains([]byte(got), []byte(`"path":["page","title"]`)) {
			t.Errorf("the panic is not the field's error: %s", got)
		}
	}
}
