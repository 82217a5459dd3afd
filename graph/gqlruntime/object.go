package gqlruntime

import (
	"context"
	"io"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
)

// NewFieldSet is graphql.NewFieldSet(fields) and the object that writes
// its values, as gqlgen's FieldSet.MarshalGQL does, in one allocation:
// the field set, its values and the object, where gqlgen makes a field
// set, its values and (to marshal it) an iterator, the fields moved to
// the heap and a map of the aliases written, a sixth of a site tree's
// allocations. The generated code fills the set as gqlgen's and answers
// the object.
//
// The set does not know its fields (they are unexported in gqlgen's):
// its concurrent fields are scheduled by ResolveConcurrently, not by the
// set's method, which reads them. An object with a deferred field gets
// gqlgen's set, which the @defer group's views read the fields of.
func NewFieldSet(fields []graphql.CollectedField) (*graphql.FieldSet, graphql.Marshaler) {
	if deferred(fields) {
		set := graphql.NewFieldSet(fields)
		return set, &object{fields: fields, set: set}
	}
	var o *objectSet
	switch n := len(fields); {
	case n <= 4:
		s := new(objectSet4)
		s.own.Values, o = s.values[:n:n], &s.objectSet
	case n <= 8:
		s := new(objectSet8)
		s.own.Values, o = s.values[:n:n], &s.objectSet
	case n <= 16:
		s := new(objectSet16)
		s.own.Values, o = s.values[:n:n], &s.objectSet
	default:
		o = new(objectSet)
		o.own.Values = make([]graphql.Marshaler, n)
	}
	o.fields, o.set = fields, &o.own
	return o.set, &o.object
}

// object writes an object's fields as gqlgen's FieldSet.MarshalGQL does:
// in the order selected, each alias once.
type object struct {
	fields []graphql.CollectedField // the fields set's values answer
	set    *graphql.FieldSet
}

// objectSet is an object and its own field set; objectSet4 to 16 hold the
// values of up to 4 to 16 fields besides.
type objectSet struct {
	object
	own graphql.FieldSet
}

type objectSet4 struct {
	objectSet
	values [4]graphql.Marshaler
}

type objectSet8 struct {
	objectSet
	values [8]graphql.Marshaler
}

type objectSet16 struct {
	objectSet
	values [16]graphql.Marshaler
}

func deferred(fields []graphql.CollectedField) bool {
	for i := range fields {
		if fields[i].IsDeferred() {
			return true
		}
	}
	return false
}

func (o *object) MarshalGQL(w io.Writer) {
	io.WriteString(w, "{")
	first := true
	for i := range o.fields {
		alias := o.fields[i].Alias
		if written(o.fields[:i], alias) {
			continue
		}
		if !first {
			io.WriteString(w, ",")
		}
		first = false
		// An alias is a GraphQL name ([_A-Za-z][_0-9A-Za-z]*): nothing in
		// it needs escaping.
		io.WriteString(w, `"`)
		io.WriteString(w, alias)
		io.WriteString(w, `":`)
		o.set.Values[i].MarshalGQL(w)
	}
	io.WriteString(w, "}")
}

// written reports whether one of fields already answers alias. Two
// collected fields share an alias only when fragments on unrelated
// interfaces select it; a scan of the few fields before is cheaper than
// the map gqlgen fills for every object.
func written(fields []graphql.CollectedField, alias string) bool {
	for i := range fields {
		if fields[i].Alias == alias {
			return true
		}
	}
	return false
}

// ResolveConcurrently is (*graphql.FieldSet).ResolveConcurrently for m,
// a set NewFieldSet made, and field, the field at i: resolve runs when m
// is dispatched, with its panic recovered into the field's error and a
// null, and m's Invalids counts an answer that nulls the object (a null
// where the schema forbids one, or a RequiredNull under it). A deferred
// field is gqlgen's to schedule, on its set (NewFieldSet made m gqlgen's).
func ResolveConcurrently(m *graphql.FieldSet, oc *graphql.OperationContext, deferred *graphql.DeferredGroup, field graphql.CollectedField, i int,
	recoverFromPanic, nonNull bool, resolve func(ctx context.Context) graphql.Marshaler,
) {
	if field.IsDeferred() {
		m.ResolveConcurrently(oc, deferred, i, recoverFromPanic, nonNull, resolve)
		return
	}
	invalid := graphql.Marshaler(graphql.RequiredNull)
	if nonNull {
		invalid = graphql.Null
	}
	m.Concurrently(i, func(ctx context.Context) (res graphql.Marshaler) {
		defer func() {
			if recoverFromPanic {
				if r := recover(); r != nil {
					oc.Error(ctx, oc.Recover(ctx, r))
					res = graphql.Null
				}
			}
			if res == invalid {
				atomic.AddUint32(&m.Invalids, 1)
			}
		}()
		return resolve(ctx)
	})
}
