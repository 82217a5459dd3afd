package gqlruntime

import (
	"io"

	"github.com/99designs/gqlgen/graphql"
)

// The two booleans, marshalled once: gqlgen's MarshalBoolean makes a
// closure for every value and a byte slice every time it is written, two
// allocations for each of the ten permissions of every space of a list.
var (
	jsonTrue  graphql.Marshaler = literal("true")
	jsonFalse graphql.Marshaler = literal("false")
)

// literal is JSON written as it is.
type literal string

func (l literal) MarshalGQL(w io.Writer) { io.WriteString(w, string(l)) }

// MarshalBoolean is graphql.MarshalBoolean without allocation.
func MarshalBoolean(b bool) graphql.Marshaler {
	if b {
		return jsonTrue
	}
	return jsonFalse
}
