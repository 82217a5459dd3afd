package reader

import (
	"context"
	"sync"
	"sync/atomic"

	"folio/internal/lrucache"
	"folio/store"
)

// The view cache: a published site's view as a reader without credentials
// sees it (ReaderSite's answer without a share key, visitor token or
// claims), kept so that a page view whose page is cached too, and a 304,
// run no statement at all. A view is the same for every such reader, so
// one copy serves them all; a reader with credentials never reads it nor
// adds to it (their view is theirs), and a view that refuses (a share-link
// or visitor-auth site) is not kept.
//
// It is dropped when its organization changes: each organization of a
// cached view is watched on the change feed (WatchFunc, the subscriptions'
// hub, which polls every 100 ms for every server), so a write on any server
// reaches every server's cache within a poll; a write on this server also
// drops it at once (Reader.Changed, from the store's append of events).
// Each watched organization has a generation, moved by every event that can
// change what a published site shows (store.EventType.ChangesPublished); a
// view is kept with the generation read before the view was, and is good
// while the generation has not moved since. A view read across a change is
// so never kept past the change's event.

// WatchFunc follows an organization's change feed: fn gets each batch of
// its events once committed, after every event committed before WatchFunc
// returned is visible to reads (graph.Subscriptions.WatchChanges).
type WatchFunc func(ctx context.Context, org string, fn func([]store.Event)) (stop func(), err error)

// Bounds of the view cache: views (by their answer's bytes times
// viewMemoryFactor, plus viewMemoryBase: what a view holds decoded, with the site built from
// it, measured by TestViewCacheMemory), and organizations watched at once.
const (
	viewCacheEntries = 1024
	viewCacheBytes   = 32 << 20
	viewCacheOrgs    = 256
	viewMemoryFactor = 4
	viewMemoryBase   = 4 << 10
)

// viewMemory is what the cache counts a view of an answer of n bytes as.
func viewMemory(n int) int { return viewMemoryFactor*n + viewMemoryBase }

type viewCache struct {
	watch WatchFunc
	views *lrucache.Cache[string, cachedView] // by site id
	tick  atomic.Int64                        // a clock of uses, for the least recently used organization

	mu   sync.Mutex
	orgs map[string]*orgWatch
	// siteOrg is the organization of each site whose view was read (so
	// that the next miss watches it before reading); bounded like orgs.
	siteOrg map[string]string
}

// orgWatch is an organization followed on the change feed.
type orgWatch struct {
	gen     atomic.Uint64 // moved by each event that changes published sites
	used    atomic.Int64
	stopped atomic.Bool
	stop    func()
}

// cachedView is a view with what says it is still good.
type cachedView struct {
	entry *siteEntry
	size  int
	org   *orgWatch
	gen   uint64
}

func newViewCache(watch WatchFunc) *viewCache {
	return &viewCache{watch: watch, orgs: map[string]*orgWatch{}, siteOrg: map[string]string{},
		views: lrucache.New[string](viewCacheEntries, viewCacheBytes, viewCacheBytes/8, func(v cachedView) int { return viewMemory(v.size) })}
}

// get is the site's cached view, when still good.
func (c *viewCache) get(siteID string) (*siteEntry, bool) {
	v, ok := c.views.Get(siteID)
	if !ok || v.org.stopped.Load() || v.org.gen.Load() != v.gen {
		return nil, false
	}
	v.org.used.Store(c.tick.Add(1))
	return v.entry, true
}

// load reads the site's view with read and keeps it when it admits the
// reader. The organization is watched before the read; the first read of
// a site learns it, and is done again once it is watched.
func (c *viewCache) load(ctx context.Context, siteID string, read func() (*siteEntry, int, error)) (*siteEntry, error) {
	c.mu.Lock()
	org := c.siteOrg[siteID]
	c.mu.Unlock()
	for attempt := 0; ; attempt++ {
		var w *orgWatch
		var gen uint64
		if org != "" {
			w = c.follow(ctx, org)
			if w != nil {
				gen = w.gen.Load()
			}
		}
		row, size, err := read()
		if err != nil || row == nil || row.View == nil {
			return row, err
		}
		if row.View.VisitorClaims != nil {
			// Read without credentials, a view has no claims; one that has
			// some is its reader's alone (its pages' {% if %} blocks show
			// for them), never kept for the next reader.
			return row, nil
		}
		got := row.View.Site.Organization
		if w != nil && got == org {
			c.views.Add(siteID, cachedView{entry: row, size: size, org: w, gen: gen})
			return row, nil
		}
		if got == "" || attempt > 0 {
			return row, nil
		}
		c.mu.Lock()
		if len(c.siteOrg) >= viewCacheEntries {
			clear(c.siteOrg)
		}
		c.siteOrg[siteID] = got
		c.mu.Unlock()
		org = got
	}
}

// follow is org's watch, started when there is none (stopping the least
// recently used one when as many are watched as may be); nil when the
// feed cannot be followed now.
func (c *viewCache) follow(ctx context.Context, org string) *orgWatch {
	c.mu.Lock()
	w := c.orgs[org]
	c.mu.Unlock()
	if w != nil {
		return w
	}
	w = &orgWatch{}
	w.used.Store(c.tick.Add(1))
	stop, err := c.watch(context.WithoutCancel(ctx), org, func(evs []store.Event) {
		for _, e := range evs {
			if e.Type.ChangesPublished() {
				w.gen.Add(1)
				return
			}
		}
	})
	if err != nil {
		return nil
	}
	w.stop = stop
	c.mu.Lock()
	defer c.mu.Unlock()
	if other := c.orgs[org]; other != nil {
		stop() // another request watched it meanwhile
		return other
	}
	if len(c.orgs) >= viewCacheOrgs {
		var oldest string
		for k, x := range c.orgs {
			if oldest == "" || x.used.Load() < c.orgs[oldest].used.Load() {
				oldest = k
			}
		}
		c.orgs[oldest].stopped.Store(true)
		c.orgs[oldest].stop()
		delete(c.orgs, oldest)
	}
	c.orgs[org] = w
	return w
}

// changed moves org's generation: a write of this server is about to
// commit events of these types.
func (c *viewCache) changed(org string, types []store.EventType) {
	c.mu.Lock()
	w := c.orgs[org]
	c.mu.Unlock()
	if w == nil {
		return
	}
	for _, t := range types {
		if t.ChangesPublished() {
			w.gen.Add(1)
			return
		}
	}
}

// close stops every watch.
func (c *viewCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, w := range c.orgs {
		w.stopped.Store(true)
		w.stop()
		delete(c.orgs, k)
	}
}

// built is the site as built for base and origin from this cached view,
// built once (readers without credentials all see the same site, and
// build's inputs are the view and these two). The site is shared: no
// reader may change it.
func (e *siteEntry) built(base, origin string, build func() *siteView) *siteView {
	if s := e.first.Load(); s != nil && s.Base == base && s.Origin == origin {
		return s // the one most views ask for, without making a key
	}
	key := base + "\x00" + origin
	if s, ok := e.sites.Load(key); ok {
		return s.(*siteView)
	}
	s := build()
	s.digest = navDigest(s)
	s.serial = siteSerial.Add(1)
	got, _ := e.sites.LoadOrStore(key, s)
	e.first.CompareAndSwap(nil, got.(*siteView))
	return got.(*siteView)
}

// siteSerial numbers the sites built from cached views (siteView.serial).
var siteSerial atomic.Uint64
