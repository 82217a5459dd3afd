package model

import (
	"bytes"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// TestDateTimeIsGqlgensTime: DateTime marshals as gqlgen's Time, which
// graph/generate relies on to answer a DateTime field as a plain one
// (gqlruntime.PlainTime, held to gqlgen's Time by its own test).
func TestDateTimeIsGqlgensTime(t *testing.T) {
	for _, tm := range []time.Time{
		{},
		time.Date(2026, 11, 28, 12, 4, 41, 123456789, time.UTC),
		time.Date(1969, 12, 31, 23, 59, 59, 0, time.FixedZone("", -3600)),
	} {
		got, want := MarshalDateTimeScalar(tm), graphql.MarshalTime(tm)
		if (got == graphql.Null) != (want == graphql.Null) {
			t.Errorf("%v: null %v, gqlgen's %v", tm, got == graphql.Null, want == graphql.Null)
			continue
		}
		var g, w bytes.Buffer
		got.MarshalGQL(&g)
		want.MarshalGQL(&w)
		if g.String() != w.String() {
			t.Errorf("%v: %s, gqlgen's %s", tm, g.String(), w.String())
		}
	}
}
