package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"folio/domain"
)

// OpenAPIState is where a specification's processing stands
// (OpenAPISpecProcessingState in the reference document).
type OpenAPIState string

const (
	OpenAPIPending  OpenAPIState = "pending"  // a job is queued
	OpenAPIProgress OpenAPIState = "progress" // a worker is fetching and parsing
	OpenAPIComplete OpenAPIState = "complete" // done, successfully or with lastProcessErrorCode
)

// OpenAPISpec is an organization's OpenAPI specification: where it comes
// from and how its last processing went.
type OpenAPISpec struct {
	bun.BaseModel `bun:"table:openapi_specs,alias:spec"`

	ID                string       `bun:"id,pk"`
	OrganizationID    string       `bun:"organization_id"`
	Slug              string       `bun:"slug"`
	SourceURL         *string      `bun:"source_url"`
	SourceText        *string      `bun:"source_text"` // loaded only for processing
	ProcessingState   OpenAPIState `bun:"processing_state"`
	Revision          int64        `bun:"revision"`
	ProcessedRevision int64        `bun:"processed_revision"`
	LastVersionID     *string      `bun:"last_version_id"`
	LastProcessedAt   *time.Time   `bun:"last_processed_at"`
	LastErrorCode     *string      `bun:"last_error_code"`
	LastErrorMessage  *string      `bun:"last_error_message"`
	CreatedAt         time.Time    `bun:"created_at"`
	UpdatedAt         time.Time    `bun:"updated_at"`
}

// OpenAPISpecVersion is one processed document of a specification.
type OpenAPISpecVersion struct {
	bun.BaseModel `bun:"table:openapi_spec_versions,alias:ver"`

	ID             string          `bun:"id,pk"`
	OrganizationID string          `bun:"organization_id"`
	SpecID         string          `bun:"spec_id"`
	SourceURL      *string         `bun:"source_url"`
	Hash           string          `bun:"hash"`
	Filesystem     json.RawMessage `bun:"filesystem,type:json"` // loaded only for content
	CreatedAt      time.Time       `bun:"created_at"`
}

// OpenAPISource is a specification's source: exactly one of URL and Text.
type OpenAPISource struct {
	URL  *string
	Text *string
}

func (src OpenAPISource) check() error {
	if (src.URL == nil) == (src.Text == nil) {
		return domain.Invalid("source", "needs exactly one of url and text")
	}
	return nil
}

// ProcessOpenAPISpec is the job that fetches, parses and stores a
// specification. It names only the spec: the worker reads the current
// source, so a job queued before the latest change still does the right thing.
type ProcessOpenAPISpec struct {
	SpecID string `json:"spec_id"`
}

func (ProcessOpenAPISpec) Kind() string { return "openapi_spec_process" }

// InsertOpts retries a job a few times on server errors (processing
// failures of the source itself are recorded, not retried).
func (ProcessOpenAPISpec) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 5} }

// specSelect leaves out the source text, which only processing needs.
func specSelect(db bun.IDB, model any) *bun.SelectQuery {
	return db.NewSelect().Model(model).ExcludeColumn("source_text")
}

// ListOpenAPISpecs lists an organization's specifications, oldest first.
func (s *Store) ListOpenAPISpecs(ctx context.Context, orgID string, args PageArgs) (Page[OpenAPISpec], error) {
	q := specSelect(s.DB, (*OpenAPISpec)(nil)).Where("spec.organization_id = ?", orgID)
	return listPage(ctx, s, q, keyset{name: "openapi-specs", cols: []string{"spec.created_at", "spec.id"}}.in(orgID), args,
		func(sp *OpenAPISpec) []any { return []any{sp.CreatedAt, sp.ID} })
}

// OpenAPISpecBySlug loads a specification of an organization; NOT_FOUND otherwise.
func (s *Store) OpenAPISpecBySlug(ctx context.Context, orgID, slug string) (*OpenAPISpec, error) {
	sp := new(OpenAPISpec)
	err := specSelect(s.DB, sp).Where("spec.organization_id = ? AND spec.slug = ?", orgID, slug).Scan(ctx)
	return sp, dbError(err, "OpenAPI specification")
}

// newOpenAPISpec is a new specification, pending its first processing.
func (s *Store) newOpenAPISpec(orgID, slug string, src OpenAPISource) *OpenAPISpec {
	now := s.Now()
	return &OpenAPISpec{
		ID: domain.NewID(), OrganizationID: orgID, Slug: slug, SourceURL: src.URL, SourceText: src.Text,
		ProcessingState: OpenAPIPending, Revision: 1, CreatedAt: now, UpdatedAt: now,
	}
}

// CreateOpenAPISpec creates a specification and queues its processing.
// CONFLICT when the slug is taken, INVALID when the source is not one form.
func (s *Store) CreateOpenAPISpec(ctx context.Context, orgID, slug string, src OpenAPISource) (*OpenAPISpec, error) {
	if err := src.check(); err != nil {
		return nil, err
	}
	sp := s.newOpenAPISpec(orgID, slug, src)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(sp).Exec(ctx); err != nil {
			return dbError(err, "OpenAPI specification")
		}
		if err := s.enqueue(ctx, tx, ProcessOpenAPISpec{SpecID: sp.ID}, nil); err != nil {
			return err
		}
		return s.emit(ctx, tx, openAPIEvent(EventOpenAPICreated, sp, nil))
	})
	if err != nil {
		return nil, err
	}
	sp.SourceText = nil
	return sp, nil
}

// PutOpenAPISpec creates a specification or replaces its source, and queues
// its processing either way: an unchanged URL may serve a changed document.
func (s *Store) PutOpenAPISpec(ctx context.Context, orgID, slug string, src OpenAPISource) (*OpenAPISpec, error) {
	if err := src.check(); err != nil {
		return nil, err
	}
	sp := s.newOpenAPISpec(orgID, slug, src)
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		// One statement, so two servers putting the same new slug at once
		// end with one spec, not a unique violation.
		err := tx.NewInsert().Model(sp).
			On("CONFLICT (organization_id, slug) DO UPDATE").
			Set("source_url = EXCLUDED.source_url, source_text = EXCLUDED.source_text").
			Set("processing_state = EXCLUDED.processing_state, updated_at = EXCLUDED.updated_at").
			Set("revision = spec.revision + 1").
			Returning("*").Scan(ctx, sp)
		if err != nil {
			return dbError(err, "OpenAPI specification")
		}
		if err := s.enqueue(ctx, tx, ProcessOpenAPISpec{SpecID: sp.ID}, nil); err != nil {
			return err
		}
		typ := EventOpenAPIUpdated
		if sp.Revision == 1 {
			typ = EventOpenAPICreated
		}
		return s.emit(ctx, tx, openAPIEvent(typ, sp, P{"revision": sp.Revision}))
	})
	if err != nil {
		return nil, err
	}
	sp.SourceText = nil
	return sp, nil
}

// DeleteOpenAPISpec deletes a specification and its versions.
func (s *Store) DeleteOpenAPISpec(ctx context.Context, orgID, slug string) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var id string
		err := tx.NewDelete().Model((*OpenAPISpec)(nil)).Where("organization_id = ? AND slug = ?", orgID, slug).
			Returning("id").Scan(ctx, &id)
		if err != nil {
			return dbError(err, "OpenAPI specification")
		}
		return s.emit(ctx, tx, ev{org: orgID, typ: EventOpenAPIDeleted, object: id, payload: P{"slug": slug}})
	})
}

// versionSelect leaves out the filesystem, which only content needs.
func versionSelect(db bun.IDB, model any) *bun.SelectQuery {
	return db.NewSelect().Model(model).ExcludeColumn("filesystem")
}

// ListOpenAPISpecVersions lists a specification's versions, newest first.
func (s *Store) ListOpenAPISpecVersions(ctx context.Context, specID string, args PageArgs) (Page[OpenAPISpecVersion], error) {
	q := versionSelect(s.DB, (*OpenAPISpecVersion)(nil)).Where("ver.spec_id = ?", specID)
	return listPage(ctx, s, q, keyset{name: "openapi-versions", cols: []string{"ver.created_at", "ver.id"}, desc: true}.in(specID), args,
		func(v *OpenAPISpecVersion) []any { return []any{v.CreatedAt, v.ID} })
}

// OpenAPISpecVersion loads a version of a specification, with its
// filesystem when content is true; NOT_FOUND otherwise.
func (s *Store) OpenAPISpecVersion(ctx context.Context, specID, versionID string, content bool) (*OpenAPISpecVersion, error) {
	v := new(OpenAPISpecVersion)
	q := s.DB.NewSelect().Model(v)
	if !content {
		q = versionSelect(s.DB, v)
	}
	err := q.Where("ver.spec_id = ? AND ver.id = ?", specID, versionID).Scan(ctx)
	return v, dbError(err, "OpenAPI specification version")
}

// BeginOpenAPIProcessing loads a specification with its source for a
// worker and marks it in progress, unless its current revision was already
// recorded (a duplicate job): then Revision <= ProcessedRevision and the
// worker has nothing to do. NOT_FOUND when the spec was deleted.
func (s *Store) BeginOpenAPIProcessing(ctx context.Context, specID string) (*OpenAPISpec, error) {
	sp := new(OpenAPISpec)
	err := s.DB.NewUpdate().Model(sp).
		Set("processing_state = CASE WHEN revision > processed_revision THEN ? ELSE processing_state END", OpenAPIProgress).
		Where("id = ?", specID).Returning("*").Scan(ctx)
	return sp, dbError(err, "OpenAPI specification")
}

// OpenAPIOutcome is how one processing of a specification ended: a
// document (Hash, Filesystem) or a failure (ErrorCode, ErrorMessage).
type OpenAPIOutcome struct {
	Revision     int64 // the spec's revision the worker read
	SourceURL    *string
	Hash         string
	Filesystem   json.RawMessage
	ErrorCode    string
	ErrorMessage string
}

// FinishOpenAPIProcessing records an outcome: a new version when the
// document differs from the latest one, or the failure with the previous
// version kept. An outcome older than one already recorded is dropped, and
// the state stays pending while a newer source waits for its own job.
func (s *Store) FinishOpenAPIProcessing(ctx context.Context, specID string, o OpenAPIOutcome) error {
	return s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		sp := new(OpenAPISpec)
		if err := specSelect(tx, sp).Where("spec.id = ?", specID).For("UPDATE").Scan(ctx); err != nil {
			return dbError(err, "OpenAPI specification")
		}
		if o.Revision <= sp.ProcessedRevision {
			return nil
		}
		now := s.Now()
		q := tx.NewUpdate().Model(sp).WherePK().
			Set("processed_revision = ?", o.Revision).Set("last_processed_at = ?", now)
		if o.Revision == sp.Revision {
			q.Set("processing_state = ?", OpenAPIComplete)
		}
		if o.ErrorCode != "" {
			if _, err := q.Set("last_error_code = ?", o.ErrorCode).Set("last_error_message = ?", o.ErrorMessage).Exec(ctx); err != nil {
				return dbError(err, "OpenAPI specification")
			}
			return s.emit(ctx, tx, openAPIEvent(EventOpenAPIProcessed, sp, P{"revision": o.Revision, "error": o.ErrorCode}))
		}
		q.Set("last_error_code = NULL, last_error_message = NULL")
		changed := true
		if sp.LastVersionID != nil {
			same, err := exists(ctx, tx.NewSelect().Model((*OpenAPISpecVersion)(nil)).
				Where("id = ? AND hash = ?", *sp.LastVersionID, o.Hash))
			if err != nil {
				return dbError(err, "OpenAPI specification version")
			}
			changed = !same
		}
		if changed {
			v := &OpenAPISpecVersion{
				ID: domain.NewID(), OrganizationID: sp.OrganizationID, SpecID: sp.ID, SourceURL: o.SourceURL,
				Hash: o.Hash, Filesystem: o.Filesystem, CreatedAt: now,
			}
			if _, err := tx.NewInsert().Model(v).Exec(ctx); err != nil {
				return dbError(err, "OpenAPI specification version")
			}
			q.Set("last_version_id = ?", v.ID)
		}
		if _, err := q.Exec(ctx); err != nil {
			return dbError(err, "OpenAPI specification")
		}
		return s.emit(ctx, tx, openAPIEvent(EventOpenAPIProcessed, sp, P{"revision": o.Revision, "changed": changed}))
	})
}
