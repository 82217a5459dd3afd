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
// field's error on its path, for a string, a pointer to one
// (RevisionPage.emoji) and a plain object (RevisionPage.urls); with an
// entry, all answer, and a nil object is null.
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
		urls := parsedSchema.Types["RevisionPageURLs"]
		app := ast.SelectionSet{&ast.Field{Alias: "app", Name: "app", Definition: urls.Fields.ForName("app"), ObjectDefinition: urls}}
		for _, name := range []string{"title", "emoji", "urls"} {
			field := graphql.CollectedField{Field: &ast.Field{Alias: name, Name: name, Definition: def.Fields.ForName(name), ObjectDefinition: def}}
			var m graphql.Marshaler
			switch name {
			case "title":
				m = ec._RevisionPage_title(ctx, field, page)
			case "emoji":
				m = ec._RevisionPage_emoji(ctx, field, page)
			case "urls":
				field.SelectionSet, field.Selections = app, app
				m = ec._RevisionPage_urls(ctx, field, page)
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
		{FullPath: "intro"}, // no entry: Title, Emoji and Urls panic
		{Entry: &store.Entry{Title: "Intro", Emoji: "1f4d8", ID: "p1", Type: store.PageDocument}, FullPath: "intro", AppURL: "https://app/s"},
		{Entry: &store.Entry{Title: "Link", Type: store.PageLink}, FullPath: "link"}, // no urls: null
	} {
		want, got := answer(false, page), answer(true, page)
		if got != want {
			t.Errorf("plain: %s\nResolveField: %s", got, want)
		}
		if page.Entry == nil && (!bytes.Contains([]byte(got), []byte(`"path":["page","title"]`)) || !bytes.Contains([]byte(got), []byte(`"path":["page","urls"]`))) {
			t.Errorf("the panic is not the field's error: %s", got)
		}
		if page.Entry != nil && page.Entry.Type == store.PageDocument && !bytes.Contains([]byte(got), []byte(`urls: null false, {"app":"https://app/s/page/p1"}`)) {
			t.Errorf("no urls: %s", got)
		}
	}
}
