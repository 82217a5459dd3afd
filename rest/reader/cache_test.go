package reader

import (
	"strings"
	"testing"
)

func TestPageCacheBoundsBytes(t *testing.T) {
	c := newPageCache(10, 100)
	page := func(n int) cachedPage { return cachedPage{body: []byte(strings.Repeat("x", n))} }
	c.Add("a", page(40))
	c.Add("b", page(40))
	c.Get("a") // a is now the most recently used
	c.Add("c", page(40))
	if _, ok := c.Get("b"); ok {
		t.Errorf("b should have been evicted")
	}
	for _, k := range []string{"a", "c"} {
		if _, ok := c.Get(k); !ok {
			t.Errorf("%s was evicted", k)
		}
	}
	if c.bytes != 80 {
		t.Errorf("bytes = %d", c.bytes)
	}
	c.Add("a", page(10)) // replacing counts the new size only
	if c.bytes != 50 {
		t.Errorf("bytes after replace = %d", c.bytes)
	}
	c.Add("huge", page(101))
	if _, ok := c.Get("huge"); ok || c.bytes != 50 {
		t.Errorf("a page over the budget was kept (bytes %d)", c.bytes)
	}
	for i := range 20 {
		c.Add(strings.Repeat("k", i+1), page(1))
	}
	if c.lru.Len() > 10 {
		t.Errorf("%d entries", c.lru.Len())
	}
}
