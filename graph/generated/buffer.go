package generated

// This file is written by hand (gqlgen writes only generated.go here).
// `make generate` has generated.go write each operation's data into
// responseBuffer instead of a zero bytes.Buffer.

import (
	"bytes"

	"folio/store/bufpool"
)

// responseBuffer is a buffer over pooled memory to write an operation's
// data into; the transports put the data back once it is written
// (bufpool.Put).
func responseBuffer() bytes.Buffer {
	return *bytes.NewBuffer(bufpool.Get(0))
}
