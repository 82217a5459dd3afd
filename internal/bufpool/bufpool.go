// Package bufpool keeps the memory of response bodies for the next
// request: an operation's data and the REST body shaped from it are built
// in a buffer that grows by doubling, so a body of a few megabytes
// allocated (and zeroed) about twice its size on every request.
package bufpool

import "sync"

var pool sync.Pool // of *[]byte, empty slices over kept memory

// maxKept is the largest memory kept for another request: a rare huge body
// (a page tree of 10,000 pages) is left to the collector rather than held.
const maxKept = 8 << 20

// Get returns an empty slice to append a body of about size bytes to.
func Get(size int) []byte {
	if b, ok := pool.Get().(*[]byte); ok && cap(*b) >= size {
		return (*b)[:0]
	}
	return make([]byte, 0, size)
}

// Put keeps b's memory for another Get, once nothing reads b any more
// (its bytes are written to the connection). Putting is optional: memory
// never put back is collected as usual.
func Put(b []byte) {
	if cap(b) == 0 || cap(b) > maxKept {
		return
	}
	b = b[:0]
	pool.Put(&b)
}
