package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"folio/domain"
	"folio/internal/fetch"
	"folio/internal/openapidoc"
	"folio/store"
)

// openAPIWorker processes an OpenAPI specification: fetch, parse, validate,
// and record a new version or the failure.
type openAPIWorker struct {
	river.WorkerDefaults[store.ProcessOpenAPISpec]
	store   *store.Store
	fetcher *fetch.Fetcher
	observe func(kind string) (done func(error))
}

// Work processes one job, reporting it to the server's observer.
func (w *openAPIWorker) Work(ctx context.Context, job *river.Job[store.ProcessOpenAPISpec]) error {
	done := w.observe(job.Kind)
	err := w.work(ctx, job)
	done(err)
	return err
}

// work returns nil when the outcome is recorded, a bad document included
// (retrying would not fix it); an error (a database failure, the server
// shutting down mid-fetch) puts the job back for another attempt.
func (w *openAPIWorker) work(ctx context.Context, job *river.Job[store.ProcessOpenAPISpec]) error {
	sp, err := w.store.BeginOpenAPIProcessing(ctx, job.Args.SpecID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil // deleted since it was queued
	}
	if err != nil {
		return fmt.Errorf("openapi spec %s: begin: %w", job.Args.SpecID, err)
	}
	if sp.Revision <= sp.ProcessedRevision {
		return nil // a duplicate job: this source was already recorded
	}
	var src openapidoc.Source
	if sp.SourceURL != nil {
		src.URL = *sp.SourceURL
	} else if sp.SourceText != nil {
		src.Text = *sp.SourceText
	}
	out := store.OpenAPIOutcome{Revision: sp.Revision, SourceURL: sp.SourceURL}
	res, err := openapidoc.Process(ctx, w.fetcher, src)
	var failure *openapidoc.Failure
	switch {
	case errors.As(err, &failure):
		out.ErrorCode, out.ErrorMessage = failure.Code, failure.Message
	case err != nil:
		return fmt.Errorf("openapi spec %s: process: %w", sp.ID, err)
	default:
		out.Hash, out.Filesystem = res.Hash, res.Filesystem
	}
	err = w.store.FinishOpenAPIProcessing(ctx, sp.ID, out)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil // deleted while it was processed: nothing to record
	}
	if err != nil {
		return fmt.Errorf("openapi spec %s: record: %w", sp.ID, err)
	}
	return nil
}
