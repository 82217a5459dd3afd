package lrucache

import (
	"strings"
	"testing"
)

func TestBoundsBytesAndEntries(t *testing.T) {
	c := New[string, string](10, 100, 100, func(v string) int { return len(v) })
	page := func(n int) string { return strings.Repeat("x", n) }
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
	if c.Bytes() != 80 {
		t.Errorf("bytes = %d", c.Bytes())
	}
	c.Add("a", page(10)) // replacing counts the new size only
	if c.Bytes() != 50 {
		t.Errorf("bytes after replace = %d", c.Bytes())
	}
	c.Add("huge", page(101))
	if _, ok := c.Get("huge"); ok || c.Bytes() != 50 {
		t.Errorf("a value over the budget was kept (bytes %d)", c.Bytes())
	}
	for i := range 20 {
		c.Add(strings.Repeat("k", i+1), page(1))
	}
	if c.Len() > 10 {
		t.Errorf("%d entries", c.Len())
	}
}

func TestMaxValue(t *testing.T) {
	c := New[string, string](10, 100, 25, func(v string) int { return len(v) })
	c.Add("small", strings.Repeat("x", 25))
	c.Add("big", strings.Repeat("x", 26))
	if _, ok := c.Get("big"); ok {
		t.Error("a value over maxValue was kept")
	}
	if _, ok := c.Get("small"); !ok {
		t.Error("a value of maxValue bytes was not kept")
	}
}

func TestRemoveAndPurge(t *testing.T) {
	c := New[string, string](10, 100, 100, func(v string) int { return len(v) })
	c.Add("a", "xxxx")
	c.Add("b", "yy")
	c.Remove("a")
	if _, ok := c.Get("a"); ok || c.Bytes() != 2 || c.Len() != 1 {
		t.Errorf("after Remove: a kept %v, %d bytes, %d values", ok, c.Bytes(), c.Len())
	}
	c.Remove("missing")
	c.Purge()
	if _, ok := c.Get("b"); ok || c.Bytes() != 0 || c.Len() != 0 {
		t.Errorf("after Purge: b kept %v, %d bytes, %d values", ok, c.Bytes(), c.Len())
	}
}
