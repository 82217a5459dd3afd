package graph

import (
	"context"
	"encoding/json"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"folio/graph/model"
	"folio/store"
)

// The hub: one per server, it follows the change feed of every
// organization that has subscribers, with one statement per poll for all
// of them (store.EventsAfter), and wakes their subscriptions. Events reach
// it only once committed, in the order of their ids, so every server on
// one database delivers the same events in the same order; a write needs
// nothing from it (no NOTIFY in the writer's transaction, which would
// serialize every notifying commit of the database). The poll runs only
// while there are subscribers.
//
// Each organization's recent events stay in a ring shared by its
// subscriptions; one that falls behind the ring (a slow client, a replay
// with `after`) reads what it missed from the feed itself, so no event is
// ever dropped for being slow.

const (
	// ringSize is how many recent events a followed organization keeps.
	ringSize = 1024
	// pollBatch is how many events one poll reads per organization; when
	// an organization had more, the hub polls again at once.
	pollBatch = 500
)

type feedHub struct {
	store    *store.Store
	interval time.Duration
	log      *slog.Logger

	mu      sync.Mutex
	feeds   map[string]*orgFeed
	running bool
	// lastErr is when the last poll error was logged: a database outage
	// is logged once a minute, not ten times a second.
	lastErr time.Time
}

// orgFeed is what the hub knows of one organization's feed.
type orgFeed struct {
	org   string
	ready chan struct{} // closed once head is read
	err   error         // head could not be read
	// The ring holds the events after base up to head, oldest first.
	base, head int64
	ring       []feedEvent
	followers  map[*follower]struct{}
}

// feedEvent is an event as the hub read it, with what subscriptions look
// at decoded once for all of them.
type feedEvent struct {
	store.Event
	model *model.Event // shared by every subscription that sends it: read only
	// changeRequest and comment are the payload's fields of these names
	// (the change request an event is about, the comment a reply is in).
	changeRequest, comment string
}

func newFeedEvent(e store.Event) feedEvent {
	m := model.NewEvent(e)
	fe := feedEvent{Event: e, model: &m}
	t := string(e.Type)
	if strings.HasPrefix(t, "comment") || t == string(store.EventPageUpdated) || t == string(store.EventContentImported) {
		var p struct {
			ChangeRequest string `json:"changeRequest"`
			Comment       string `json:"comment"`
		}
		if json.Unmarshal(e.Payload, &p) == nil {
			fe.changeRequest, fe.comment = p.ChangeRequest, p.Comment
		}
	}
	return fe
}

// follower is one subscription's place in an organization's feed.
type follower struct {
	feed *orgFeed
	wake chan struct{} // a token when the feed has new events
	// notify, when set, is called with each batch of new events instead
	// (a watcher: WatchChanges), under the hub's lock.
	notify func([]store.Event)
}

func newFeedHub(s *store.Store, interval time.Duration, log *slog.Logger) *feedHub {
	return &feedHub{store: s, interval: interval, log: log, feeds: map[string]*orgFeed{}}
}

// join follows the feed of org. With latest, it also returns the id of
// the organization's newest event, read after joining: a subscription
// that starts from it misses nothing committed after it subscribed.
func (h *feedHub) join(ctx context.Context, org string, latest bool) (*follower, int64, error) {
	return h.joinWith(ctx, org, latest, nil)
}

// joinWith is join, with the follower's notify function (nil: woken
// through its channel).
func (h *feedHub) joinWith(ctx context.Context, org string, latest bool, notify func([]store.Event)) (*follower, int64, error) {
	h.mu.Lock()
	f := h.feeds[org]
	first := f == nil
	if first {
		f = &orgFeed{org: org, ready: make(chan struct{}), followers: map[*follower]struct{}{}}
		h.feeds[org] = f
	}
	fl := &follower{feed: f, wake: make(chan struct{}, 1), notify: notify}
	f.followers[fl] = struct{}{}
	if !h.running {
		h.running = true
		go h.run()
	}
	h.mu.Unlock()
	if first {
		// Not cut short by this client leaving: others may be waiting for it.
		head, err := h.store.LastEventID(context.WithoutCancel(ctx), org)
		h.mu.Lock()
		f.base, f.head, f.err = head, head, err
		if err != nil && h.feeds[org] == f {
			delete(h.feeds, org) // the next subscription tries again
		}
		h.mu.Unlock()
		close(f.ready)
	}
	select {
	case <-f.ready:
	case <-ctx.Done():
		h.leave(fl)
		return nil, 0, ctx.Err()
	}
	if f.err != nil {
		h.leave(fl)
		return nil, 0, f.err
	}
	var last int64
	if latest {
		var err error
		if last, err = h.store.LastEventID(ctx, org); err != nil {
			h.leave(fl)
			return nil, 0, err
		}
	}
	return fl, last, nil
}

// leave stops following; the organization's ring goes with its last
// follower.
func (h *feedHub) leave(fl *follower) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := fl.feed
	delete(f.followers, fl)
	if len(f.followers) == 0 && h.feeds[f.org] == f {
		delete(h.feeds, f.org)
	}
}

// since returns the ring's events after cursor, and the feed's head. When
// the ring starts after cursor, it returns from > cursor instead: the
// events in (cursor, from] are no longer in the ring and must be read
// from the store.
func (h *feedHub) since(fl *follower, cursor int64) (evs []feedEvent, head, from int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := fl.feed
	if cursor < f.base {
		return nil, f.head, f.base
	}
	i := sort.Search(len(f.ring), func(i int) bool { return f.ring[i].ID > cursor })
	return f.ring[i:len(f.ring):len(f.ring)], f.head, 0
}

// run polls while any organization is followed.
func (h *feedHub) run() {
	ctx := context.Background()
	for {
		h.mu.Lock()
		if len(h.feeds) == 0 {
			h.running = false
			h.mu.Unlock()
			return
		}
		cursors := make([]store.FeedCursor, 0, len(h.feeds))
		for _, f := range h.feeds {
			if isClosed(f.ready) && f.err == nil {
				cursors = append(cursors, store.FeedCursor{OrganizationID: f.org, After: f.head})
			}
		}
		h.mu.Unlock()
		more := false
		if len(cursors) > 0 {
			evs, err := h.store.EventsAfter(ctx, cursors, pollBatch)
			if err != nil {
				h.logError(err)
			} else {
				more = h.deliver(evs)
			}
		}
		if !more {
			time.Sleep(h.interval)
		}
	}
}

// deliver appends events (ordered by organization and id) to their rings
// and wakes the followers; it reports whether an organization had a full
// batch (more may be waiting).
func (h *feedHub) deliver(evs []store.Event) (more bool) {
	if len(evs) == 0 {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for i := 0; i < len(evs); {
		org := evs[i].OrganizationID
		j := i
		for j < len(evs) && evs[j].OrganizationID == org {
			j++
		}
		if j-i >= pollBatch {
			more = true
		}
		f := h.feeds[org]
		if f == nil {
			i = j
			continue
		}
		added, from := false, -1
		for k, e := range evs[i:j] {
			if e.ID <= f.head {
				continue
			}
			if from < 0 {
				from = i + k
			}
			f.ring = append(f.ring, newFeedEvent(e))
			f.head = e.ID
			added = true
		}
		if n := len(f.ring) - ringSize; n > 0 {
			f.base = f.ring[n-1].ID
			f.ring = f.ring[n:]
		}
		if added {
			for fl := range f.followers {
				if fl.notify != nil {
					fl.notify(evs[from:j])
					continue
				}
				select {
				case fl.wake <- struct{}{}:
				default: // already woken
				}
			}
		}
		i = j
	}
	return more
}

func (h *feedHub) logError(err error) {
	h.mu.Lock()
	now := time.Now()
	quiet := now.Sub(h.lastErr) < time.Minute
	if !quiet {
		h.lastErr = now
	}
	h.mu.Unlock()
	if !quiet {
		h.log.Error("change feed not read for subscriptions (retrying)", "err", err)
	}
}

func isClosed(c chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
