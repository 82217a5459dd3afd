package store

import (
	"context"
	"sync/atomic"
	"time"

	"folio/internal/lrucache"
)

// The token cache (Options.TokenCacheTTL, FOLIO_TOKEN_CACHE_TTL): the
// user an API token belongs to and what the request needs of the token
// (its id, name, expiry and read-only flag), by the token's SHA-256 hash,
// so that a request with a token used a moment ago runs no statement to
// authenticate. The clear token is never kept; an unknown, revoked or
// expired token is never kept either (a stranger's guesses cannot fill the
// cache), and memberships and roles are not in it: every request reads
// those with its object, as without the cache.
//
// Every change takes effect on every server within the TTL (1 s at most):
//   - An entry is trusted for TTL after the read that filled it began;
//     past that, the next use reads the token again. Revoking a token, a
//     server-admin flag taken away, a new password: anything committed
//     before that read began is in it, and anything committed after is
//     seen by every request that starts TTL after the commit, on every
//     server. Credentials belong to users, not to an organization, so the
//     change feed, which the published reader's view cache follows, has
//     nothing to say about them; the bound needs no feed, no poll and no
//     NOTIFY, and holds while the database is unreachable (the read after
//     TTL fails).
//   - On the server that made the change it takes effect at once: each
//     write of a token or user in this store drops every entry and moves
//     a generation, and an entry read before the move is not kept
//     (credentialsChanged). These writes are rare; one that does not come
//     through this store (SQL by hand) waits for the TTL like another
//     server's.
//   - Expiry is checked against the clock on every use, never cached.
//
// last_used_at keeps its meaning (at most touchGranularity stale): a hit
// writes it when the last use this server knows of is older than that,
// once per token and minute, as a miss does.

// Bounds of the token cache: entries, and bytes as tokenMemory counts
// them (measured by TestTokenCacheMemory).
const (
	tokenCacheEntries = 10000
	tokenCacheBytes   = 16 << 20
	tokenEntryBase    = 640
)

// MaxTokenCacheTTL is the longest a cached token may be trusted: the
// bound docs/operations.md promises on a revocation reaching every server.
const MaxTokenCacheTTL = time.Second

// DefaultTokenCacheTTL is the TTL of `folio serve` unless set.
const DefaultTokenCacheTTL = 500 * time.Millisecond

type tokenCache struct {
	ttl     time.Duration
	gen     atomic.Uint64
	entries *lrucache.Cache[[32]byte, *cachedToken]
}

// cachedToken is a live token's user and token as read at read (the
// monotonic clock's time the read began). user and token are never
// changed once kept: each hit returns copies.
type cachedToken struct {
	user  User
	token APIToken
	read  time.Time
	// lastUsed is the token's last use this server knows of (Unix
	// nanoseconds, 0 for never): written by the hit that writes the row.
	lastUsed atomic.Int64
}

func newTokenCache(ttl time.Duration) *tokenCache {
	if ttl <= 0 {
		return nil
	}
	return &tokenCache{ttl: ttl,
		entries: lrucache.New[[32]byte](tokenCacheEntries, tokenCacheBytes, tokenCacheBytes/64, tokenMemory)}
}

// tokenMemory is what the cache counts an entry as: its strings, and what
// the entry, its copies' headers and the cache's own bookkeeping hold.
func tokenMemory(e *cachedToken) int {
	u, t := &e.user, &e.token
	n := tokenEntryBase + len(u.ID) + len(u.Email) + len(u.DisplayName) + len(u.PasswordHash) + len(t.ID) + len(t.Name)
	if u.PhotoURL != nil {
		n += len(*u.PhotoURL)
	}
	return n
}

// get is the entry of a token's hash, while it may be trusted.
func (c *tokenCache) get(sum [32]byte) (*cachedToken, bool) {
	e, ok := c.entries.Get(sum)
	if !ok || time.Since(e.read) >= c.ttl {
		return nil, false
	}
	return e, true
}

// add keeps an entry read after the generation gen was seen, unless a
// write of this store changed credentials since.
func (c *tokenCache) add(sum [32]byte, e *cachedToken, gen uint64) {
	if c.gen.Load() != gen {
		return
	}
	c.entries.Add(sum, e)
	if c.gen.Load() != gen {
		c.entries.Remove(sum) // a change landed meanwhile: it may have missed it
	}
}

// credentialsChanged drops every cached token: a token or a user changed
// through this store (after its commit, so that a read beginning later
// sees the change). Writes in a caller's transaction call it before the
// commit too; their callers call it again once committed.
func (s *Store) credentialsChanged() {
	if c := s.tokens; c != nil {
		c.gen.Add(1)
		c.entries.Purge()
	}
}

// cachedAuthenticate answers Authenticate from the cache: ok is false when
// the token is not there (or is no longer trusted).
func (s *Store) cachedAuthenticate(ctx context.Context, sum [32]byte) (*User, *APIToken, bool, error) {
	e, ok := s.tokens.get(sum)
	if !ok {
		return nil, nil, false, nil
	}
	now := s.Now()
	if e.token.ExpiresAt != nil && !now.Before(*e.token.ExpiresAt) {
		return nil, nil, true, errBadToken()
	}
	u, t := e.user, e.token
	last := e.lastUsed.Load()
	if last != 0 {
		at := time.Unix(0, last).UTC()
		t.LastUsedAt = &at
	}
	if (last == 0 || now.Sub(time.Unix(0, last)) >= touchGranularity) && e.lastUsed.CompareAndSwap(last, now.UnixNano()) {
		// One request of the many that may see the stale time writes it.
		t.LastUsedAt = nil
		s.touchToken(ctx, &t)
	}
	return &u, &t, true, nil
}

// keepToken caches a token just read (read is when the read began, gen
// the generation seen before it).
func (s *Store) keepToken(sum [32]byte, u *User, t *APIToken, read time.Time, gen uint64) {
	e := &cachedToken{user: *u, token: *t, read: read}
	e.token.LastUsedAt = nil
	if t.LastUsedAt != nil {
		e.lastUsed.Store(t.LastUsedAt.UnixNano())
	}
	s.tokens.add(sum, e, gen)
}

// SetTokenCacheTTL replaces the token cache by an empty one of this TTL
// (none when zero), before the store serves requests: for tests, whose
// stores open without (a store opened with Options has its cache).
func (s *Store) SetTokenCacheTTL(ttl time.Duration) {
	s.opts.TokenCacheTTL = ttl
	s.tokens = newTokenCache(ttl)
}

// TokenCacheStats are how many tokens the cache holds and the bytes it
// counts them as (0, 0 without a cache).
func (s *Store) TokenCacheStats() (entries, bytes int) {
	if s.tokens == nil {
		return 0, 0
	}
	return s.tokens.entries.Len(), s.tokens.entries.Bytes()
}
