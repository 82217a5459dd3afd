package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/KimMachineGun/automemlimit/memlimit"

	"folio/graph"
	"folio/internal/metrics"
	"folio/rest"
	"folio/rest/signin"
	"folio/service/insights"
	"folio/service/jobs"
)

func serve(ctx context.Context) error {
	gcTarget()
	rl, err := rateLimitFromEnv()
	if err != nil {
		return err
	}
	proxies, err := rest.ParseProxies(splitList(os.Getenv("FOLIO_TRUSTED_PROXIES")))
	if err != nil {
		return fmt.Errorf("FOLIO_TRUSTED_PROXIES: %w", err)
	}
	signup, err := signin.ParseSignup(os.Getenv("FOLIO_SIGNUP"))
	if err != nil {
		return fmt.Errorf("FOLIO_SIGNUP=%q: %w", os.Getenv("FOLIO_SIGNUP"), err)
	}
	addr := env("FOLIO_ADDR", "127.0.0.1:8080")
	publicURL := env("FOLIO_PUBLIC_URL", "http://"+addr)
	// Mail is checked before the database starts, like the settings above.
	mailer, err := mailFromEnv(publicURL)
	if err != nil {
		return err
	}
	// How people sign in.
	oidc, err := oidcConfig()
	if err != nil {
		return err
	}
	accounts := rest.Accounts{OIDC: oidc, Signup: signup, MailEnabled: mailer != nil}
	if oidc.Enabled() {
		accounts.OIDCName = oidc.Label()
	}
	if accounts.SessionIdle, accounts.SessionMax, err = sessionLifetimesFromEnv(); err != nil {
		return err
	}
	// Before the database starts: a bad manifest or a missing bucket stops
	// the server at once.
	var trusted graph.TrustedDocuments
	if path := os.Getenv(graph.TrustedDocumentsSetting); path != "" {
		if trusted, err = graph.LoadTrustedDocuments(path); err != nil {
			return err
		}
	}
	blobs, err := blobStore(ctx)
	if err != nil {
		return err
	}
	s, closeStore, err := openMigratedStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	jobsCfg, err := jobsConfig()
	if err != nil {
		return err
	}
	jobsCfg.Mail, jobsCfg.PublicURL = mailer, publicURL
	importCfg, err := importConfig(jobsCfg.Fetch)
	if err != nil {
		return err
	}
	limits, err := httpLimitsFromEnv(importCfg.Timeout)
	if err != nil {
		return err
	}
	subLimits, err := subscriptionLimitsFromEnv()
	if err != nil {
		return err
	}
	m := metrics.New(s.DB.DB)
	subs := graph.NewSubscriptions(s, subLimits, slog.Default())
	// Reader events are buffered and written a batch a second; the buffer
	// is written once the last request has ended.
	recorder := insights.New(s, insights.Config{})
	switch env("FOLIO_INSIGHTS", "on") {
	case "on":
	case "off":
		// No reader event is recorded and pages have no feedback form
		// (make bench measures what recording costs a page view).
		recorder.Close(context.Background()) //nolint:errcheck // nothing buffered yet
		recorder = nil
	default:
		return fmt.Errorf("FOLIO_INSIGHTS: want on or off")
	}
	limiter := rest.NewRateLimiter(rl, s, m, slog.Default())
	h, err := rest.NewHandler(rest.Config{
		Store:     s,
		PublicURL: publicURL,
		// Uploaded files live under the data directory, whichever database
		// is used, or in an S3 bucket that several servers share.
		Blobs:            blobs,
		StatementHeader:  env("FOLIO_STATEMENT_HEADER", "") == "true",
		Logger:           slog.Default(),
		Metrics:          m,
		RateLimit:        rl,
		RateLimiter:      limiter,
		TrustedProxies:   proxies,
		CORSOrigins:      splitList(os.Getenv("FOLIO_CORS_ORIGINS")),
		Import:           importCfg,
		TrustedDocuments: trusted,
		Subscriptions:    subs,
		Accounts:         accounts,
		Insights:         recorder,
	})
	if err != nil {
		return err
	}
	servers := []*http.Server{limits.server(addr, h)}
	// Shutdown waits for responses to end, and a subscription's stream
	// would not: Close ends each with `complete`.
	servers[0].RegisterOnShutdown(subs.Close)
	// Metrics have a listener of their own, off unless configured, so the
	// public listener never shows them.
	if maddr := os.Getenv("FOLIO_METRICS_ADDR"); maddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", m.Handler())
		servers = append(servers, limits.server(maddr, mux))
	}
	// Bind every address before anything starts or says it listens: a
	// taken port stops the server at once, with nothing to undo.
	listeners, err := listen(servers)
	if err != nil {
		return err
	}
	runner, err := jobs.Start(ctx, s, jobsCfg)
	if err != nil {
		for _, ln := range listeners {
			ln.Close()
		}
		return err
	}
	go purgeDeletedSpaces(ctx, s)
	errc := make(chan error, len(servers))
	for i, srv := range servers {
		go func() { errc <- fmt.Errorf("serve on %s: %w", srv.Addr, srv.Serve(listeners[i])) }()
	}
	slog.Info("folio listening", "addr", addr, "metrics_addr", os.Getenv("FOLIO_METRICS_ADDR"),
		"rate_limit", rl.Limit, "rate_window", rl.Window.String(),
		"read_timeout", limits.Read.String(), "write_timeout", limits.Write.String(),
		"idle_timeout", limits.Idle.String(), "max_header_bytes", limits.MaxHeaderBytes,
		"graphql_trusted_documents", len(trusted), "oidc_issuer", oidc.Issuer, "signup", signup)
	var serveErr error
	select {
	case serveErr = <-errc:
	case <-ctx.Done():
	}
	// In-flight requests and running jobs finish (a job still running after
	// the grace period is cancelled and goes back to the queue); then the
	// embedded database (if any) stops.
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, srv := range servers {
		if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) && serveErr == nil {
			serveErr = err
		}
	}
	if err := recorder.Close(shutdownCtx); err != nil {
		slog.Warn("insights not written at shutdown", "err", err)
	}
	if err := limiter.Close(shutdownCtx); err != nil {
		slog.Warn("rate limit counts not written at shutdown", "err", err)
	}
	if err := runner.Stop(shutdownCtx); err != nil && serveErr == nil {
		serveErr = err
	}
	return serveErr
}

// httpLimits bound what one connection may take of the server: time to
// send the request headers, then the whole request; time from the end of
// the headers to the end of the response; time a keep-alive connection may
// sit idle between requests; size of the request headers.
type httpLimits struct {
	ReadHeader, Read, Write, Idle time.Duration
	MaxHeaderBytes                int
}

const (
	defaultReadHeaderTimeout = 10 * time.Second
	defaultReadTimeout       = 30 * time.Second
	defaultIdleTimeout       = 2 * time.Minute
	defaultMaxHeaderBytes    = 64 << 10
	// writeMargin is what the default write timeout adds to the website
	// import timeout: an import answers only when it is done, and then
	// still has to write its answer.
	writeMargin = time.Minute
)

// httpLimitsFromEnv reads FOLIO_READ_TIMEOUT (default 30s),
// FOLIO_WRITE_TIMEOUT (default FOLIO_IMPORT_TIMEOUT plus a minute),
// FOLIO_IDLE_TIMEOUT (default 2m) and FOLIO_MAX_HEADER_BYTES (default
// 64 KiB). The write timeout runs from the end of the request headers to
// the end of the response, handler included, so it must outlast a website
// import (importTimeout): a shorter one is refused rather than cutting
// imports off without an answer.
func httpLimitsFromEnv(importTimeout time.Duration) (httpLimits, error) {
	l := httpLimits{ReadHeader: defaultReadHeaderTimeout, MaxHeaderBytes: defaultMaxHeaderBytes}
	var err error
	duration := func(name string, def time.Duration) time.Duration {
		v := os.Getenv(name)
		if v == "" || err != nil {
			return def
		}
		d, perr := time.ParseDuration(v)
		if perr != nil || d <= 0 {
			err = fmt.Errorf("%s=%q: want a positive duration such as 30s or 2m", name, v)
		}
		return d
	}
	l.Read = duration("FOLIO_READ_TIMEOUT", defaultReadTimeout)
	l.Write = duration("FOLIO_WRITE_TIMEOUT", importTimeout+writeMargin)
	l.Idle = duration("FOLIO_IDLE_TIMEOUT", defaultIdleTimeout)
	if err != nil {
		return l, err
	}
	if l.Write <= importTimeout {
		return l, fmt.Errorf("FOLIO_WRITE_TIMEOUT=%s: must be longer than FOLIO_IMPORT_TIMEOUT (%s), as a website import answers when it is done", l.Write, importTimeout)
	}
	// Headers never get longer than the whole request.
	l.ReadHeader = min(l.ReadHeader, l.Read)
	if v := os.Getenv("FOLIO_MAX_HEADER_BYTES"); v != "" {
		n, perr := strconv.Atoi(v)
		if perr != nil || n < 1024 {
			return l, fmt.Errorf("FOLIO_MAX_HEADER_BYTES=%q: want a number of bytes, at least 1024", v)
		}
		l.MaxHeaderBytes = n
	}
	return l, nil
}

// headerCapFactor is how much larger than MaxHeaderBytes net/http lets
// request headers be: what lies between the limit and that cap is read,
// then refused by Folio with its own error body; past the cap net/http
// answers its plain-text 431 before any handler runs, and closes the
// connection. The cap bounds the memory one connection's headers take.
const headerCapFactor = 4

// server is an HTTP server with these limits. Requests whose headers are
// larger than MaxHeaderBytes get 431 with the API's error body (up to
// headerCapFactor times the limit; net/http's plain 431 past it); a
// connection that runs out of time is closed.
func (l httpLimits) server(addr string, h http.Handler) *http.Server {
	return &http.Server{Addr: addr, Handler: limitHeaders(l.MaxHeaderBytes, h), ReadHeaderTimeout: l.ReadHeader, ReadTimeout: l.Read,
		WriteTimeout: l.Write, IdleTimeout: l.Idle, MaxHeaderBytes: headerCapFactor * l.MaxHeaderBytes}
}

// limitHeaders answers 431, in the API's error shape, a request whose
// request line and headers take more than max bytes as they were sent
// (what net/http counts against MaxHeaderBytes, without its slack).
func limitHeaders(max int, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if headerBytes(r) > max {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusRequestHeaderFieldsTooLarge)
			fmt.Fprintf(w, `{"error":{"code":%d,"message":"the request line and headers are larger than %d bytes"}}`,
				http.StatusRequestHeaderFieldsTooLarge, max)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// headerBytes is the size of r's request line and header lines on the
// wire: "METHOD URI PROTO\r\n", "Host: ...\r\n" (net/http moves it out of
// Header), "Name: value\r\n" for each value, and the blank line.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + 1 + len(r.RequestURI) + 1 + len(r.Proto) + 2
	if r.Host != "" {
		n += len("Host: ") + len(r.Host) + 2
	}
	for name, values := range r.Header {
		for _, v := range values {
			n += len(name) + 2 + len(v) + 2
		}
	}
	return n + 2
}

// rateLimitFromEnv reads FOLIO_RATE_LIMIT (requests; 0 disables) and
// FOLIO_RATE_WINDOW (a Go duration, at least one second).
func rateLimitFromEnv() (rest.RateLimit, error) {
	rl := rest.DefaultRateLimit
	if v := os.Getenv("FOLIO_RATE_LIMIT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return rl, fmt.Errorf("FOLIO_RATE_LIMIT=%q: want a number of requests, 0 to disable", v)
		}
		rl.Limit = n
	}
	if v := os.Getenv("FOLIO_RATE_WINDOW"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second {
			return rl, fmt.Errorf("FOLIO_RATE_WINDOW=%q: want a duration of at least 1s, such as 1m", v)
		}
		rl.Window = d
	}
	return rl, nil
}

// splitList splits a comma-separated setting, dropping empty items.
func splitList(v string) []string {
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// listen binds the address of every server, or none: on an error the
// listeners already open are closed.
func listen(servers []*http.Server) ([]net.Listener, error) {
	var out []net.Listener
	for _, srv := range servers {
		ln, err := net.Listen("tcp", srv.Addr)
		if err != nil {
			for _, l := range out {
				l.Close()
			}
			return nil, fmt.Errorf("listen on %s: %w", srv.Addr, err)
		}
		out = append(out, ln)
	}
	return out, nil
}

// defaultGOGC is the garbage collector's target of folio serve. A request
// allocates many short-lived objects (a GraphQL response is built field
// by field) over a small live heap, so Go's default (100) collects very
// often: a fifth of the CPU of the site-tree benchmark, and a single read
// at 400 costs about half the CPU it costs at 200 (BenchmarkSingleRead).
// The heap may then grow to five times its live size, so a soft memory
// limit (below) makes the collector work harder before memory runs out.
const defaultGOGC = 400

// gcTarget applies defaultGOGC unless GOGC is set, and a soft memory limit
// of 80% of the container's memory limit (cgroup), else of the machine's
// memory, unless GOMEMLIMIT is set (automemlimit: AUTOMEMLIMIT=off turns
// it off, AUTOMEMLIMIT=0.6 sets another ratio).
func gcTarget() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGOGC)
	}
	memlimit.SetGoMemLimitWithOpts(memlimit.WithRatio(0.8),
		memlimit.WithProvider(memlimit.ApplyFallback(memlimit.FromCgroup, memlimit.FromSystem)),
		memlimit.WithLogger(slog.Default()))
}

// subscriptionLimitsFromEnv reads FOLIO_SUBSCRIPTIONS_PER_TOKEN,
// FOLIO_SUBSCRIPTIONS_MAX, FOLIO_SUBSCRIPTION_MAX_LIFETIME,
// FOLIO_SUBSCRIPTION_IDLE_TIMEOUT, FOLIO_SUBSCRIPTION_KEEPALIVE and
// FOLIO_SUBSCRIPTION_POLL_INTERVAL (graph.DefaultSubscriptionLimits
// where unset).
func subscriptionLimitsFromEnv() (graph.SubscriptionLimits, error) {
	l := graph.DefaultSubscriptionLimits
	for _, n := range []struct {
		name string
		dest *int
	}{{"FOLIO_SUBSCRIPTIONS_PER_TOKEN", &l.PerToken}, {"FOLIO_SUBSCRIPTIONS_MAX", &l.Max}} {
		if v := os.Getenv(n.name); v != "" {
			i, err := strconv.Atoi(v)
			if err != nil || i < 1 {
				return l, fmt.Errorf("%s=%q: want a number of subscriptions, at least 1", n.name, v)
			}
			*n.dest = i
		}
	}
	for _, d := range []struct {
		name     string
		dest     *time.Duration
		min, max time.Duration
	}{
		{"FOLIO_SUBSCRIPTION_MAX_LIFETIME", &l.MaxLifetime, time.Second, 7 * 24 * time.Hour},
		{"FOLIO_SUBSCRIPTION_IDLE_TIMEOUT", &l.IdleTimeout, time.Second, 7 * 24 * time.Hour},
		{"FOLIO_SUBSCRIPTION_KEEPALIVE", &l.KeepAlive, time.Second, time.Hour},
		{"FOLIO_SUBSCRIPTION_POLL_INTERVAL", &l.PollInterval, 10 * time.Millisecond, time.Minute},
	} {
		if v := os.Getenv(d.name); v != "" {
			t, err := time.ParseDuration(v)
			if err != nil || t < d.min || t > d.max {
				return l, fmt.Errorf("%s=%q: want a duration from %s to %s", d.name, v, d.min, d.max)
			}
			*d.dest = t
		}
	}
	return l, nil
}
