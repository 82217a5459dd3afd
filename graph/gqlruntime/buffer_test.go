package gqlruntime

import (
	"bytes"
	"testing"

	"github.com/99designs/gqlgen/graphql"

	"folio/internal/bufpool"
)

// TestResponseBuffer: data marshalled into ResponseBuffer are the bytes a
// zero bytes.Buffer gets, though the pool's memory held another response.
func TestResponseBuffer(t *testing.T) {
	bufpool.Put(append(bufpool.Get(64), "an earlier response"...))
	data := graphql.Array{graphql.MarshalString("a"), graphql.MarshalInt(1), graphql.Null}
	var want bytes.Buffer
	data.MarshalGQL(&want)
	got := ResponseBuffer()
	if got.Len() != 0 {
		t.Fatalf("a new buffer holds %q", got.String())
	}
	data.MarshalGQL(&got)
	if got.String() != want.String() {
		t.Errorf("%q, want %q", got.String(), want.String())
	}
}
