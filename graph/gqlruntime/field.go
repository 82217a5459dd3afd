package gqlruntime

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// ResolveField is graphql.ResolveField for a field without directives:
// the same field context, panic guard, null checks and errors, with the
// field's resolver handed to the operation's field middleware as it is.
// gqlgen wraps it in a closure that writes the context the middleware
// passed back into a variable its children then marshal with: a closure
// and a variable moved to the heap for every field of every result, a
// quarter of a 1,000-space list's allocations. Folio's only field
// middleware (graph's page-tree cache in front of the result budget)
// passes every resolver the context it was given, so the children's
// context is the field's own. Fields with directives keep gqlgen's path,
// where a directive may hand its own context on.
func ResolveField[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	initializeFieldContext func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error),
	fieldResolver func(ctx context.Context) (any, error),
	middlewareChain func(ctx context.Context, next graphql.Resolver) graphql.Resolver,
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
	recoverFromPanic bool,
	nonNull bool,
) (ret graphql.Marshaler) {
	if middlewareChain != nil {
		return graphql.ResolveField(ctx, oc, field, initializeFieldContext, fieldResolver, middlewareChain, marshal, recoverFromPanic, nonNull)
	}
	kind, known := plainFields.Load(field.Definition)
	if known && kind.(plainKind) != notPlain {
		m, ok, res, err := resolvePlain(ctx, oc, field, kind.(plainKind), initializeFieldContext, fieldResolver, marshal, recoverFromPanic, nonNull)
		if ok {
			return m
		}
		// The middleware gets what the resolver answered: no second call.
		fieldResolver = func(context.Context) (any, error) { return res, err }
	}
	fc, err := initializeFieldContext(ctx, field)
	if err != nil {
		return graphql.Null
	}
	if !known {
		plainFields.Store(field.Definition, plainKindOf[T](fc))
	}
	ctx = graphql.WithFieldContext(ctx, fc)
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				ret = graphql.Null
			}
		}()
	}
	res, err := oc.ResolverMiddleware(ctx, fieldResolver)
	switch {
	case err != nil:
		oc.Error(ctx, graphql.AddFieldLocationToError(ctx, err))
	case res == nil:
		if nonNull || fc.NonNull {
			graphql.AddInvalidNullError(ctx, "")
		}
	default:
		// The result is kept as the middleware answered it: boxing v
		// again would allocate once more for every string.
		if v, ok := res.(T); ok {
			fc.Result = res
			return marshal(ctx, field.Selections, v)
		}
		if m, ok := res.(graphql.Marshaler); ok {
			fc.Result = res
			return m
		}
		var t T
		oc.Errorf(ctx, `unexpected type %T from middleware/directive chain, should be %T`, res, t)
		return graphql.Null
	}
	if fc.NonNull && !nonNull {
		return graphql.RequiredNull
	}
	return graphql.Null
}

// NewScalarFieldContext is graphql.NewScalarFieldContext with one Child
// for every scalar field, where gqlgen's makes a closure for every field of
// every result to name the scalar's type in Child's error. Nothing in Folio
// asks a field context for its children (only a field middleware would).
func NewScalarFieldContext(objectName string, field graphql.CollectedField, isMethod, isResolver bool, _ string) (*graphql.FieldContext, error) {
	return &graphql.FieldContext{
		Object:     objectName,
		Field:      field,
		IsMethod:   isMethod,
		IsResolver: isResolver,
		Child:      noChildren,
	}, nil
}

// noChildren is the Child of a scalar field's context: a scalar has no
// fields.
func noChildren(_ context.Context, child graphql.CollectedField) (*graphql.FieldContext, error) {
	return nil, errors.New("field " + child.Name + " asked of a scalar, which has no fields")
}

// MinChargedText is the shortest text the field middleware charges to the
// result budget (graph's chargeResults): ids, titles and the like are
// bounded by the object limits already.
const MinChargedText = 64

// A plain field is a leaf of an object type read from its Go value alone
// (a struct field or a method without arguments, no resolver) whose value
// is a string, an integer, a boolean or a time (not the zero time), or a
// pointer to one, whose marshallers (gqlgen's and graph/model's scalars)
// never fail: a float's can, and would need the field's context to say
// where. For such a field the field middleware has nothing to do unless
// its text is at least MinChargedText long (it charges only such text,
// lists and resolvers), so resolvePlain answers it without a field context
// or the middleware: a single organization has some forty, a list of 1,000
// spaces 33,000. A field selected on an interface is never plain: its
// definition is the interface's, which objects resolve each in their own
// way.
type plainKind uint8

const (
	notPlain plainKind = iota
	plainValue
	plainPointer
)

// plainFields holds the plainKind of each field definition resolved so far.
var plainFields sync.Map // *ast.FieldDefinition → plainKind

// plainKindOf is what fc, the context of a field whose Go value is a T,
// makes of it.
func plainKindOf[T any](fc *graphql.FieldContext) plainKind {
	f := fc.Field
	if fc.IsResolver || f.Definition == nil || len(f.Definition.Arguments) > 0 || len(f.Selections) > 0 ||
		f.ObjectDefinition == nil || f.ObjectDefinition.Kind != ast.Object || f.ObjectDefinition.Name != fc.Object {
		return notPlain
	}
	t, kind := reflect.TypeFor[T](), plainValue
	if t.Kind() == reflect.Pointer {
		t, kind = t.Elem(), plainPointer
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64:
		return kind
	}
	if t == reflect.TypeFor[time.Time]() {
		return kind
	}
	return notPlain
}

// resolvePlain answers a plain field, or false when the field needs what
// ResolveField does: its resolver failed, it answered null where the
// schema forbids it, or it answered text the middleware charges. Then it
// returns what the resolver answered, for ResolveField to hand on.
func resolvePlain[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	kind plainKind,
	initializeFieldContext func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error),
	fieldResolver func(ctx context.Context) (any, error),
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
	recoverFromPanic, nonNull bool,
) (ret graphql.Marshaler, ok bool, res any, err error) {
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				// The error names the field: its context is made now.
				if fc, err := initializeFieldContext(ctx, field); err == nil {
					ctx = graphql.WithFieldContext(ctx, fc)
				}
				oc.Error(ctx, oc.Recover(ctx, r))
				ret, ok = graphql.Null, true
			}
		}()
	}
	res, err = fieldResolver(ctx)
	if err != nil || res == nil {
		return nil, false, res, err
	}
	v, isT := res.(T)
	if !isT {
		return nil, false, res, err
	}
	switch r := res.(type) {
	case string:
		if len(r) >= MinChargedText {
			return nil, false, res, err
		}
	case *string:
		if r != nil && len(*r) >= MinChargedText {
			return nil, false, res, err
		}
	case time.Time:
		if r.IsZero() {
			return nil, false, res, err // DateTime's marshaller answers null, an error for a DateTime!
		}
	case *time.Time:
		if r != nil && r.IsZero() {
			return nil, false, res, err
		}
	}
	if kind == plainPointer && reflect.ValueOf(res).IsNil() {
		if nonNull {
			return nil, false, res, err
		}
		return graphql.Null, true, nil, nil
	}
	return marshal(ctx, field.Selections, v), true, nil, nil
}
