package gqlruntime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// The differential tests run a function of this package and the gqlgen
// original it replaces on the same inputs and compare what a client would
// see: the bytes marshalled, whether the value is null and which null
// (Null or RequiredNull, which decide how a null bubbles up), the errors
// with their paths, locations and extensions, and the recovered panics.

var diffSchema = gqlparser.MustLoadSchema(&ast.Source{Name: "diff.graphqls", Input: `
scalar Time
interface Named { name: String }
type Query { obj: Obj named: Named objs: [Obj!]! }
type Obj implements Named {
  name: String
  short: String
  ptr: String
  req: String!
  reqPtr: String!
  n: Int
  flag: Boolean!
  at: Time
  atReq: Time!
  child: Obj
  resolved: String
  arg(x: Int): String
  list: [Obj!]
}`})

// The types objects of diffSchema satisfy, as package variables like
// generated.go's implementors lists.
var (
	queryImplementors = []string{"Query"}
	objImplementors   = []string{"Obj", "Named"}
)

func parseQuery(t *testing.T, query string) *ast.QueryDocument {
	t.Helper()
	doc, errs := gqlparser.LoadQuery(diffSchema, query)
	if errs != nil {
		t.Fatal(errs)
	}
	return doc
}

// operation is an operation context for doc as gqlgen's executor makes
// one, with a field middleware that passes each resolver the context it
// was given, as Folio's does (ResolveField relies on it).
func operation(doc *ast.QueryDocument, vars map[string]any) *graphql.OperationContext {
	return &graphql.OperationContext{
		Doc:       doc,
		Operation: doc.Operations[0],
		Variables: vars,
		ResolverMiddleware: func(ctx context.Context, next graphql.Resolver) (any, error) {
			return next(ctx)
		},
		RootResolverMiddleware: func(ctx context.Context, next graphql.RootResolver) graphql.Marshaler {
			return next(ctx)
		},
		RecoverFunc: recoverPanic,
	}
}

// recoverPanic is gqlgen's default recovery without its stack trace on
// stderr.
func recoverPanic(_ context.Context, err any) error {
	return fmt.Errorf("internal system error: %v", err)
}

// requestContext is the context a field of oc's operation resolves in,
// under a field context for the root field root (nil for none).
func requestContext(oc *graphql.OperationContext, root *graphql.CollectedField) context.Context {
	ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter, recoverPanic)
	ctx = graphql.WithOperationContext(ctx, oc)
	if root != nil {
		ctx = graphql.WithFieldContext(ctx, &graphql.FieldContext{Object: "Query", Field: *root})
	}
	return ctx
}

// outcome is what a client sees of one marshalled value.
type outcome struct {
	Null   string // "Null", "RequiredNull" or "" for a value
	Bytes  string
	Errors string // the errors' JSON
	Panic  string // a panic that was not recovered
}

// observe runs f in ctx (a requestContext) and returns what a client
// would see of its value.
func observe(ctx context.Context, f func(ctx context.Context) graphql.Marshaler) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o.Panic = fmt.Sprint(r)
		}
	}()
	m := f(ctx)
	switch {
	case m == nil:
		o.Null = "nil"
	case m == graphql.Null:
		o.Null = "Null"
	case m == graphql.RequiredNull:
		o.Null = "RequiredNull"
	}
	if m != nil {
		var buf bytes.Buffer
		m.MarshalGQL(&buf)
		o.Bytes = buf.String()
	}
	o.Errors = errorsOf(ctx)
	return o
}

// errorsOf is the JSON of the errors added in ctx, in the order of their
// paths (elements of a list marshal concurrently).
func errorsOf(ctx context.Context) string {
	errs := graphql.GetErrors(ctx)
	if len(errs) == 0 {
		return ""
	}
	slices.SortStableFunc(errs, func(a, b *gqlerror.Error) int {
		return cmpString(a.Path.String(), b.Path.String())
	})
	b, err := json.Marshal(errs)
	if err != nil {
		return "unmarshallable errors: " + err.Error()
	}
	return string(b)
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// collect is the fields of the selection set sel on an object satisfying
// satisfies, collected by gqlgen.
func collect(oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) []graphql.CollectedField {
	return graphql.CollectFields(oc, sel, satisfies)
}

// field is the collected field named alias under the first root field of
// oc's operation.
func field(t *testing.T, oc *graphql.OperationContext, alias string) (root, f graphql.CollectedField) {
	t.Helper()
	root = collect(oc, oc.Operation.SelectionSet, queryImplementors)[0]
	for _, f := range collect(oc, root.Selections, objImplementors) {
		if f.Alias == alias {
			return root, f
		}
	}
	t.Fatalf("no field %s", alias)
	return
}

var errBoom = errors.New("boom")
