package gqlruntime

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
)

// withField is graphql.WithFieldContext's answer, a context holding a
// field context, in one allocation: gqlgen's is a FieldContext and the
// context.WithValue around it, two allocations for every element of every
// list and every object-valued field of every result. Its Value answers
// the field context for gqlgen's key and asks the parent for any other,
// as context.WithValue's does; cancellation, deadline and the values
// under it are the parent's.
type withField struct {
	context.Context
	fc graphql.FieldContext
}

func (c *withField) Value(key any) any {
	if key == fieldContextKey {
		return &c.fc
	}
	return c.Context.Value(key)
}

// init makes c the context of fc under parent, as
// graphql.WithFieldContext(parent, &c.fc) would.
func (c *withField) init(parent context.Context) {
	c.Context = parent
	c.fc.Parent = graphql.GetFieldContext(parent)
}

// fieldContextKey is the key gqlgen keeps a field context under in a
// context (unexported in package graphql): graphql.GetFieldContext asks a
// context for it, and keyProbe records what it is asked.
var fieldContextKey = func() any {
	var p keyProbe
	graphql.GetFieldContext(&p)
	if p.key == nil {
		panic("gqlruntime: graphql.GetFieldContext asked for no key")
	}
	return p.key
}()

type keyProbe struct {
	context.Context
	key any
}

func (p *keyProbe) Value(key any) any {
	p.key = key
	return nil
}

// PlainObjectContext is the context a plain object field's value is
// marshalled in (see graph/generate's plainObject): ctx with the field's
// context, holding result, what the field answered, as ResolveField's
// does (the page-tree cache reads a space's from its revision's parent).
// It is made without the field's fieldContext_* function, whose Child
// closure is an allocation of its own: only a field middleware asks a
// field context for its children, before the field resolves, and a plain
// field goes through no middleware, so its Child says so (a middleware
// under it gets its own field's context, whose Child is gqlgen's).
func PlainObjectContext(ctx context.Context, object string, field graphql.CollectedField, isMethod bool, result any) context.Context {
	c := &withField{fc: graphql.FieldContext{Object: object, Field: field, IsMethod: isMethod, Result: result, Child: plainObjectChildren}}
	c.init(ctx)
	return c
}

// PlainObjects reports whether plain object fields are answered in place
// (SetPlainFields turns them off with the plain leaves, for tests).
func PlainObjects() bool { return !plainOff.Load() }

func plainObjectChildren(_ context.Context, child graphql.CollectedField) (*graphql.FieldContext, error) {
	return nil, errors.New("field " + child.Name + " asked of a plain object field's context, which no field middleware sees")
}
