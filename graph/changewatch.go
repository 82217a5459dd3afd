package graph

import (
	"context"

	"folio/store"
)

// WatchChanges follows the change feed of org on this server's hub (the
// one subscriptions share: one statement per poll for every organization
// followed, at SubscriptionLimits.PollInterval) and calls fn with each
// batch of its events as the hub reads them, once committed, in order.
// When it returns, every event committed before it returned is one that a
// read made after it sees; every event committed after is passed to fn.
// fn runs under the hub's lock: it must be quick, and must not call the
// hub. stop ends the watch.
//
// Close ends every watch, and WatchChanges fails after it.
func (s *Subscriptions) WatchChanges(ctx context.Context, org string, fn func([]store.Event)) (stop func(), err error) {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return nil, errShutdown
	}
	fl, _, err := s.hub.joinWith(ctx, org, false, fn)
	if err != nil {
		return nil, err
	}
	return func() { s.hub.leave(fl) }, nil
}

// closeWatches makes every watcher leave (the server is shutting down):
// the hub stops polling once no subscription follows a feed either.
func (h *feedHub) closeWatches() {
	h.mu.Lock()
	var watchers []*follower
	for _, f := range h.feeds {
		for fl := range f.followers {
			if fl.notify != nil {
				watchers = append(watchers, fl)
			}
		}
	}
	h.mu.Unlock()
	for _, fl := range watchers {
		h.leave(fl)
	}
}
