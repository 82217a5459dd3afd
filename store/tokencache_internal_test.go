package store

import (
	"crypto/sha256"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// cachedTokenFor is an entry as keepToken makes it, with strings of n
// bytes where a user has free text (name, e-mail) and the rest as long
// as they are in the database.
func cachedTokenFor(i, n int) (sum [32]byte, e *cachedToken) {
	sum = sha256.Sum256(fmt.Appendf(nil, "gb_api_token%d", i))
	now := time.Now()
	text := func(prefix string) string { return prefix + strings.Repeat("x", n) + fmt.Sprint(i) }
	photo := text("https://example.com/")
	u := User{ID: fmt.Sprintf("u%025d", i), Email: text("a@") + ".example.com", DisplayName: text("name "), PhotoURL: &photo,
		CreatedAt: now, PasswordHash: "$argon2id$v=19$m=65536,t=3,p=2$" + strings.Repeat("s", 22) + "$" + strings.Repeat("h", 43),
		PasswordChangedAt: &now}
	exp := now.Add(time.Hour)
	t := APIToken{ID: fmt.Sprintf("t%025d", i), UserID: u.ID, Name: text("token "), ExpiresAt: &exp, ReadOnly: true}
	return sum, &cachedToken{user: u, token: t, read: now}
}

// TestTokenCacheMemory: what the cache counts an entry as covers what an
// entry holds in the heap, the cache's own bookkeeping included.
func TestTokenCacheMemory(t *testing.T) {
	const n = 2000
	for _, size := range []int{0, 100} {
		c := newTokenCache(time.Minute)
		sums := make([][32]byte, n)
		entries := make([]*cachedToken, n)
		counted := 0
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range n {
			sums[i], entries[i] = cachedTokenFor(i, size)
			c.add(sums[i], entries[i], 0)
			counted += tokenMemory(entries[i])
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		held := int(after.HeapAlloc) - int(before.HeapAlloc)
		t.Logf("strings of %d bytes: %d B held per cached token, %d B counted", size, held/n, counted/n)
		if c.entries.Len() != n {
			t.Fatalf("%d entries kept of %d", c.entries.Len(), n)
		}
		if held > counted {
			t.Errorf("strings of %d bytes: a cached token holds %d B, the cache counts %d B", size, held/n, counted/n)
		}
		runtime.KeepAlive(c)
	}
}

// TestTokenCacheBounds: the cache keeps at most tokenCacheEntries tokens
// and tokenCacheBytes bytes, the least recently used out first, and
// trusts an entry for its TTL only.
func TestTokenCacheBounds(t *testing.T) {
	c := newTokenCache(time.Minute)
	for i := range tokenCacheEntries + 500 {
		sum, e := cachedTokenFor(i, 0)
		c.add(sum, e, 0)
		if i == 0 {
			c.get(sum) // used: it stays
		}
	}
	if n := c.entries.Len(); n != tokenCacheEntries {
		t.Errorf("%d small tokens kept, want %d", n, tokenCacheEntries)
	}
	if _, ok := c.get(sha256.Sum256([]byte("gb_api_token1"))); ok {
		t.Errorf("the least recently used token was kept")
	}
	// Users with long names and addresses: the bytes bound comes first.
	c = newTokenCache(time.Minute)
	for i := range tokenCacheEntries {
		sum, e := cachedTokenFor(i, 1000)
		c.add(sum, e, 0)
	}
	if n, b := c.entries.Len(), c.entries.Bytes(); b > tokenCacheBytes || n >= tokenCacheEntries {
		t.Errorf("%d large tokens kept in %d B, bound %d B", n, b, tokenCacheBytes)
	}

	// Trusted for the TTL only.
	c = newTokenCache(50 * time.Millisecond)
	sum, e := cachedTokenFor(1, 0)
	e.read = time.Now().Add(-49 * time.Millisecond)
	c.add(sum, e, 0)
	sum2, e2 := cachedTokenFor(2, 0)
	e2.read = time.Now().Add(-50 * time.Millisecond)
	c.add(sum2, e2, 0)
	if _, ok := c.get(sum2); ok {
		t.Errorf("a token read a TTL ago was trusted")
	}
	time.Sleep(50 * time.Millisecond)
	if _, ok := c.get(sum); ok {
		t.Errorf("a token was trusted past its TTL")
	}

	// A read that began before a change is not kept.
	c = newTokenCache(time.Minute)
	gen := c.gen.Load()
	c.gen.Add(1) // credentialsChanged, meanwhile
	c.add(sum, e, gen)
	if c.entries.Len() != 0 {
		t.Errorf("a token read before a change was kept")
	}
}
