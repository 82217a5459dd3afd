package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/uptrace/bun"
)

// Published API reference pages read an organization's specifications at
// their current versions: the reader keys its page cache with a digest of
// those versions, and renders a page's blocks from the versions' documents.

// OpenAPIDigest is a digest of the current versions of an organization's
// specifications (slug and latest version of each): it changes when one
// gets a new version, is created or deleted. "" when it has none.
func (s *Store) OpenAPIDigest(ctx context.Context, orgID string) (string, error) {
	var rows []struct {
		Slug          string  `bun:"slug"`
		LastVersionID *string `bun:"last_version_id"`
	}
	err := s.readOn(ctx, func(db bun.IDB) error {
		rows = rows[:0]
		return db.NewSelect().Table("openapi_specs").Column("slug", "last_version_id").
			Where("organization_id = ?", orgID).OrderExpr("slug").Scan(ctx, &rows)
	})
	if err != nil {
		return "", dbError(err, "OpenAPI specification")
	}
	if len(rows) == 0 {
		return "", nil
	}
	b, _ := json.Marshal(rows)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16]), nil
}

// CurrentOpenAPIVersion is a specification's current version, with its
// document.
type CurrentOpenAPIVersion struct {
	Slug       string          `bun:"slug"`
	VersionID  string          `bun:"id"`
	Filesystem json.RawMessage `bun:"filesystem"`
}

// CurrentOpenAPIVersions loads the current versions of an organization's
// specifications by slug, in one statement; a slug that names none, or one
// never processed successfully, is left out.
func (s *Store) CurrentOpenAPIVersions(ctx context.Context, orgID string, slugs []string) ([]CurrentOpenAPIVersion, error) {
	out := []CurrentOpenAPIVersion{}
	if len(slugs) == 0 {
		return out, nil
	}
	err := s.readOn(ctx, func(db bun.IDB) error {
		out = out[:0]
		return db.NewSelect().TableExpr("openapi_specs AS spec").
			Join("JOIN openapi_spec_versions AS ver ON ver.id = spec.last_version_id").
			ColumnExpr("spec.slug, ver.id, ver.filesystem").
			Where("spec.organization_id = ? AND spec.slug IN (?)", orgID, bun.In(slugs)).
			OrderExpr("spec.slug").Scan(ctx, &out)
	})
	return out, dbError(err, "OpenAPI specification version")
}
