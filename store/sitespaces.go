package store

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// siteSpaceRow is the stored form of a site space.
type siteSpaceRow struct {
	bun.BaseModel `bun:"table:site_spaces,alias:ss"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	SiteID         string    `bun:"site_id"`
	SectionID      *string   `bun:"section_id"`
	SpaceID        string    `bun:"space_id"`
	Path           string    `bun:"path"`
	Condition      *string   `bun:"condition"`
	IsDefault      bool      `bun:"is_default"`
	Position       string    `bun:"position"`
	CreatedAt      time.Time `bun:"created_at"`
	// Customization overrides the site's customization for this site space;
	// nil: no override.
	Customization          json.RawMessage `bun:"customization,type:jsonb,nullzero"`
	CustomizationUpdatedAt *time.Time      `bun:"customization_updated_at"`
}

// SiteSpace is a space linked into a site, read with its space (so a list
// of them costs one statement); site spaces of deleted spaces are left out
// of every read.
type SiteSpace struct {
	siteSpaceRow `bun:",extend"`
	// SectionPosition and GroupPosition order site spaces across the site.
	SectionPosition *string `bun:"section_position,scanonly"`
	GroupPosition   *string `bun:"group_position,scanonly"`
	// SectionPath is the path of its section, for its URL.
	SectionPath *string `bun:"section_path,scanonly"`
	Space       Space   `bun:"embed:space__,scanonly"`
}

var spaceColumnNames = []string{"id", "organization_id", "parent_id", "title", "emoji", "visibility", "edit_mode", "default_level",
	"position", "revision_id", "comments", "change_requests", "change_requests_open", "change_requests_draft",
	"created_at", "updated_at", "deleted_at"}

// siteSpaceColumns selects a site space, its space (columns prefixed
// space__) and the keys of its section and group.
var siteSpaceColumns = func() string {
	cols := []string{"ss.*", "sec.position AS section_position", "sec.path AS section_path", "sgrp.position AS group_position",
		"COALESCE(sp.default_level, folio_collection_level(sp.parent_id)) AS space__effective_level"}
	for _, c := range spaceColumnNames {
		cols = append(cols, "sp."+c+" AS space__"+c)
	}
	return strings.Join(cols, ", ")
}()

func siteSpacesFrom(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*siteSpaceRow)(nil)).
		Join("JOIN spaces AS sp ON sp.id = ss.space_id AND sp.deleted_at IS NULL").
		Join("LEFT JOIN site_sections AS sec ON sec.id = ss.section_id").
		Join("LEFT JOIN site_section_groups AS sgrp ON sgrp.id = sec.group_id")
}

func selectSiteSpaces(db bun.IDB) *bun.SelectQuery {
	return siteSpacesFrom(db).ColumnExpr(siteSpaceColumns)
}

// SiteSpaces is the list of the site spaces of a site in site order: by
// their section's place in the site, then their own key.
var SiteSpaces = &NestedList[string, SiteSpace]{
	from:    siteSpacesFrom,
	columns: siteSpaceColumns,
	parent:  byID("ss.site_id", func(s *SiteSpace) string { return s.SiteID }),
	order: keyset{name: "site-spaces", cols: []string{
		`COALESCE(sgrp.position, sec.position, '') COLLATE "C"`,
		`(CASE WHEN sec.group_id IS NULL THEN '' ELSE sec.position END) COLLATE "C"`,
		`ss.position COLLATE "C"`,
		"ss.id",
	}},
	key: func(s *SiteSpace) []any {
		root, inner := "", ""
		switch {
		case s.GroupPosition != nil:
			root, inner = *s.GroupPosition, *s.SectionPosition
		case s.SectionPosition != nil:
			root = *s.SectionPosition
		}
		return []any{root, inner, s.Position, s.ID}
	},
}

// ListSiteSpaces lists the site spaces of a site in site order; isDefault,
// when set, keeps only the default site spaces (of each section, or of the
// root) or only the others.
func (s *Store) ListSiteSpaces(ctx context.Context, siteID string, isDefault *bool, args PageArgs) (Page[SiteSpace], error) {
	if isDefault == nil {
		return SiteSpaces.List(ctx, s, siteID, args)
	}
	return SiteSpaces.listWhere(ctx, s, siteID, args, func(q *bun.SelectQuery) { q.Where("ss.is_default = ?", *isDefault) })
}

// SectionSiteSpaces loads the site spaces in sections of many sites, in one
// statement, in order inside each section.
func (s *Store) SectionSiteSpaces(ctx context.Context, siteIDs []string) ([]SiteSpace, error) {
	var out []SiteSpace
	err := sectionSiteSpaces.scan(ctx, s, &out, siteIDs)
	return out, dbError(err, "site space")
}

var sectionSiteSpaces = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return selectSiteSpaces(db).Where("ss.site_id = ANY($1::text[]) AND ss.section_id IS NOT NULL").
		OrderExpr(`ss.section_id, ss.position COLLATE "C"`)
}}

// SiteSpacesOf loads every site space of a site in site order.
func (s *Store) SiteSpacesOf(ctx context.Context, siteID string) ([]SiteSpace, error) {
	return SiteSpaces.All(ctx, s, siteID)
}

// SiteSpace loads a site space of a site.
func (s *Store) SiteSpace(ctx context.Context, siteID, id string) (*SiteSpace, error) {
	var ss *SiteSpace
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		ss, err = siteSpaceTx(ctx, db, siteID, id, "")
		return err
	})
	return ss, err
}

// siteSpaceTx loads a site space; field names the input that named it (an
// unknown one is invalid input), "" the path (NOT_FOUND).
func siteSpaceTx(ctx context.Context, db bun.IDB, siteID, id, field string) (*SiteSpace, error) {
	ss := new(SiteSpace)
	err := selectSiteSpaces(db).Where("ss.id = ? AND ss.site_id = ?", id, siteID).Scan(ctx, ss)
	if err != nil && domain.ErrorCode(dbError(err, "")) == domain.CodeNotFound && field != "" {
		return nil, domain.Invalid(field, "site space %q is not in this site", id)
	}
	return ss, dbError(err, "site space")
}

// makeDefaultSiteSpace makes one site space the default of its section (or
// of the root).
func makeDefaultSiteSpace(ctx context.Context, tx bun.IDB, siteID string, sectionID *string, id string) error {
	if _, err := tx.NewUpdate().Table("site_spaces").Set("is_default = false").
		Where("site_id = ? AND section_id IS NOT DISTINCT FROM ? AND is_default AND id <> ?", siteID, sectionID, id).Exec(ctx); err != nil {
		return dbError(err, "site space")
	}
	_, err := tx.NewUpdate().Table("site_spaces").Set("is_default = true").Where("id = ?", id).Exec(ctx)
	return dbError(err, "site space")
}

// AddSiteSpace links a space into a site: into sectionID, else into the
// default section, else (no sections) at the site root; at the end. It is
// the default of its section when the section has none.
func (s *Store) AddSiteSpace(ctx context.Context, site *Site, spaceID string, sectionID *string) (*SiteSpace, error) {
	var id string
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		var err error
		if id, err = s.addSiteSpaceTx(ctx, tx, site, spaceID, sectionID, "spaceId"); err != nil {
			return err
		}
		return s.emit(ctx, tx, siteSubEvent(EventSiteSpaceCreated, site, id, P{"space": spaceID, "siteSection": sectionID}))
	})
	if err != nil {
		return nil, err
	}
	return s.SiteSpace(ctx, site.ID, id)
}

// addSiteSpaceTx is AddSiteSpace inside a transaction holding the site
// lock; field names the input that named the space.
func (s *Store) addSiteSpaceTx(ctx context.Context, tx bun.Tx, site *Site, spaceID string, sectionID *string, field string) (string, error) {
	sp, err := liveSpaceIn(ctx, tx, site.OrganizationID, spaceID, field)
	if err != nil {
		return "", err
	}
	if sectionID != nil {
		if _, err := siteSectionTx(ctx, tx, site.ID, *sectionID, "sectionId"); err != nil {
			return "", err
		}
	} else if sectionID, err = defaultSectionID(ctx, tx, site.ID); err != nil {
		return "", err
	}
	row := &siteSpaceRow{ID: domain.NewID(), OrganizationID: site.OrganizationID, SiteID: site.ID, SectionID: sectionID,
		SpaceID: sp.ID, CreatedAt: s.Now()}
	siblings := tx.NewSelect().Table("site_spaces").Where("site_id = ? AND section_id IS NOT DISTINCT FROM ?", site.ID, sectionID)
	taken, err := pathSet(ctx, siblings)
	if err != nil {
		return "", err
	}
	row.Path = freePath(taken, Slug(sp.Title, "space"))
	hasDefault, err := exists(ctx, tx.NewSelect().Table("site_spaces").Where("site_id = ? AND section_id IS NOT DISTINCT FROM ? AND is_default", site.ID, sectionID))
	if err != nil {
		return "", dbError(err, "site space")
	}
	row.IsDefault = !hasDefault
	if row.Position, err = keyAmong(ctx, tx, siteSpaceSiblings(tx, site.ID, sectionID, row.ID), nil, nil); err != nil {
		return "", err
	}
	_, err = tx.NewInsert().Model(row).Exec(ctx)
	return row.ID, dbError(err, "site space")
}

// SiteSpacePatch is a change to a site space; nil fields stay, and a
// condition is set (to a value or none) only with SetCondition.
type SiteSpacePatch struct {
	Path         *string
	SetCondition bool
	Condition    *string
}

// UpdateSiteSpace applies a patch to a site space. A path a sibling has is
// CONFLICT.
func (s *Store) UpdateSiteSpace(ctx context.Context, site *Site, ss *SiteSpace, p SiteSpacePatch) (*SiteSpace, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		q := tx.NewUpdate().Table("site_spaces").Where("id = ?", ss.ID).Set("id = id") // a no-op, so an empty patch is still a valid UPDATE
		if p.Path != nil {
			taken, err := exists(ctx, tx.NewSelect().Table("site_spaces").
				Where("site_id = ? AND section_id IS NOT DISTINCT FROM ? AND path = ? AND id <> ?", site.ID, ss.SectionID, *p.Path, ss.ID))
			if err != nil {
				return dbError(err, "site space")
			}
			if taken {
				return domain.Errorf(domain.CodeConflict, "path %q is taken by another site space of this section", *p.Path)
			}
			q.Set("path = ?", *p.Path)
		}
		if p.SetCondition {
			q.Set("condition = ?", p.Condition)
		}
		_, err := q.Exec(ctx)
		return dbError(err, "site space")
	}, siteSubEvent(EventSiteSpaceUpdated, site, ss.ID, P{"space": ss.SpaceID}))
	if err != nil {
		return nil, err
	}
	return s.SiteSpace(ctx, site.ID, ss.ID)
}

// DeleteSiteSpace unlinks a space from a site. When it was the default of
// its section (or root), the next one in order (else the one before)
// becomes it.
func (s *Store) DeleteSiteSpace(ctx context.Context, site *Site, ss *SiteSpace) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		cur, err := siteSpaceTx(ctx, tx, site.ID, ss.ID, "")
		if err != nil {
			return err
		}
		if _, err := tx.NewDelete().Table("site_spaces").Where("id = ?", ss.ID).Exec(ctx); err != nil {
			return dbError(err, "site space")
		}
		if cur.IsDefault {
			return promoteSiteSpace(ctx, tx, site.ID, cur.SectionID, cur.Position)
		}
		return nil
	}, siteSubEvent(EventSiteSpaceDeleted, site, ss.ID, P{"space": ss.SpaceID}))
}

// promoteSiteSpace makes the site space after key (else the last one) the
// default of a section or the root.
func promoteSiteSpace(ctx context.Context, tx bun.Tx, siteID string, sectionID *string, key string) error {
	var ids []string
	err := tx.NewSelect().Table("site_spaces").Column("id").
		Where("site_id = ? AND section_id IS NOT DISTINCT FROM ?", siteID, sectionID).
		OrderExpr(`position COLLATE "C" > ? COLLATE "C" DESC`, key).
		OrderExpr(`CASE WHEN position COLLATE "C" > ? COLLATE "C" THEN position END COLLATE "C" ASC`, key).
		OrderExpr(`position COLLATE "C" DESC`).Limit(1).Scan(ctx, &ids)
	if err != nil || len(ids) == 0 {
		return dbError(err, "site space")
	}
	return makeDefaultSiteSpace(ctx, tx, siteID, sectionID, ids[0])
}

// MoveSiteSpace moves a site space next to the site spaces the position
// names, into their section; without a position, to the end of its own. A
// default leaving its section hands the role to the next one there; its
// path gets a suffix if the new section has it already.
func (s *Store) MoveSiteSpace(ctx context.Context, site *Site, ss *SiteSpace, pos SitePosition) (*SiteSpace, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		cur, err := siteSpaceTx(ctx, tx, site.ID, ss.ID, "")
		if err != nil {
			return err
		}
		section := cur.SectionID
		var lo, hi *string
		for _, pt := range []struct {
			p     *SitePointer
			field string
			out   **string
		}{{pos.After, "position.after", &lo}, {pos.Before, "position.before", &hi}} {
			if pt.p == nil {
				continue
			}
			if pt.p.ID == ss.ID {
				return domain.Invalid(pt.field, "a site space cannot be placed next to itself")
			}
			other, err := siteSpaceTx(ctx, tx, site.ID, pt.p.ID, pt.field)
			if err != nil {
				return err
			}
			if pt.field == "position.before" && pos.After != nil && !sameParent(other.SectionID, section) {
				return domain.Invalid("position", "after and before must name adjacent siblings, in that order")
			}
			section = other.SectionID
			*pt.out = &other.Position
		}
		key, err := keyAmong(ctx, tx, siteSpaceSiblings(tx, site.ID, section, ss.ID), lo, hi)
		if err != nil {
			return err
		}
		if sameParent(section, cur.SectionID) {
			_, err = tx.NewUpdate().Table("site_spaces").Set("position = ?", key).Where("id = ?", ss.ID).Exec(ctx)
			return dbError(err, "site space")
		}
		taken, err := pathSet(ctx, tx.NewSelect().Table("site_spaces").Where("site_id = ? AND section_id IS NOT DISTINCT FROM ?", site.ID, section))
		if err != nil {
			return err
		}
		hasDefault, err := exists(ctx, tx.NewSelect().Table("site_spaces").Where("site_id = ? AND section_id IS NOT DISTINCT FROM ? AND is_default", site.ID, section))
		if err != nil {
			return dbError(err, "site space")
		}
		_, err = tx.NewUpdate().Table("site_spaces").Set("section_id = ?, position = ?, path = ?, is_default = ?", section, key, freePath(taken, cur.Path), !hasDefault).
			Where("id = ?", ss.ID).Exec(ctx)
		if err != nil {
			return dbError(err, "site space")
		}
		if cur.IsDefault {
			return promoteSiteSpace(ctx, tx, site.ID, cur.SectionID, cur.Position)
		}
		return nil
	}, siteSubEvent(EventSiteSpaceUpdated, site, ss.ID, P{"space": ss.SpaceID, "changed": []string{"position"}}))
	if err != nil {
		return nil, err
	}
	return s.SiteSpace(ctx, site.ID, ss.ID)
}
