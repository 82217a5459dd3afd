package gqlruntime

import (
	"bytes"

	"folio/internal/bufpool"
)

// ResponseBuffer is a buffer over pooled memory to write an operation's
// data into; the transports put the data back once it is written
// (bufpool.Put). The generated executor writes a query's or a mutation's
// data into it where gqlgen writes into a zero bytes.Buffer, which grows
// from nothing for every response.
func ResponseBuffer() bytes.Buffer {
	return *bytes.NewBuffer(bufpool.Get(0))
}
