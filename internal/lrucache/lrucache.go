// Package lrucache is a least-recently-used cache bounded by a number of
// entries and by the bytes its values hold: a count alone does not bound
// memory when values differ a thousandfold in size (a rendered page with its
// whole sidebar, a 10,000-page tree).
package lrucache

import (
	"sync"

	lru "github.com/hashicorp/golang-lru/v2/simplelru"
)

// Cache keeps values least recently used out first, within its bounds. It
// is safe for concurrent use.
type Cache[K comparable, V any] struct {
	mu       sync.Mutex
	lru      *lru.LRU[K, V]
	size     func(V) int
	bytes    int
	maxBytes int
	maxValue int
}

// New makes a cache of at most entries values and maxBytes bytes; a value
// over maxValue bytes is not kept (one huge value would push out all the
// others). size is the bytes a value holds.
func New[K comparable, V any](entries, maxBytes, maxValue int, size func(V) int) *Cache[K, V] {
	c := &Cache[K, V]{size: size, maxBytes: maxBytes, maxValue: min(maxValue, maxBytes)}
	c.lru, _ = lru.NewLRU[K, V](entries, func(_ K, v V) { c.bytes -= c.size(v) })
	return c
}

// Get returns the value of key and marks it used.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Get(key)
}

// Add keeps a value, replacing key's, and evicts the least recently used
// until the cache is within its bytes again.
func (c *Cache[K, V]) Add(key K, v V) {
	if c.size(v) > c.maxValue {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.lru.Peek(key); ok {
		c.bytes -= c.size(old)
	}
	c.lru.Add(key, v)
	c.bytes += c.size(v)
	for c.bytes > c.maxBytes {
		if _, _, ok := c.lru.RemoveOldest(); !ok {
			break
		}
	}
}

// Len and Bytes are how many values the cache holds and their bytes.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}

func (c *Cache[K, V]) Bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// Remove drops key's value, if kept.
func (c *Cache[K, V]) Remove(key K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lru.Remove(key) // the eviction callback takes its bytes off
}

// Purge drops every value.
func (c *Cache[K, V]) Purge() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lru.Purge()
	c.bytes = 0
}
