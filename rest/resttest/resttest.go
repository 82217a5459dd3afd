// Package resttest runs the real HTTP handler over a fresh test database and
// speaks HTTP to it, for the REST and GraphQL tests of every area.
package resttest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"folio/graph"
	"folio/internal/blob"
	"folio/internal/logs"
	"folio/internal/metrics"
	"folio/rest"
	"folio/service/insights"
	"folio/service/jobs"
	"folio/store"
	"folio/store/pgtest"
)

// PublicURL is the FOLIO_PUBLIC_URL of every test server: the base of the
// URLs in its answers and the links in its mail.
const PublicURL = "http://folio.test"

// Server is a running Folio over its own database.
type Server struct {
	URL string
	// Subscriptions is the server's registry of subscription streams
	// (closed when the test ends, so that no stream outlives it).
	Subscriptions *graph.Subscriptions
	// MetricsURL serves the server's metrics, as FOLIO_METRICS_ADDR would.
	MetricsURL string
	Store      *store.Store
	// Insights buffers the insights of the server's published sites (nil
	// with WithoutInsights); Flush writes what the reader buffered.
	Insights *insights.Recorder
	// Handler is the server's whole HTTP handler (every middleware a
	// request passes), for in-process benchmarks that call it directly.
	Handler http.Handler
	// RateLimiter is the server's rate limiter (nil without WithRateLimit);
	// Close adds the hits it counted in memory to the database.
	RateLimiter *rest.RateLimiter
	metrics     *metrics.Metrics
	t           testing.TB
}

// Option changes the configuration of a test server.
type Option func(*setup)

type setup struct {
	cfg       rest.Config
	shared    *Server
	store     *store.Store
	subLimits graph.SubscriptionLimits
	// noInsights turns insights off (WithoutInsights).
	noInsights bool
	// tokenTTL turns the token cache on (WithTokenCache).
	tokenTTL time.Duration
}

// WithTokenCache starts the server with a token cache of this TTL
// (FOLIO_TOKEN_CACHE_TTL; `folio serve` has one of 500ms unless set): test
// servers have none, so that a request's statements do not depend on how
// long ago its token was last used. A server SharingDatabase with one that
// has a cache has the same.
func WithTokenCache(ttl time.Duration) Option {
	return func(s *setup) { s.tokenTTL = ttl }
}

// WithoutInsights starts the server with insights off (the reader records
// nothing), to compare what tracking costs.
func WithoutInsights() Option {
	return func(s *setup) { s.noInsights = true }
}

// WithSubscriptionLimits replaces the default subscription limits.
func WithSubscriptionLimits(l graph.SubscriptionLimits) Option {
	return func(s *setup) { s.subLimits = l }
}

// WithRateLimit limits requests to limit per window (off by default).
func WithRateLimit(limit int, window time.Duration) Option {
	return func(s *setup) { s.cfg.RateLimit.Limit, s.cfg.RateLimit.Window = limit, window }
}

// WithRateLimitFlush sets how often the rate limiter adds the hits it
// counted in memory to the database (rest.DefaultRateFlush by default).
func WithRateLimitFlush(every time.Duration) Option {
	return func(s *setup) { s.cfg.RateLimit.Flush = every }
}

// WithTrustedProxies trusts X-Forwarded-For from these proxies.
func WithTrustedProxies(proxies ...string) Option {
	return func(s *setup) {
		ps, err := rest.ParseProxies(proxies)
		if err != nil {
			panic(err)
		}
		s.cfg.TrustedProxies = ps
	}
}

// WithCORS allows these browser origins.
func WithCORS(origins ...string) Option {
	return func(s *setup) { s.cfg.CORSOrigins = origins }
}

// WithGraphQLLimits replaces the default operation limits.
func WithGraphQLLimits(l graph.Limits) Option {
	return func(s *setup) { s.cfg.GraphQL = l }
}

// WithLogger sends the server's log lines to l.
func WithLogger(l *slog.Logger) Option {
	return func(s *setup) { s.cfg.Logger = l }
}

// SharingDatabase makes a second server (its own connection pool, its own
// handler) over the database of other, as when several Folio servers run
// behind one load balancer.
func SharingDatabase(other *Server) Option {
	return func(s *setup) { s.shared = other }
}

// OnStore runs the server over s, a migrated database the test made
// (one on a cluster of its own, which it may stop and start).
func OnStore(s *store.Store) Option {
	return func(su *setup) { su.store = s }
}

// NewWith starts a server for one test with its configuration adjusted by
// configure (for example to let imports reach a local test site).
func NewWith(t testing.TB, configure func(*rest.Config)) *Server {
	t.Helper()
	return New(t, func(su *setup) { configure(&su.cfg) })
}

// New starts a server for one test.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	var su setup
	for _, o := range opts {
		o(&su)
	}
	var s *store.Store
	if su.store != nil {
		s = su.store
	} else if su.shared != nil {
		var err error
		if s, err = store.OpenOptions(context.Background(), su.shared.Store.DSN(), su.shared.Store.Options()); err != nil {
			t.Fatalf("open shared database: %v", err)
		}
		if err := s.LoadSecrets(context.Background()); err != nil {
			t.Fatalf("load secrets: %v", err)
		}
		t.Cleanup(func() { s.Close() })
	} else {
		s = pgtest.New(t)
	}
	if su.tokenTTL > 0 {
		s.SetTokenCacheTTL(su.tokenTTL)
	}
	srv := &Server{Store: s, t: t}
	checkGoldenSubtests(t)
	cfg := su.cfg
	cfg.Store, cfg.StatementHeader = s, true
	if cfg.PublicURL == "" {
		cfg.PublicURL = PublicURL
	}
	if cfg.Blobs == nil { // a test's own store (NewWith) stays
		cfg.Blobs = blob.Dir{Root: t.TempDir()}
	}
	cfg.Metrics = metrics.New(s.DB.DB)
	if cfg.Logger == nil {
		// Shown only when the test fails, or with -v.
		cfg.Logger = logs.New(testLog{t}, slog.LevelDebug)
	}
	cfg.Subscriptions = graph.NewSubscriptions(s, su.subLimits, cfg.Logger)
	srv.Subscriptions = cfg.Subscriptions
	if !su.noInsights {
		// A long period: tests flush when they want the events written.
		cfg.Insights = insights.New(s, insights.Config{Every: time.Hour, Logger: cfg.Logger})
		srv.Insights = cfg.Insights
		// After ts.Close (cleanups run last first): no request adds more.
		t.Cleanup(func() { cfg.Insights.Close(context.Background()) }) //nolint:errcheck
	}
	if cfg.RateLimiter == nil {
		cfg.RateLimiter = rest.NewRateLimiter(cfg.RateLimit, s, cfg.Metrics, cfg.Logger)
		srv.RateLimiter = cfg.RateLimiter
		// After ts.Close (cleanups run last first): the hits it holds are
		// added while the database is still there.
		t.Cleanup(func() { cfg.RateLimiter.Close(context.Background()) }) //nolint:errcheck
	}
	h, err := rest.NewHandler(cfg)
	if err != nil {
		t.Fatalf("handler: %v", err)
	}
	srv.Handler = h
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	// Before ts.Close (cleanups run last first), which waits for every
	// response to end.
	t.Cleanup(cfg.Subscriptions.Close)
	ms := httptest.NewServer(cfg.Metrics.Handler())
	t.Cleanup(ms.Close)
	srv.URL, srv.MetricsURL, srv.metrics = ts.URL, ms.URL, cfg.Metrics
	return srv
}

// StartWorkers starts background job workers over the server's database,
// as `folio serve` does; they stop when the test ends, or earlier with
// Stop (a restart is Stop, then StartWorkers again). A zero PollInterval
// is 20 ms, so an idle worker notices new jobs quickly; an empty PublicURL
// is the handler's (PublicURL).
func (s *Server) StartWorkers(cfg jobs.Config) *jobs.Runner {
	s.t.Helper()
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 20 * time.Millisecond
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = PublicURL
	}
	if cfg.Observe == nil {
		cfg.Observe = s.metrics.JobStarted
	}
	r, err := jobs.Start(context.Background(), s.Store, cfg)
	if err != nil {
		s.t.Fatalf("start workers: %v", err)
	}
	s.t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := r.Stop(ctx); err != nil {
			s.t.Errorf("stop workers: %v", err)
		}
	})
	return r
}

// testLog writes log lines to the test's log.
type testLog struct{ t testing.TB }

func (w testLog) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// Metrics scrapes the server's metrics in the Prometheus text format.
func (s *Server) Metrics() string {
	s.t.Helper()
	resp, err := http.Get(s.MetricsURL)
	if err != nil {
		s.t.Fatalf("scrape metrics: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("scrape metrics: status %d: %s", resp.StatusCode, b)
	}
	return string(b)
}

// Client calls the server as one user.
type Client struct {
	srv    *Server
	t      testing.TB
	Token  string
	UserID string
	Email  string
	// Header is sent with every request (a browser's cookies, say: see
	// Browser).
	Header http.Header
}

// User creates a user (by e-mail) with an API token.
func (s *Server) User(email string) *Client {
	s.t.Helper()
	u, err := s.Store.EnsureUser(context.Background(), email, "")
	if err != nil {
		s.t.Fatalf("user: %v", err)
	}
	tok, err := s.Store.CreateToken(context.Background(), u.ID)
	if err != nil {
		s.t.Fatalf("token: %v", err)
	}
	return &Client{srv: s, t: s.t, Token: tok, UserID: u.ID, Email: u.Email}
}

// Anonymous is a client without a token.
func (s *Server) Anonymous() *Client { return &Client{srv: s, t: s.t} }

// In returns the client reporting failures to t, for use inside subtests.
func (c *Client) In(t testing.TB) *Client {
	cp := *c
	cp.t = t
	return &cp
}

// On returns the client (the same user and token) sending to another
// server, one SharingDatabase with the client's.
func (c *Client) On(s *Server) *Client {
	cp := *c
	cp.srv = s
	return &cp
}

// Response is a response read in full.
type Response struct {
	Status     int
	Header     http.Header
	Body       []byte
	Statements int
	t          testing.TB
	req        string
}

// Do sends a request; body is JSON-encoded unless it is a string or []byte.
func (c *Client) Do(method, path string, body any) *Response {
	c.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.t.Fatalf("encode body: %v", err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.srv.URL+path, r)
	if err != nil {
		c.t.Fatalf("request: %v", err)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for name, v := range c.Header {
		req.Header[name] = v
	}
	if r != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if err := CheckGitBookSchema(method, path, resp.StatusCode, resp.Header.Get("Content-Type"), raw); err != nil {
		c.t.Errorf("%s %s: %v\nbody: %.2000s", method, path, err, raw)
	}
	recordGolden(c.t, method, path, resp.StatusCode, resp.Header.Get("Content-Type"), raw)
	n, _ := strconv.Atoi(resp.Header.Get("X-Folio-Statements"))
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: raw, Statements: n, t: c.t, req: method + " " + path}
}

// Get, Post, Put, Patch and Delete are Do with that method.
func (c *Client) Get(path string) *Response             { return c.Do(http.MethodGet, path, nil) }
func (c *Client) Post(path string, body any) *Response  { return c.Do(http.MethodPost, path, body) }
func (c *Client) Put(path string, body any) *Response   { return c.Do(http.MethodPut, path, body) }
func (c *Client) Patch(path string, body any) *Response { return c.Do(http.MethodPatch, path, body) }
func (c *Client) Delete(path string) *Response          { return c.Do(http.MethodDelete, path, nil) }

// Expect fails the test unless the status is status.
func (r *Response) Expect(status int) *Response {
	r.t.Helper()
	if r.Status != status {
		r.t.Fatalf("%s: status %d, want %d; body: %s", r.req, r.Status, status, r.Body)
	}
	return r
}

// ExpectError fails the test unless the response is the error body with this status.
func (r *Response) ExpectError(status int) string {
	r.t.Helper()
	r.Expect(status)
	var e struct {
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(r.Body, &e); err != nil || e.Error.Code != status || e.Error.Message == "" {
		r.t.Fatalf("%s: not an error body with code %d: %s", r.req, status, r.Body)
	}
	return e.Error.Message
}

// JSON decodes the body as a generic object.
func (r *Response) JSON() map[string]any {
	r.t.Helper()
	var v map[string]any
	if err := json.Unmarshal(r.Body, &v); err != nil {
		r.t.Fatalf("%s: body is not a JSON object: %v: %s", r.req, err, r.Body)
	}
	return v
}

// Decode decodes the body into v.
func (r *Response) Decode(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		r.t.Fatalf("%s: decode: %v: %s", r.req, err, r.Body)
	}
}

// GraphQLResult is a GraphQL response.
type GraphQLResult struct {
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
	Statements int `json:"-"`
}

// GraphQL posts a document to /graphql.
func (c *Client) GraphQL(query string, vars map[string]any) GraphQLResult {
	c.t.Helper()
	r := c.Post("/graphql", map[string]any{"query": query, "variables": vars})
	var out GraphQLResult
	r.Decode(&out)
	out.Statements = r.Statements
	return out
}

// Str digs a string out of a decoded JSON object by a dotted path.
func Str(v map[string]any, path string) string {
	var cur any = v
	for _, k := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = m[k]
	}
	if cur == nil {
		return ""
	}
	return fmt.Sprint(cur)
}

// Case is a request that must fail with an error status.
type Case struct {
	Name   string
	Client *Client
	Method string
	Path   string
	Body   any
	Status int
}

// ExpectErrors runs each case as a subtest named after it.
func ExpectErrors(t *testing.T, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) { c.Client.In(t).Do(c.Method, c.Path, c.Body).ExpectError(c.Status) })
	}
}

// Fail makes a Case.
func Fail(name string, c *Client, method, path string, body any, status int) Case {
	return Case{Name: name, Client: c, Method: method, Path: path, Body: body, Status: status}
}
