package gqlruntime

import (
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// The value marshallers of the fields of diffSchema, as generated.go writes
// them.

func marshalOString(_ context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
	return graphql.MarshalString(v)
}

func marshalNString(ctx context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
	res := graphql.MarshalString(v)
	if res == graphql.Null {
		graphql.AddInvalidNullFromMarshaler(ctx, "String!")
	}
	return res
}

func marshalOStringPtr(_ context.Context, _ ast.SelectionSet, v *string) graphql.Marshaler {
	if v == nil {
		return graphql.Null
	}
	return graphql.MarshalString(*v)
}

func marshalNStringPtr(ctx context.Context, _ ast.SelectionSet, v *string) graphql.Marshaler {
	if v == nil {
		graphql.AddInvalidNullError(ctx, "String!")
		return graphql.Null
	}
	return graphql.MarshalString(*v)
}

func marshalOInt(_ context.Context, _ ast.SelectionSet, v int) graphql.Marshaler {
	return graphql.MarshalInt(v)
}

// marshalNBoolean is generated.go's marshaller of a Boolean! with
// marshalBoolean, gqlgen's or this package's.
func marshalNBoolean(marshalBoolean func(bool) graphql.Marshaler) func(context.Context, ast.SelectionSet, bool) graphql.Marshaler {
	return func(ctx context.Context, _ ast.SelectionSet, v bool) graphql.Marshaler {
		res := marshalBoolean(v)
		if res == graphql.Null {
			graphql.AddInvalidNullFromMarshaler(ctx, "Boolean!")
		}
		return res
	}
}

func marshalOTime(_ context.Context, _ ast.SelectionSet, v time.Time) graphql.Marshaler {
	return graphql.MarshalTime(v)
}

func marshalNTime(ctx context.Context, _ ast.SelectionSet, v time.Time) graphql.Marshaler {
	res := graphql.MarshalTime(v)
	if res == graphql.Null {
		graphql.AddInvalidNullFromMarshaler(ctx, "Time!")
	}
	return res
}

type obj struct{ name string }

func marshalOObj(_ context.Context, _ ast.SelectionSet, v *obj) graphql.Marshaler {
	if v == nil {
		return graphql.Null
	}
	return graphql.WriterFunc(func(w io.Writer) { io.WriteString(w, `{"name":`+`"`+v.name+`"}`) })
}

// result is a resolver's answer, or its panic.
type result struct {
	name    string
	resolve func(ctx context.Context) (any, error)
}

func answer(name string, v any, err error) result {
	return result{name, func(context.Context) (any, error) { return v, err }}
}

// failures are what any resolver may answer besides a value of its type.
var failures = []result{
	answer("nil", nil, nil),
	answer("error", nil, errBoom),
	answer("coded error", nil, &gqlerror.Error{Message: "not allowed", Extensions: map[string]any{"code": "FORBIDDEN"}}),
	answer("error with a value", "ignored", errBoom),
	answer("error list", nil, gqlerror.List{{Message: "one"}, {Message: "two"}}),
	answer("wrong type", struct{ x int }{1}, nil),
	answer("a marshaler", graphql.MarshalString("as marshaled"), nil),
	{"panic", func(context.Context) (any, error) { panic("kaboom") }},
	{"panic with an error", func(context.Context) (any, error) { panic(errBoom) }},
}

func ptr[T any](v T) *T { return &v }

// fieldCase is a field of Obj and the resolver answers to try on it.
type fieldCase[T any] struct {
	alias      string
	typeName   string
	nonNull    bool
	isResolver bool
	scalar     bool                                                         // its context is made by NewScalarFieldContext
	marshal    func(context.Context, ast.SelectionSet, T) graphql.Marshaler // gqlgen's
	ours       func(context.Context, ast.SelectionSet, T) graphql.Marshaler // generated.go's with this package; marshal when nil
	results    []result
	wantKind   plainKind // what ResolveField should make of the field
}

const query = `{
  obj { name short ptr req reqPtr n flag at atReq child { name } resolved arg(x: 1) }
  named { name }
}`

// TestResolveFieldDifferential: ResolveField and graphql.ResolveField give
// the same outcome for each field kind and each answer of its resolver, on
// the first run (where ResolveField learns whether the field is plain) and
// on the runs after (where it answers a plain field without the
// middleware), with and without panic recovery, with a directive's
// middleware, and with a field context that fails to initialize.
func TestResolveFieldDifferential(t *testing.T) {
	long := strings.Repeat("l", MinChargedText)
	zero := time.Time{}
	at := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	cases := []any{
		fieldCase[string]{alias: "short", typeName: "String", scalar: true, marshal: marshalOString, wantKind: plainValue,
			results: []result{answer("short", "hello", nil), answer("empty", "", nil), answer("long", long, nil), answer("escaped", "a \"quoted\"\n line", nil)}},
		fieldCase[string]{alias: "req", typeName: "String", nonNull: true, scalar: true, marshal: marshalNString, wantKind: plainValue,
			results: []result{answer("short", "hello", nil), answer("long", long, nil)}},
		fieldCase[*string]{alias: "ptr", typeName: "String", scalar: true, marshal: marshalOStringPtr, wantKind: plainPointer,
			results: []result{answer("short", ptr("hello"), nil), answer("long", &long, nil), answer("nil pointer", (*string)(nil), nil)}},
		fieldCase[*string]{alias: "reqPtr", typeName: "String", nonNull: true, scalar: true, marshal: marshalNStringPtr, wantKind: plainPointer,
			results: []result{answer("short", ptr("hello"), nil), answer("nil pointer", (*string)(nil), nil)}},
		fieldCase[int]{alias: "n", typeName: "Int", scalar: true, marshal: marshalOInt, wantKind: plainValue,
			results: []result{answer("zero", 0, nil), answer("negative", -42, nil), answer("int64", int64(7), nil)}},
		fieldCase[bool]{alias: "flag", typeName: "Boolean", nonNull: true, scalar: true,
			marshal: marshalNBoolean(graphql.MarshalBoolean), ours: marshalNBoolean(MarshalBoolean), wantKind: plainValue,
			results: []result{answer("true", true, nil), answer("false", false, nil)}},
		fieldCase[time.Time]{alias: "at", typeName: "Time", scalar: true, marshal: marshalOTime, wantKind: plainValue,
			results: []result{answer("time", at, nil), answer("zero", zero, nil)}},
		fieldCase[time.Time]{alias: "atReq", typeName: "Time", nonNull: true, scalar: true, marshal: marshalNTime, wantKind: plainValue,
			results: []result{answer("time", at, nil), answer("zero", zero, nil)}},
		fieldCase[*obj]{alias: "child", typeName: "Obj", marshal: marshalOObj, wantKind: notPlain,
			results: []result{answer("object", &obj{"c"}, nil), answer("nil pointer", (*obj)(nil), nil)}},
		fieldCase[string]{alias: "resolved", typeName: "String", isResolver: true, scalar: true, marshal: marshalOString, wantKind: notPlain,
			results: []result{answer("short", "hello", nil)}},
		fieldCase[string]{alias: "arg", typeName: "String", marshal: marshalOString, wantKind: notPlain,
			results: []result{answer("short", "hello", nil)}},
	}
	doc := parseQuery(t, query)
	for _, c := range cases {
		switch c := c.(type) {
		case fieldCase[string]:
			runFieldCase(t, doc, c)
		case fieldCase[*string]:
			runFieldCase(t, doc, c)
		case fieldCase[int]:
			runFieldCase(t, doc, c)
		case fieldCase[bool]:
			runFieldCase(t, doc, c)
		case fieldCase[time.Time]:
			runFieldCase(t, doc, c)
		case fieldCase[*obj]:
			runFieldCase(t, doc, c)
		}
	}
	// A field selected on an interface: its definition is the interface's.
	runFieldCaseAt(t, doc, 1, fieldCase[string]{alias: "name", typeName: "String", scalar: true, marshal: marshalOString, wantKind: notPlain,
		results: []result{answer("short", "hello", nil)}})
}

func runFieldCase[T any](t *testing.T, doc *ast.QueryDocument, c fieldCase[T]) {
	runFieldCaseAt(t, doc, 0, c)
}

// runFieldCaseAt runs c on the field c.alias under the root field at
// index root of doc.
func runFieldCaseAt[T any](t *testing.T, doc *ast.QueryDocument, root int, c fieldCase[T]) {
	t.Helper()
	oc := operation(doc, nil)
	parent := collect(oc, oc.Operation.SelectionSet, queryImplementors)[root]
	var f graphql.CollectedField
	for _, g := range collect(oc, parent.Selections, objImplementors) {
		if g.Alias == c.alias {
			f = g
		}
	}
	if f.Field == nil {
		t.Fatalf("no field %s", c.alias)
	}
	if c.ours == nil {
		c.ours = c.marshal
	}
	// The field contexts generated.go makes, with gqlgen's and with this
	// package's NewScalarFieldContext.
	object := parent.Definition.Type.Name()
	theirsInit := func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		if c.scalar {
			return graphql.NewScalarFieldContext(object, field, c.isResolver, c.isResolver, c.typeName)
		}
		return &graphql.FieldContext{Object: object, Field: field, IsResolver: c.isResolver, Args: map[string]any{"x": 1}}, nil
	}
	oursInit := func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		if c.scalar {
			return NewScalarFieldContext(object, field, c.isResolver, c.isResolver, c.typeName)
		}
		return theirsInit(ctx, field)
	}
	failingInit := func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		fc := &graphql.FieldContext{Object: object, Field: field}
		err := errors.New("argument x: not an Int")
		graphql.AddError(graphql.WithFieldContext(ctx, fc), err)
		return fc, err
	}
	upper := func(_ context.Context, next graphql.Resolver) graphql.Resolver {
		return func(ctx context.Context) (any, error) {
			v, err := next(ctx)
			if s, ok := v.(string); ok {
				v = strings.ToUpper(s)
			}
			return v, err
		}
	}
	for _, r := range append(c.results, failures...) {
		for _, v := range []struct {
			name             string
			recoverFromPanic bool
			chain            func(context.Context, graphql.Resolver) graphql.Resolver
			failInit         bool
		}{
			{"", true, nil, false},
			{" without recovery", false, nil, false},
			{" with a directive", true, upper, false},
			{" failing its context", true, nil, true},
		} {
			if v.failInit && c.scalar {
				continue // only a field with arguments has a context that can fail, and it is never plain
			}
			theirs, ours := theirsInit, oursInit
			if v.failInit {
				theirs, ours = failingInit, failingInit
			}
			want := observe(requestContext(oc, &parent), func(ctx context.Context) graphql.Marshaler {
				return graphql.ResolveField(ctx, oc, f, theirs, r.resolve, v.chain, c.marshal, v.recoverFromPanic, c.nonNull)
			})
			for run := range 3 {
				got := observe(requestContext(oc, &parent), func(ctx context.Context) graphql.Marshaler {
					return ResolveField(ctx, oc, f, ours, r.resolve, v.chain, c.ours, v.recoverFromPanic, c.nonNull)
				})
				if got != want {
					t.Errorf("%s answering %s%s, run %d:\n got %+v\nwant %+v", c.alias, r.name, v.name, run, got, want)
				}
			}
		}
	}
	if kind, _ := plainFields.Load(f.Definition); kind != c.wantKind {
		t.Errorf("%s: plain kind %v, want %v", c.alias, kind, c.wantKind)
	}
}

// TestNewScalarFieldContext: the field context is gqlgen's, but for its
// Child, which fails for a scalar in both with a message of its own.
func TestNewScalarFieldContext(t *testing.T) {
	oc := operation(parseQuery(t, query), nil)
	_, f := field(t, oc, "short")
	for _, flags := range [][2]bool{{false, false}, {true, false}, {true, true}} {
		want, err1 := graphql.NewScalarFieldContext("Obj", f, flags[0], flags[1], "String")
		got, err2 := NewScalarFieldContext("Obj", f, flags[0], flags[1], "String")
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		_, wantErr := want.Child(context.Background(), f)
		_, gotErr := got.Child(context.Background(), f)
		if wantErr == nil || gotErr == nil {
			t.Errorf("Child of a scalar: %v, gqlgen's %v; want errors", gotErr, wantErr)
		}
		want.Child, got.Child = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%v: %+v, want %+v", flags, got, want)
		}
	}
}
