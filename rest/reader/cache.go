package reader

import (
	"sync"

	lru "github.com/hashicorp/golang-lru/v2/simplelru"
)

// pageCache keeps rendered pages, least recently used out first, within a
// number of pages and a number of bytes (a page of a big space carries its
// whole sidebar, so counting pages alone would not bound memory).
type pageCache struct {
	mu       sync.Mutex
	lru      *lru.LRU[string, cachedPage]
	bytes    int
	maxBytes int
}

func newPageCache(entries, maxBytes int) *pageCache {
	c := &pageCache{maxBytes: maxBytes}
	c.lru, _ = lru.NewLRU[string, cachedPage](entries, func(_ string, p cachedPage) { c.bytes -= len(p.body) })
	return c
}

// Get returns a page and marks it used.
func (c *pageCache) Get(key string) (cachedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Get(key)
}

// Add keeps a page (not one larger than the whole budget).
func (c *pageCache) Add(key string, p cachedPage) {
	if len(p.body) > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.lru.Peek(key); ok {
		c.bytes -= len(old.body)
	}
	c.lru.Add(key, p)
	c.bytes += len(p.body)
	for c.bytes > c.maxBytes {
		if _, _, ok := c.lru.RemoveOldest(); !ok {
			break
		}
	}
}
