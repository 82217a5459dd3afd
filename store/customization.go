package store

import (
	"context"
	"encoding/json"

	"github.com/uptrace/bun"
)

// SetSiteCustomization replaces the customization settings of a site (the
// settings as set, validated by the caller) and returns the site re-read.
// Its error is NOT_FOUND when the site is gone.
func (s *Store) SetSiteCustomization(ctx context.Context, site *Site, settings json.RawMessage) (*Site, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Table("sites").
			Set("customization = ?, customization_updated_at = ?, updated_at = ?", string(settings), s.Now(), s.Now()).
			Where("id = ?", site.ID).Exec(ctx)
		return err
	}, siteEvent(EventSiteUpdated, site, P{"changed": []string{"customization"}}))
	if err != nil {
		return nil, dbError(err, "site")
	}
	return s.Site(ctx, site.OrganizationID, site.ID)
}

// SetSiteSpaceCustomization replaces the overrides of a site space (nil
// removes them) and returns the site space re-read; removed says whether
// there were overrides to remove. NOT_FOUND when the site space is gone.
func (s *Store) SetSiteSpaceCustomization(ctx context.Context, site *Site, ss *SiteSpace, overrides json.RawMessage) (*SiteSpace, bool, error) {
	var removed bool
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		var value any
		var at any
		if overrides != nil {
			value, at = string(overrides), s.Now()
		}
		q := tx.NewUpdate().Table("site_spaces").
			Set("customization = ?, customization_updated_at = ?", value, at).
			Where("id = ? AND site_id = ?", ss.ID, site.ID)
		if overrides == nil {
			q = q.Where("customization IS NOT NULL AND customization <> 'null'::jsonb")
		}
		res, err := q.Exec(ctx)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		removed = overrides == nil && n > 0
		// The reader's pages are keyed by the customization they show, so
		// the site's updated_at need not move for them to be re-rendered.
		return nil
	}, siteEvent(EventSiteUpdated, site, P{"changed": []string{"customization"}, "siteSpace": ss.ID}))
	if err != nil {
		return nil, false, dbError(err, "site space")
	}
	updated, err := s.SiteSpace(ctx, site.ID, ss.ID)
	return updated, removed, err
}
