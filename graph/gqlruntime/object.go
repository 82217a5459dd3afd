package gqlruntime

import (
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// object writes an object's fields as gqlgen's FieldSet.MarshalGQL does:
// in the order selected, each alias once. gqlgen's walks the fields
// through an iterator that moves each field to the heap and keeps a map of
// the aliases written, three allocations and more per object (a sixth of a
// site tree's); object makes the one of its own boxing.
type object struct {
	fields []graphql.CollectedField // the fields set's values answer
	set    *graphql.FieldSet
}

// NewObject is the object of fields whose values set holds.
func NewObject(fields []graphql.CollectedField, set *graphql.FieldSet) graphql.Marshaler {
	return &object{fields: fields, set: set}
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
