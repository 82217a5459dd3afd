package gqlruntime

import (
	"bytes"
	"testing"

	"github.com/99designs/gqlgen/graphql"
)

// TestMarshalBooleanDifferential: MarshalBoolean writes what
// graphql.MarshalBoolean writes, and is never null.
func TestMarshalBooleanDifferential(t *testing.T) {
	for _, b := range []bool{true, false} {
		var want, got bytes.Buffer
		graphql.MarshalBoolean(b).MarshalGQL(&want)
		m := MarshalBoolean(b)
		m.MarshalGQL(&got)
		if got.String() != want.String() || m == graphql.Null {
			t.Errorf("%v: %q, want %q", b, got.String(), want.String())
		}
	}
}
