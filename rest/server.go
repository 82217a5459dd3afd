package rest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/graph"
	"folio/graph/model"
	"folio/graph/playground"
	"folio/internal/blob"
	"folio/internal/logs"
	"folio/internal/metrics"
	"folio/rest/app"
	"folio/rest/reader"
	"folio/rest/session"
	"folio/service/insights"
	"folio/service/siteimport"
	"folio/store"
)

// Config is what the HTTP server needs.
type Config struct {
	Store *store.Store
	// PublicURL is the base of every URL in responses, without a trailing slash.
	PublicURL string
	// StatementHeader, when true, reports each request's SQL statement count in
	// the X-Folio-Statements response header (tests assert on it).
	StatementHeader bool
	// Blobs keeps the bytes of uploaded files (a directory under FOLIO_DATA_DIR by default).
	Blobs blob.Store
	// Logger writes the access lines and every other line of a request,
	// each with the request id; nil is slog.Default().
	Logger *slog.Logger
	// Metrics records requests; nil records nothing. It is served elsewhere
	// (FOLIO_METRICS_ADDR), never by this handler.
	Metrics *metrics.Metrics
	// RateLimit limits requests per token, or per client address without a
	// valid token; a zero Limit disables it.
	RateLimit RateLimit
	// RateLimiter, when set, enforces RateLimit (NewRateLimiter; close it
	// on shutdown, so that the hits it counted in memory reach the
	// database); nil makes one.
	RateLimiter *RateLimiter
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client (for the rate limit's address buckets).
	TrustedProxies []netip.Prefix
	// CORSOrigins are the browser origins allowed to call the API ("*" for
	// any); empty allows none.
	CORSOrigins []string
	// GraphQL bounds every operation, /graphql and REST alike; zero fields
	// take graph.DefaultLimits.
	GraphQL graph.Limits
	// TrustedDocuments, when set, are the only documents /graphql runs
	// (graph.LoadTrustedDocuments reads FOLIO_GRAPHQL_TRUSTED_DOCUMENTS).
	TrustedDocuments graph.TrustedDocuments
	// Import bounds website imports (FOLIO_IMPORT_*); its zero value is the
	// defaults, with private addresses refused.
	Import siteimport.Config
	// Subscriptions serves the subscriptions of /graphql; nil makes one
	// with graph.DefaultSubscriptionLimits. Close it on shutdown, so that
	// open streams end (`folio serve` does).
	Subscriptions *graph.Subscriptions
	// Accounts configures sign-in: sign-up, sessions, mail, single sign-on.
	Accounts Accounts
	// Insights records what readers of published sites do (the reader's
	// page views, searches and feedback, and trackEventsInSiteById); nil is
	// insights off. Close it on shutdown, so that its buffer is written
	// (`folio serve` does).
	Insights *insights.Recorder
}

// NewHandler builds the whole HTTP surface: /v1 (REST), /graphql, and the
// health checks. It fails when a route's operation does not validate.
func NewHandler(cfg Config) (http.Handler, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Subscriptions == nil {
		cfg.Subscriptions = graph.NewSubscriptions(cfg.Store, graph.SubscriptionLimits{}, cfg.Logger)
	}
	sessions := newSessions(cfg)
	res := &graph.Resolver{Store: cfg.Store, SessionIdle: sessions.Idle(), Base: model.Base(strings.TrimRight(cfg.PublicURL, "/")),
		Blobs: cfg.Blobs, Limits: cfg.GraphQL, Metrics: cfg.Metrics, Importer: siteimport.New(cfg.Import, cfg.Blobs),
		TrustedDocuments: cfg.TrustedDocuments,
		Subscriptions:    cfg.Subscriptions, Insights: cfg.Insights}
	schema := graph.Schema(res)
	exec := graph.NewExecutor(res, schema)
	exec.Use(inputHygiene{ownDocuments: true})
	routes, err := compile(schema.Schema(), Routes())
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	for i := range routes {
		route := &routes[i]
		mux.HandleFunc(route.Method+" "+muxPattern(route.Path), func(w http.ResponseWriter, r *http.Request) {
			if !route.Public && graph.Viewer(r.Context()) == nil {
				writeError(w, http.StatusUnauthorized, "an API token is required (Authorization: Bearer <token>)")
				return
			}
			c, err := route.dryRun(r)
			if err != nil {
				writeDomainError(w, err)
				return
			}
			// A POST that runs a query (aggregateSiteEvents, a dry run) only
			// reads.
			if err := graph.ReadOnlyRefusal(r); err != nil && c.op.Operation != ast.Query {
				writeDomainError(w, err)
				return
			}
			serve := func(w http.ResponseWriter, r *http.Request) { c.serve(exec, w, r) }
			if c.Secret {
				secretRoute(w, r, serve)
				return
			}
			idempotent(cfg.Store, w, r, serve)
		})
	}
	mux.HandleFunc("GET "+downloadPath, download(res))
	rd, err := mountReader(mux, cfg, exec, schema.Schema())
	if err != nil {
		return nil, err
	}
	mux.HandleFunc("GET "+exportPath, exportContent(res))
	app.Mount(mux)
	if err := mountAccounts(mux, cfg, sessions); err != nil {
		return nil, err
	}
	gql := graph.NewHTTPHandler(res)
	gql.Use(inputHygiene{})
	gql.Use(mutationFields{})
	mux.HandleFunc(graphQLPattern, func(w http.ResponseWriter, r *http.Request) {
		if playground.Wants(r) {
			playground.Page(w, r)
			return
		}
		gql.ServeHTTP(w, r)
	})
	mux.Handle("GET "+playground.AssetsPath, playground.Assets())
	sdl := graph.SDL(schema.Schema())
	mux.HandleFunc("GET /graphql/schema.graphql", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write(sdl)
	})
	doc, err := OpenAPI(schema.Schema(), routes, cfg.PublicURL)
	if err != nil {
		return nil, err
	}
	mux.HandleFunc("GET /v1/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write(doc)
	})
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := cfg.Store.Ping(ctx); err != nil {
			writeError(w, http.StatusServiceUnavailable, "database unreachable")
			return
		}
		w.Write([]byte("ok\n"))
	})
	// Anything else, including a known path with another method, is 404.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if rd.ServeHost(w, r) {
			return
		}
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
	})
	// The input checks (input.go) run after authentication and the rate
	// limit, before any route.
	return withRequest(cfg, mux, rd, sessions, withInputChecks(mux, routes, mux)), nil
}

// apiPath reports the paths of the API (REST and GraphQL), whose cookie
// writes the CSRF check guards; pages check their own forms.
func apiPath(p string) bool {
	return strings.HasPrefix(p, "/v1/") || p == "/graphql" || strings.HasPrefix(p, "/graphql/")
}

// muxPattern turns "/v1/" into an exact match; other paths are exact already.
func muxPattern(path string) string {
	if strings.HasSuffix(path, "/") {
		return path + "{$}"
	}
	return path
}

// requestState is what withRequest keeps of a request, made in one
// allocation (a page view from the cache is a few microseconds of work,
// and each allocation counts): the recorder, the statement counters, the
// id, and the rate limit's charge, all reached through one context value.
type requestState struct {
	rec                           recorder
	statements, replicaStatements atomic.Int64
	id                            [16]byte
	idValue                       [1]string // X-Request-Id's value
	// charge is the rate limit's, for the mutation fields beyond a
	// request's first (mutationFields); set once the request is let in.
	charge  rateCharge
	charged bool
}

type requestKey struct{}

// RequestID returns the id of the request running in ctx.
func RequestID(ctx context.Context) string {
	if st, ok := ctx.Value(requestKey{}).(*requestState); ok {
		return st.idValue[0]
	}
	return ""
}

// chargeOf is the rate limit's charge of the request running in ctx; nil
// before the request is let in, or outside a request.
func chargeOf(ctx context.Context) *rateCharge {
	if st, ok := ctx.Value(requestKey{}).(*requestState); ok && st.charged {
		return &st.charge
	}
	return nil
}

// withRequest wraps every request: an id (X-Request-Id) and a logger
// carrying it, a counter of its SQL statements, CORS, panic recovery, the
// body limit, authentication, the rate limit, and one access line and the
// metrics when it is answered. A page view of a published site or space
// (reader.PageRoute) goes from here to the reader, its route matched once
// and its path and query checked as withInputChecks checks them; every
// other request to next.
func withRequest(cfg Config, mux *http.ServeMux, rd *reader.Reader, sessions *session.Manager, next http.Handler) http.Handler {
	s := cfg.Store
	cors := newCORS(cfg.CORSOrigins)
	limit := cfg.RateLimiter
	if limit == nil {
		limit = NewRateLimiter(cfg.RateLimit, s, cfg.Metrics, cfg.Logger)
	}
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		start := time.Now()
		st := &requestState{}
		newRequestID(&st.id)
		// The id's string is the state's bytes (never written again): no
		// copy of its own.
		id := unsafe.String(&st.id[0], len(st.id))
		st.idValue[0] = id
		rw.Header()["X-Request-Id"] = st.idValue[:]
		// The route template, not the path: paths carry ids and may carry
		// secrets, and a metric series per object would never end.
		pattern := reader.PageRoute(r)
		page := pattern != ""
		if !page {
			_, pattern = mux.Handler(r)
		}
		route := routeTemplate(pattern)
		ctx := logs.WithRequest(context.WithValue(r.Context(), requestKey{}, st), cfg.Logger, id)
		// Rate-limit bookkeeping is not the request's own work: it runs on
		// a context that does not count statements.
		uncounted := ctx
		statements := &st.statements
		ctx = store.WithQueryCounters(ctx, statements, &st.replicaStatements)
		w := &st.rec
		*w = recorder{ResponseWriter: rw, statements: statements, replicaStatements: &st.replicaStatements, statementHeader: cfg.StatementHeader}
		// Who asked: the client's address (as the rate limit sees it) and,
		// once the token is checked, the user.
		client := clientAddr(r, cfg.TrustedProxies)
		ctx = graph.WithClient(ctx, client, r.UserAgent())
		userID := ""
		defer func() {
			if p := recover(); p != nil {
				logs.From(ctx).ErrorContext(ctx, "panic serving request", "panic", p, "stack", string(debug.Stack()))
				if !w.started {
					writeError(w, http.StatusInternalServerError, "internal error")
				}
			}
			if !w.started {
				w.status = http.StatusOK // a handler that wrote nothing answered 200
			}
			took := time.Since(start)
			n := statements.Load()
			// The line's attributes are gathered only when it is written
			// (FOLIO_LOG_LEVEL=warn or error drops it).
			if cfg.Logger.Enabled(ctx, slog.LevelInfo) {
				// The request's logger (logs.From) would be made for this
				// line alone on most requests: the same line, its request
				// id first, from the server's logger.
				attrs := append([]slog.Attr{slog.String("request_id", id), slog.String("method", r.Method), slog.String("route", route),
					slog.Int("status", w.status), slog.String("client", client), slog.String("user_id", userID),
					slog.Float64("duration_ms", float64(took.Microseconds())/1000), slog.Int64("sql_statements", n), slog.Int("bytes", w.bytes)},
					logs.Annotations(ctx)...)
				cfg.Logger.LogAttrs(ctx, slog.LevelInfo, "request", attrs...)
			}
			metricRoute := route
			if strings.HasPrefix(w.Header().Get("Content-Type"), "text/event-stream") {
				// A subscription's stream lasts up to an hour: kept apart,
				// it leaves the route's request latencies meaningful.
				metricRoute += " (stream)"
			}
			cfg.Metrics.Request(r.Method, metricRoute, w.status, took, n)
		}()
		if cors.handle(w, r) {
			return
		}
		if r.Body != nil && r.Body != http.NoBody {
			// (net/http's server gives a request without a body NoBody:
			// nothing to limit.)
			r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		}
		bucket, bucketKind := addressBucket(client)
		var authErr error
		if h := r.Header.Get("Authorization"); h != "" {
			if token, ok := strings.CutPrefix(h, "Bearer "); !ok {
				authErr = domain.Errorf(domain.CodeUnauthenticated, "the Authorization header must be: Bearer <token>")
			} else if u, t, err := s.Authenticate(ctx, strings.TrimSpace(token)); err != nil {
				authErr = err
			} else {
				token := strings.TrimSpace(token)
				ctx = graph.WithViewer(ctx, u)
				ctx = graph.WithCredential(ctx, graph.Credential{Kind: graph.CredentialToken, ID: t.ID, ReadOnly: t.ReadOnly,
					Recheck: func(ctx context.Context) error { _, _, err := s.Authenticate(ctx, token); return err }})
				userID = u.ID
				// Only a valid token gets a bucket of its own: a forged
				// one stays in its address's bucket.
				bucket, bucketKind = tokenBucket(token), "token"
			}
		} else if sess, u, err := sessions.Authenticate(r.WithContext(ctx)); unavailable(err) {
			// A session cookie that cannot be checked now is not a
			// reader without one: answering as anonymous would be a 401
			// that signs the browser out, or another page than its own.
			authErr = err
		} else if err == nil && sess != nil {
			// A browser's session: the same viewer as a token, and a
			// write must prove it comes from this site's own pages.
			ctx = graph.WithViewer(ctx, u)
			ctx = graph.WithCredential(ctx, graph.Credential{Kind: graph.CredentialSession, ID: sess.ID, Recheck: sessions.Recheck(sess.ID)})
			userID = u.ID
			bucket, bucketKind = "session:"+sess.ID, "session"
			if session.Unsafe(r.Method) && apiPath(r.URL.Path) {
				authErr = sessions.CheckCSRF(r, sess.ID)
			}
		}
		if !exemptFromRateLimit(route) && !limit.allow(uncounted, w, bucket, bucketKind) {
			return
		}
		if authErr != nil {
			if route == graphQLPattern && unavailable(authErr) {
				// GraphQL's clients read UNAVAILABLE from GraphQL's shape.
				derr := graph.DomainError(authErr)
				graph.WriteRequestError(w, r, &gqlerror.Error{Message: derr.Message, Extensions: map[string]any{"code": string(derr.Code)}})
				return
			}
			writeDomainError(w, authErr)
			return
		}
		st.charge, st.charged = rateCharge{limiter: limit, ctx: uncounted, w: w, bucket: bucket, kind: bucketKind}, true
		// Read replicas (store/replicas.go): published site views and
		// searches may read from one, no further back than the caller's
		// last write, which a successful write request records.
		writer := ""
		if c, ok := graph.CredentialOf(ctx); ok {
			writer = c.Kind + ":" + c.ID
		}
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && staleReadRoute(route) {
			ctx = store.AllowStale(ctx, writer)
		}
		r = r.WithContext(ctx)
		r.Pattern = pattern // found once: withInputChecks reads it (the mux sets it again)
		if page {
			if msg := checkURL(r.URL, pattern, false); msg != "" {
				writeError(w, http.StatusBadRequest, msg)
				return
			}
			rd.ServePageRoute(w, r)
		} else {
			next.ServeHTTP(w, r)
		}
		if writer != "" && session.Unsafe(r.Method) && w.status < 400 {
			if err := s.NoteWrite(uncounted, writer); err != nil {
				logs.From(ctx).WarnContext(ctx, "record the write's WAL position for read replicas", "error", err)
			}
		}
	})
}

// staleReadRoute reports whether a route's reads may come from a read
// replica: published sites and spaces (at /sites/ and /s/, and at a site's
// custom hostname, which reaches no route of its own: "unmatched"), and
// searches.
func staleReadRoute(route string) bool {
	return strings.HasPrefix(route, "/sites/") || strings.HasPrefix(route, "/s/") || strings.HasSuffix(route, "/search") ||
		route == "unmatched"
}

// newRequestID writes a new request id (16 hex digits) into id.
func newRequestID(id *[16]byte) {
	var b [8]byte
	rand.Read(b[:])
	hex.Encode(id[:], b[:])
}

// routeTemplate turns a ServeMux pattern ("GET /v1/orgs/{organizationId}")
// into the route label of logs and metrics ("/v1/orgs/{organizationId}").
// Requests that reach no route share one label.
func routeTemplate(pattern string) string {
	if _, path, ok := strings.Cut(pattern, " "); ok {
		pattern = path
	}
	if pattern == "" || pattern == "/" {
		return "unmatched"
	}
	return strings.TrimSuffix(pattern, "{$}")
}

// recorder remembers the status and size of a response for the access
// line, and sets X-Folio-Statements (when asked) as the response starts,
// after the operation has run.
type recorder struct {
	http.ResponseWriter
	statements *atomic.Int64
	// replicaStatements are those of statements that ran on a read
	// replica (X-Folio-Replica-Statements).
	replicaStatements *atomic.Int64
	statementHeader   bool
	started           bool
	status            int
	// forceStatus, when set before the response starts, replaces the
	// status a handler writes (a GraphQL operation refused by the rate
	// limit is 429, where gqlgen would answer 200).
	forceStatus int
	bytes       int
}

func (w *recorder) WriteHeader(status int) {
	if w.forceStatus != 0 && !w.started {
		status = w.forceStatus
	}
	if !w.started {
		w.started = true
		w.status = status
		if w.statementHeader {
			h := w.Header()
			h["X-Folio-Statements"] = countValue(w.statements.Load())
			h["X-Folio-Replica-Statements"] = countValue(w.replicaStatements.Load())
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

// countValues are the header values of small counts, made once (net/http
// only reads a header's values).
var countValues = func() (v [64][]string) {
	for i := range v {
		v[i] = []string{strconv.Itoa(i)}
	}
	return v
}()

func countValue(n int64) []string {
	if n >= 0 && n < int64(len(countValues)) {
		return countValues[n]
	}
	return []string{strconv.FormatInt(n, 10)}
}

func (w *recorder) Write(b []byte) (int, error) {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (streaming
// flushes it).
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Flush sends what is buffered (streamed GraphQL responses).
func (w *recorder) Flush() {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	http.NewResponseController(w.ResponseWriter).Flush() //nolint:errcheck
}
