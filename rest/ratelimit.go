package rest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/internal/logs"
	"folio/internal/metrics"
	"folio/store"
)

// RateLimit is Limit requests per Window for each caller: each valid API
// token has a bucket, and every request without one (no token, or a
// forged, revoked or malformed one) counts against its client address.
type RateLimit struct {
	Limit  int
	Window time.Duration
	// Flush is how often a server adds the hits it counted in memory to
	// the shared windows in PostgreSQL; zero is DefaultRateFlush.
	Flush time.Duration
}

// DefaultRateLimit is what `folio serve` applies unless configured.
var DefaultRateLimit = RateLimit{Limit: 600, Window: time.Minute}

// DefaultRateFlush is how often counted hits reach the database.
const DefaultRateFlush = 100 * time.Millisecond

// RateLimiter enforces a RateLimit with fixed-window counters kept in
// PostgreSQL, so servers sharing the database share the counts. A limit of
// at least shareDivisor requests per window is counted in memory first
// (ratelimit_local.go): a request runs no statement, and each server adds
// its counts to the shared windows in batches. A smaller limit (sign-in
// style budgets) is counted in the database on every request, exactly.
type RateLimiter struct {
	RateLimit
	store     *store.Store
	metrics   *metrics.Metrics
	logger    *slog.Logger
	lastPrune atomic.Int64 // start (Unix seconds) of the window last pruned by this process
	local     *localCounts // nil: every hit is counted in the database
	// limitValue is X-RateLimit-Limit's value, made once (net/http only
	// reads a header's values); remainingValues are X-RateLimit-Remaining's
	// for a limit up to maxRemainingValues, and reset the current window's
	// X-RateLimit-Reset: a request allocates none of them.
	limitValue      []string
	remainingValues [][]string
	reset           atomic.Pointer[resetValue]
}

// maxRemainingValues bounds the Remaining values made ahead (about 50
// bytes each).
const maxRemainingValues = 4096

type resetValue struct {
	at    time.Time
	value []string
}

func (l *RateLimiter) remainingValue(n int) []string {
	if n < len(l.remainingValues) {
		return l.remainingValues[n]
	}
	return []string{strconv.Itoa(n)}
}

func (l *RateLimiter) resetValue(at time.Time) []string {
	if r := l.reset.Load(); r != nil && r.at.Equal(at) {
		return r.value
	}
	r := &resetValue{at: at, value: []string{strconv.FormatInt(at.Unix(), 10)}}
	l.reset.Store(r)
	return r.value
}

// The rate-limit headers' keys in net/http's canonical form, so that
// setting one does not canonicalize (and allocate) on every request.
const (
	headerLimit     = "X-Ratelimit-Limit"
	headerRemaining = "X-Ratelimit-Remaining"
	headerReset     = "X-Ratelimit-Reset"
)

// NewRateLimiter makes the limiter of rl (nil when rl.Limit is 0: no
// limit). Close it on shutdown, so that the hits it holds are counted.
func NewRateLimiter(rl RateLimit, s *store.Store, m *metrics.Metrics, logger *slog.Logger) *RateLimiter {
	if rl.Limit <= 0 {
		return nil
	}
	if rl.Window < time.Second {
		rl.Window = time.Second
	}
	if rl.Flush <= 0 {
		rl.Flush = DefaultRateFlush
	}
	if logger == nil {
		logger = slog.Default()
	}
	l := &RateLimiter{RateLimit: rl, store: s, metrics: m, logger: logger, limitValue: []string{strconv.Itoa(rl.Limit)}}
	if rl.Limit <= maxRemainingValues {
		l.remainingValues = make([][]string, rl.Limit+1)
		for i := range l.remainingValues {
			l.remainingValues[i] = []string{strconv.Itoa(i)}
		}
	}
	if share := rl.Limit / shareDivisor; share > 0 {
		l.local = newLocalCounts(l, share, maxLocalBuckets)
	}
	return l
}

// Close adds the hits counted in memory to the database and stops the
// background flush. Requests after it are counted in the database each.
func (l *RateLimiter) Close(ctx context.Context) error {
	if l == nil || l.local == nil {
		return nil
	}
	return l.local.close(ctx)
}

// allow counts the request against bucket, sets the X-RateLimit headers and,
// when the bucket is over its limit, answers 429 and returns false. A nil
// limiter allows everything.
func (l *RateLimiter) allow(ctx context.Context, w http.ResponseWriter, bucket, kind string) bool {
	wait, ok := l.hit(ctx, w.Header(), bucket, kind, 1)
	if !ok {
		writeError(w, http.StatusTooManyRequests, l.exceeded(wait))
	}
	return ok
}

// hit counts cost requests against bucket and sets the X-RateLimit headers
// (and Retry-After when over the limit). It returns false, with the seconds
// to wait, when the bucket is over its limit. When the database cannot
// count, the request is let through (and logged): an outage of the counter
// must not become an outage of the API.
func (l *RateLimiter) hit(ctx context.Context, h http.Header, bucket, kind string, cost int) (wait int, ok bool) {
	if l == nil {
		return 0, true
	}
	now := l.store.Now()
	count, reset, err := l.local.hit(ctx, bucket, now, cost)
	if err == errNotLocal {
		count, reset, err = l.hitDatabase(ctx, bucket, cost)
	}
	if err != nil {
		logs.From(ctx).ErrorContext(ctx, "rate limit not counted", "err", err)
		return 0, true
	}
	h[headerLimit] = l.limitValue
	h[headerRemaining] = l.remainingValue(max(l.Limit-count, 0))
	h[headerReset] = l.resetValue(reset)
	if count <= l.Limit {
		return 0, true
	}
	wait = max(int(reset.Sub(now).Seconds()+0.999), 1)
	h.Set("Retry-After", strconv.Itoa(wait))
	l.metrics.RateLimited(kind)
	return wait, false
}

// hitDatabase counts a hit with one statement: limits too small to share
// out among servers, and buckets past what memory may hold.
func (l *RateLimiter) hitDatabase(ctx context.Context, bucket string, cost int) (count int, reset time.Time, err error) {
	win, err := l.store.HitRateLimit(ctx, bucket, l.Window, cost)
	if err != nil {
		return 0, time.Time{}, err
	}
	l.prune(ctx, win.Start)
	return win.Count, win.Reset, nil
}

func (l *RateLimiter) exceeded(wait int) string {
	return fmt.Sprintf("rate limit exceeded: %d requests per %s; retry after %d seconds", l.Limit, l.Window, wait)
}

// rateCharge is what a GraphQL operation needs to charge its caller's
// bucket beyond the one request the middleware counted.
type rateCharge struct {
	limiter      *RateLimiter
	ctx          context.Context // uncounted: bookkeeping is not the request's own work
	w            *recorder
	bucket, kind string
}

// mutationFields charges a mutation operation one request per mutation
// field: thirty aliased mutations in one document are thirty writes, and
// count as thirty requests. The middleware has counted the first.
type mutationFields struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = mutationFields{}

func (mutationFields) ExtensionName() string                   { return "MutationRateLimit" }
func (mutationFields) Validate(graphql.ExecutableSchema) error { return nil }

func (mutationFields) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	rc := chargeOf(ctx)
	if rc == nil || rc.limiter == nil || oc.Operation == nil || oc.Operation.Operation != ast.Mutation {
		return nil
	}
	n := rootFields(oc.Operation.SelectionSet)
	if n <= 1 {
		return nil
	}
	wait, ok := rc.limiter.hit(rc.ctx, rc.w.Header(), rc.bucket, rc.kind, n-1)
	if ok {
		return nil
	}
	rc.w.forceStatus = http.StatusTooManyRequests // gqlgen would answer 200
	return &gqlerror.Error{
		Message:    rc.limiter.exceeded(wait) + fmt.Sprintf(" (each mutation field counts as a request: this operation has %d)", n),
		Extensions: map[string]any{"code": string(domain.CodeRateLimited)},
	}
}

// rootFields counts the fields of a selection set, through fragments
// (__typename is not an operation).
func rootFields(set ast.SelectionSet) int {
	n := 0
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			if sel.Name != "__typename" {
				n++
			}
		case *ast.InlineFragment:
			n += rootFields(sel.SelectionSet)
		case *ast.FragmentSpread:
			if sel.Definition != nil {
				n += rootFields(sel.Definition.SelectionSet)
			}
		}
	}
	return n
}

// prune deletes the windows that ended, once per window in each process:
// the first request (or flush) of a new window does it.
func (l *RateLimiter) prune(ctx context.Context, windowStart time.Time) {
	start := windowStart.Unix()
	last := l.lastPrune.Load()
	if last >= start || !l.lastPrune.CompareAndSwap(last, start) {
		return
	}
	if _, err := l.store.PruneRateLimits(ctx, windowStart); err != nil {
		l.logger.WarnContext(ctx, "old rate limit windows not pruned", "err", err)
	}
}

// tokenBucket names a token's bucket by its hash: the database never holds
// a token in clear.
func tokenBucket(token string) string {
	sum := sha256.Sum256([]byte(token))
	return "token:" + hex.EncodeToString(sum[:16])
}

// addressBucket is the bucket of a request without a valid token: its
// client's address.
func addressBucket(client string) (bucket, kind string) {
	return "ip:" + client, "ip"
}

// clientAddr is the TCP peer's address, unless the peer is a trusted
// reverse proxy: then it is the last address in X-Forwarded-For that is not
// a trusted proxy itself (addresses left of it could be made up by the
// client). Without trusted proxies, X-Forwarded-For is ignored: anyone can
// send one.
func clientAddr(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !isTrusted(peer, trusted) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // a malformed hop: trust nothing left of it
		}
		if !isTrusted(a, trusted) {
			return a.Unmap().String()
		}
	}
	return host
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	a = a.Unmap()
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ParseProxies reads a comma-separated list of addresses and CIDR ranges
// (FOLIO_TRUSTED_PROXIES).
func ParseProxies(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range list {
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: not an address or CIDR range", item)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// exemptFromRateLimit lists what load balancers and browsers fetch often
// and cheaply: health checks and the static files of the playground and
// of published sites.
func exemptFromRateLimit(route string) bool {
	return route == "/healthz" || route == "/readyz" || strings.HasPrefix(route, "/graphql/assets/") ||
		strings.HasPrefix(route, "/_folio/reader/")
}
