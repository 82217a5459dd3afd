package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"folio/rest"
	"folio/rest/metrics"
	"folio/store/blob"
	"folio/store/jobs"
)

func serve(ctx context.Context) error {
	rl, err := rateLimitFromEnv()
	if err != nil {
		return err
	}
	proxies, err := rest.ParseProxies(splitList(os.Getenv("FOLIO_TRUSTED_PROXIES")))
	if err != nil {
		return fmt.Errorf("FOLIO_TRUSTED_PROXIES: %w", err)
	}
	s, closeStore, err := openStore(ctx)
	if err != nil {
		return err
	}
	defer closeStore()
	if err := s.Migrate(ctx); err != nil {
		return err
	}
	jobsCfg, err := jobsConfig()
	if err != nil {
		return err
	}
	importCfg, err := importConfig(jobsCfg.Fetch)
	if err != nil {
		return err
	}
	addr := env("FOLIO_ADDR", "127.0.0.1:8080")
	m := metrics.New(s.DB.DB)
	h, err := rest.NewHandler(rest.Config{
		Store:     s,
		PublicURL: env("FOLIO_PUBLIC_URL", "http://"+addr),
		// Uploaded files live under the data directory, whichever database is used.
		Blobs:           blob.Dir{Root: filepath.Join(env("FOLIO_DATA_DIR", ".folio"), "blobs")},
		StatementHeader: env("FOLIO_STATEMENT_HEADER", "") == "true",
		Logger:          slog.Default(),
		Metrics:         m,
		RateLimit:       rl,
		TrustedProxies:  proxies,
		CORSOrigins:     splitList(os.Getenv("FOLIO_CORS_ORIGINS")),
		Import:          importCfg,
	})
	if err != nil {
		return err
	}
	servers := []*http.Server{{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}}
	// Metrics have a listener of their own, off unless configured, so the
	// public listener never shows them.
	if maddr := os.Getenv("FOLIO_METRICS_ADDR"); maddr != "" {
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", m.Handler())
		servers = append(servers, &http.Server{Addr: maddr, Handler: mux, ReadHeaderTimeout: 10 * time.Second})
	}
	runner, err := jobs.Start(ctx, s, jobsCfg)
	if err != nil {
		return err
	}
	go purgeDeletedSpaces(ctx, s)
	errc := make(chan error, len(servers))
	for _, srv := range servers {
		go func() { errc <- fmt.Errorf("listen on %s: %w", srv.Addr, srv.ListenAndServe()) }()
	}
	slog.Info("folio listening", "addr", addr, "metrics_addr", os.Getenv("FOLIO_METRICS_ADDR"),
		"rate_limit", rl.Limit, "rate_window", rl.Window.String())
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
	if err := runner.Stop(shutdownCtx); err != nil && serveErr == nil {
		serveErr = err
	}
	return serveErr
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
