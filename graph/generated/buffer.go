package generated

// This file is written by hand (gqlgen writes only generated.go here).
// `make generate` has generated.go write each operation's data into
// responseBuffer instead of a zero bytes.Buffer.

import (
	"bytes"
	"encoding/json"
	"sync"
)

// responseData holds the memory of data already written to a client. A
// zero buffer grows by doubling: a 2.8 MB site tree with its page trees
// allocated (and zeroed) about 8 MB to write its data once.
var responseData sync.Pool

// maxPooledData is the largest data kept for another operation: a rare
// huge result is left to the collector rather than held by the pool.
const maxPooledData = 8 << 20

// responseBuffer is a buffer to write an operation's data into.
func responseBuffer() bytes.Buffer {
	if b, ok := responseData.Get().(*[]byte); ok {
		return *bytes.NewBuffer((*b)[:0])
	}
	return bytes.Buffer{}
}

// ReleaseData hands the memory of a response's data back for another
// operation once the data is written out and nothing reads it any more.
// Releasing is optional: data never released is collected as usual.
func ReleaseData(data json.RawMessage) {
	if cap(data) == 0 || cap(data) > maxPooledData {
		return
	}
	b := []byte(data[:0])
	responseData.Put(&b)
}
