package generated

// This file is written by hand (gqlgen writes only generated.go here).
// `make generate` has every field of generated.go resolve through
// resolveField instead of graphql.ResolveField, and the field contexts of
// scalars made by newScalarFieldContext instead of
// graphql.NewScalarFieldContext.

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// resolveField is graphql.ResolveField for a field without directives:
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
func resolveField[T any](
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
	fc, err := initializeFieldContext(ctx, field)
	if err != nil {
		return graphql.Null
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

// newScalarFieldContext is graphql.NewScalarFieldContext with one Child
// for every scalar field, where gqlgen's makes a closure for every field of
// every result to name the scalar's type in Child's error. Nothing in Folio
// asks a field context for its children (only a field middleware would).
func newScalarFieldContext(objectName string, field graphql.CollectedField, isMethod, isResolver bool, _ string) (*graphql.FieldContext, error) {
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
