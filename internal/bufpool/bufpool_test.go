package bufpool

import "testing"

// TestGetPut: a buffer comes back empty, with room for the size asked,
// and huge memory is not kept.
func TestGetPut(t *testing.T) {
	b := Get(100)
	if len(b) != 0 || cap(b) < 100 {
		t.Fatalf("Get(100): len %d cap %d", len(b), cap(b))
	}
	b = append(b, "hello"...)
	Put(b)
	if c := Get(10); len(c) != 0 || cap(c) < 10 {
		t.Fatalf("Get(10) after Put: len %d cap %d", len(c), cap(c))
	}
	if c := Get(1000); cap(c) < 1000 {
		t.Fatalf("Get(1000): cap %d", cap(c))
	}
	Put(make([]byte, 0, maxKept+1)) // dropped, not kept
	for range 10 {
		if c := Get(0); cap(c) > maxKept {
			t.Fatalf("Get handed out %d bytes kept past maxKept", cap(c))
		}
	}
}
