package graph

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/graph/loader"
	"folio/store"
)

// Subscriptions: schema/subscription.graphqls says what each one delivers,
// subscription_transport.go how it travels (Server-Sent Events),
// subscription_hub.go where the events come from (the change feed, polled
// once per server), subscription_feeds.go how each subscription turns
// them into results. This file holds the limits, the registry of open
// streams (counted per token and per server, ended on shutdown) and what
// a resolver needs from the stream it runs in.

// SubscriptionLimits bound the live subscriptions of one server.
type SubscriptionLimits struct {
	// PerToken is how many subscriptions one API token may hold open at
	// once (FOLIO_SUBSCRIPTIONS_PER_TOKEN).
	PerToken int
	// Max is how many subscriptions the server holds open at once, all
	// callers together (FOLIO_SUBSCRIPTIONS_MAX).
	Max int
	// MaxLifetime ends a subscription this long after it started
	// (FOLIO_SUBSCRIPTION_MAX_LIFETIME): its caller's access is checked
	// anew when it subscribes again.
	MaxLifetime time.Duration
	// IdleTimeout ends a subscription that delivered no result for this
	// long (FOLIO_SUBSCRIPTION_IDLE_TIMEOUT).
	IdleTimeout time.Duration
	// KeepAlive is how often an idle stream gets a comment line, so
	// proxies and load balancers see traffic (FOLIO_SUBSCRIPTION_KEEPALIVE).
	KeepAlive time.Duration
	// PollInterval is how often the server reads the change feed for new
	// events while it has subscribers (FOLIO_SUBSCRIPTION_POLL_INTERVAL).
	PollInterval time.Duration
}

// DefaultSubscriptionLimits apply where a SubscriptionLimits field is zero.
var DefaultSubscriptionLimits = SubscriptionLimits{PerToken: 10, Max: 10_000, MaxLifetime: time.Hour,
	IdleTimeout: 10 * time.Minute, KeepAlive: 15 * time.Second, PollInterval: 100 * time.Millisecond}

func (l SubscriptionLimits) withDefaults() SubscriptionLimits {
	d := DefaultSubscriptionLimits
	orDefault(&l.PerToken, d.PerToken)
	orDefault(&l.Max, d.Max)
	orDefault(&l.MaxLifetime, d.MaxLifetime)
	orDefault(&l.IdleTimeout, d.IdleTimeout)
	orDefault(&l.KeepAlive, d.KeepAlive)
	orDefault(&l.PollInterval, d.PollInterval)
	return l
}

// Error codes (extensions.code) of subscriptions refused or ended by the
// server.
const (
	// CodeTooManySubscriptions: the token, or the server, holds as many
	// subscriptions open as it may.
	CodeTooManySubscriptions = "TOO_MANY_SUBSCRIPTIONS"
	// CodeShuttingDown: the server is shutting down and takes no new
	// subscription; subscribe again (another server will take it).
	CodeShuttingDown = "SHUTTING_DOWN"
)

// Subscriptions is one server's registry of open subscription streams and
// its change-feed hub. Close it when the server shuts down.
type Subscriptions struct {
	limits SubscriptionLimits
	hub    *feedHub

	mu      sync.Mutex
	closed  bool
	perKey  map[string]int
	streams map[*stream]struct{}
}

// NewSubscriptions makes the registry of a server over s; log receives
// the hub's errors (nil: slog.Default()).
func NewSubscriptions(s *store.Store, l SubscriptionLimits, log *slog.Logger) *Subscriptions {
	l = l.withDefaults()
	if log == nil {
		log = slog.Default()
	}
	return &Subscriptions{limits: l, hub: newFeedHub(s, l.PollInterval, log),
		perKey: map[string]int{}, streams: map[*stream]struct{}{}}
}

// Limits returns the limits in force (defaults filled in).
func (s *Subscriptions) Limits() SubscriptionLimits { return s.limits }

// Open is how many subscription streams are open.
func (s *Subscriptions) Open() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.streams)
}

// Close ends every open stream (each client gets `complete`) and refuses
// new ones with SHUTTING_DOWN. Register it with http.Server.RegisterOnShutdown:
// Shutdown waits for responses to end, and a stream would not.
func (s *Subscriptions) Close() {
	s.mu.Lock()
	s.closed = true
	streams := make([]*stream, 0, len(s.streams))
	for st := range s.streams {
		streams = append(streams, st)
	}
	s.mu.Unlock()
	for _, st := range streams {
		st.cancel(errShutdown)
	}
	s.hub.closeWatches()
}

var (
	errShutdown = errors.New("server shutting down")
	errLifetime = errors.New("subscription lifetime reached")
	errIdle     = errors.New("subscription idle")
)

// stream is one open subscription stream.
type stream struct {
	key    string // the credential it counts against
	cancel context.CancelCauseFunc

	mu  sync.Mutex
	end error // why the resolver ended it, told to the client last
}

// admit registers a stream for credential key, or refuses it (server
// closing, or a limit reached).
func (s *Subscriptions) admit(key string, cancel context.CancelCauseFunc) (*stream, *gqlerror.Error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return nil, &gqlerror.Error{Message: "the server is shutting down: subscribe again",
			Extensions: map[string]any{"code": CodeShuttingDown}}
	case s.perKey[key] >= s.limits.PerToken:
		return nil, &gqlerror.Error{Message: fmt.Sprintf("this token holds %d subscriptions open, the most it may (FOLIO_SUBSCRIPTIONS_PER_TOKEN): end one first", s.limits.PerToken),
			Extensions: map[string]any{"code": CodeTooManySubscriptions}}
	case len(s.streams) >= s.limits.Max:
		return nil, &gqlerror.Error{Message: fmt.Sprintf("the server holds %d subscriptions open, the most it may (FOLIO_SUBSCRIPTIONS_MAX): retry later", s.limits.Max),
			Extensions: map[string]any{"code": CodeTooManySubscriptions}}
	}
	st := &stream{key: key, cancel: cancel}
	s.perKey[key]++
	s.streams[st] = struct{}{}
	return st, nil
}

func (s *Subscriptions) release(st *stream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.streams[st]; !ok {
		return
	}
	delete(s.streams, st)
	if s.perKey[st.key]--; s.perKey[st.key] <= 0 {
		delete(s.perKey, st.key)
	}
}

type streamKey struct{}

func withStream(ctx context.Context, st *stream) context.Context {
	return context.WithValue(ctx, streamKey{}, st)
}

// subscription returns the registry and the stream a subscription
// resolver runs in. Subscriptions are served over Server-Sent Events
// only: over a plain POST or GET the transport would wait for the first
// result and drop the rest.
func (r *Resolver) subscription(ctx context.Context) (*Subscriptions, *stream, error) {
	if _, err := viewer(ctx); err != nil {
		return nil, nil, err
	}
	st, _ := ctx.Value(streamKey{}).(*stream)
	if r.Subscriptions == nil || st == nil {
		return nil, nil, domain.Errorf(domain.CodeInvalid,
			"subscriptions are served over Server-Sent Events: POST (or GET) /graphql with Accept: text/event-stream (the graphql-sse protocol)")
	}
	return r.Subscriptions, st, nil
}

// endWith ends the stream after its last result with err (the caller lost
// access, the feed could not be read): the client gets it as a last
// result's error, then `complete`.
func (st *stream) endWith(err error) {
	st.mu.Lock()
	if st.end == nil {
		st.end = err
	}
	st.mu.Unlock()
}

func (st *stream) endError() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.end
}

// fresh returns ctx with loaders of its own: a subscription lives for an
// hour, and what the operation's loaders cached when it started is stale
// by its next result.
func (r *Resolver) fresh(ctx context.Context) context.Context {
	viewerID := ""
	if u := Viewer(ctx); u != nil {
		viewerID = u.ID
	}
	return loader.With(ctx, loader.New(r.Store, viewerID))
}
