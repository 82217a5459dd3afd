package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"path/filepath"
	"time"

	"folio/rest"
	"folio/store/blob"
	"folio/store/jobs"
)

func serve(ctx context.Context) error {
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
	// Uploaded files live under the data directory, whichever database is used.
	blobs := blob.Dir{Root: filepath.Join(env("FOLIO_DATA_DIR", ".folio"), "blobs")}
	h, err := rest.NewHandler(rest.Config{Store: s, PublicURL: env("FOLIO_PUBLIC_URL", "http://"+addr), Blobs: blobs,
		Import: importCfg})
	if err != nil {
		return err
	}
	runner, err := jobs.Start(ctx, s, jobsCfg)
	if err != nil {
		return err
	}
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go purgeDeletedSpaces(ctx, s)
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	slog.Info("folio listening", "addr", addr)
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
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) && serveErr == nil {
		serveErr = err
	}
	if err := runner.Stop(shutdownCtx); err != nil && serveErr == nil {
		serveErr = err
	}
	return serveErr
}
