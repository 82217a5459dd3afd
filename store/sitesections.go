package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// SiteSection is a section of a site: a top-level part of it holding site
// spaces (the variants of the section).
type SiteSection struct {
	bun.BaseModel `bun:"table:site_sections,alias:sec"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	SiteID         string    `bun:"site_id"`
	GroupID        *string   `bun:"group_id"`
	Title          string    `bun:"title"`
	Description    *string   `bun:"description"`
	Icon           *string   `bun:"icon"`
	Path           string    `bun:"path"`
	Condition      *string   `bun:"condition"`
	IsDefault      bool      `bun:"is_default"`
	Position       string    `bun:"position"`
	CreatedAt      time.Time `bun:"created_at"`
	// GroupPosition is the key of the section's group, for the site order.
	GroupPosition *string `bun:"group_position,scanonly"`
}

func sectionsFrom(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*SiteSection)(nil)).Join("LEFT JOIN site_section_groups AS grp ON grp.id = sec.group_id")
}

const sectionColumns = "sec.*, grp.position AS group_position"

func selectSections(db bun.IDB) *bun.SelectQuery {
	return sectionsFrom(db).ColumnExpr(sectionColumns)
}

// SiteSections is the list of the sections of a site in site order: by the
// root key (their own, or their group's), then by their key inside the group.
var SiteSections = &NestedList[string, SiteSection]{
	from:    sectionsFrom,
	columns: sectionColumns,
	parent:  byID("sec.site_id", func(s *SiteSection) string { return s.SiteID }),
	order: keyset{name: "site-sections", cols: []string{
		`COALESCE(grp.position, sec.position) COLLATE "C"`,
		`(CASE WHEN sec.group_id IS NULL THEN '' ELSE sec.position END) COLLATE "C"`,
		"sec.id",
	}},
	key: func(s *SiteSection) []any {
		if s.GroupPosition != nil {
			return []any{*s.GroupPosition, s.Position, s.ID}
		}
		return []any{s.Position, "", s.ID}
	},
}

// GroupedSections loads the sections in groups of many sites, in one
// statement, in order inside each group.
func (s *Store) GroupedSections(ctx context.Context, siteIDs []string) ([]SiteSection, error) {
	var out []SiteSection
	err := groupedSections.scan(ctx, s, &out, siteIDs)
	return out, dbError(err, "site section")
}

var groupedSections = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return selectSections(db).Where("sec.site_id = ANY($1::text[]) AND sec.group_id IS NOT NULL").
		OrderExpr(`sec.group_id, sec.position COLLATE "C"`)
}}

// SiteSection loads a section of a site.
func (s *Store) SiteSection(ctx context.Context, siteID, id string) (*SiteSection, error) {
	var sec *SiteSection
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		sec, err = siteSectionTx(ctx, db, siteID, id, "")
		return err
	})
	return sec, err
}

// siteSectionTx loads a section of a site. field names the input that
// named it (an unknown one is invalid input); "" means the path (NOT_FOUND).
func siteSectionTx(ctx context.Context, db bun.IDB, siteID, id, field string) (*SiteSection, error) {
	sec := new(SiteSection)
	err := selectSections(db).Where("sec.id = ? AND sec.site_id = ?", id, siteID).Scan(ctx, sec)
	if err != nil && domain.ErrorCode(dbError(err, "")) == domain.CodeNotFound && field != "" {
		return nil, domain.Invalid(field, "site section %q is not in this site", id)
	}
	return sec, dbError(err, "site section")
}

// defaultSectionID is the id of a site's default section; nil without sections.
func defaultSectionID(ctx context.Context, db bun.IDB, siteID string) (*string, error) {
	var ids []string
	if err := db.NewSelect().Table("site_sections").Column("id").Where("site_id = ? AND is_default", siteID).Scan(ctx, &ids); err != nil {
		return nil, dbError(err, "site section")
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return &ids[0], nil
}

// makeDefaultSection makes one section the default of its site (in two
// statements: the unique index on the default is checked row by row).
func makeDefaultSection(ctx context.Context, tx bun.IDB, siteID, id string) error {
	if _, err := tx.NewUpdate().Table("site_sections").Set("is_default = false").Where("site_id = ? AND is_default AND id <> ?", siteID, id).Exec(ctx); err != nil {
		return dbError(err, "site section")
	}
	_, err := tx.NewUpdate().Table("site_sections").Set("is_default = true").Where("id = ?", id).Exec(ctx)
	return dbError(err, "site section")
}

// AddSiteSection adds a section at the end of the site's root with the
// space as its first site space. The first section of a site becomes its
// default and takes in the site spaces of the root (in their order), so a
// site has either root site spaces or sections, never both.
func (s *Store) AddSiteSection(ctx context.Context, site *Site, spaceID, title string) (*SiteSection, error) {
	sec := &SiteSection{ID: domain.NewID(), OrganizationID: site.OrganizationID, SiteID: site.ID, Title: title, CreatedAt: s.Now()}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		if _, err := liveSpaceIn(ctx, tx, site.OrganizationID, spaceID, "spaceId"); err != nil {
			return err
		}
		current, err := defaultSectionID(ctx, tx, site.ID)
		if err != nil {
			return err
		}
		sec.IsDefault = current == nil
		taken, err := pathSet(ctx, tx.NewSelect().Table("site_sections").Where("site_id = ?", site.ID))
		if err != nil {
			return err
		}
		sec.Path = freePath(taken, Slug(title, "section"))
		if sec.Position, err = keyAmong(ctx, tx, rootSiblings(tx, site.ID, sec.ID), nil, nil); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(sec).Exec(ctx); err != nil {
			return dbError(err, "site section")
		}
		if sec.IsDefault {
			if _, err := tx.NewUpdate().Table("site_spaces").Set("section_id = ?", sec.ID).
				Where("site_id = ? AND section_id IS NULL", site.ID).Exec(ctx); err != nil {
				return dbError(err, "site space")
			}
		}
		_, err = s.addSiteSpaceTx(ctx, tx, site, spaceID, &sec.ID, "spaceId")
		return err
	}, siteSubEvent(EventSiteSectionCreated, site, sec.ID, P{"space": spaceID}))
	if err != nil {
		return nil, err
	}
	return s.SiteSection(ctx, site.ID, sec.ID)
}

// SiteSectionPatch holds the fields of a section update; nil leaves a field
// as it is, the Set* flags let a null remove one.
type SiteSectionPatch struct {
	Title            *string
	Path             *string
	DefaultSiteSpace *string
	SetCondition     bool
	Condition        *string
	SetIcon          bool
	Icon             *string
	SetDescription   bool
	Description      *string
}

// UpdateSiteSection applies a patch to a section. A path another section of
// the site has is CONFLICT.
func (s *Store) UpdateSiteSection(ctx context.Context, site *Site, sec *SiteSection, p SiteSectionPatch) (*SiteSection, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		q := tx.NewUpdate().Table("site_sections").Where("id = ?", sec.ID)
		set := false
		add := func(expr string, v any) { q.Set(expr, v); set = true }
		if p.Title != nil {
			add("title = ?", *p.Title)
		}
		if p.Path != nil {
			taken, err := exists(ctx, tx.NewSelect().Table("site_sections").Where("site_id = ? AND path = ? AND id <> ?", site.ID, *p.Path, sec.ID))
			if err != nil {
				return dbError(err, "site section")
			}
			if taken {
				return domain.Errorf(domain.CodeConflict, "path %q is taken by another section of this site", *p.Path)
			}
			add("path = ?", *p.Path)
		}
		if p.SetCondition {
			add("condition = ?", p.Condition)
		}
		if p.SetIcon {
			add("icon = ?", p.Icon)
		}
		if p.SetDescription {
			add("description = ?", p.Description)
		}
		if set {
			if _, err := q.Exec(ctx); err != nil {
				return dbError(err, "site section")
			}
		}
		if p.DefaultSiteSpace != nil {
			ss, err := siteSpaceTx(ctx, tx, site.ID, *p.DefaultSiteSpace, "defaultSiteSpace")
			if err != nil {
				return err
			}
			if !sameParent(ss.SectionID, &sec.ID) {
				return domain.Invalid("defaultSiteSpace", "site space %q is not in this section", ss.ID)
			}
			return makeDefaultSiteSpace(ctx, tx, site.ID, ss.SectionID, ss.ID)
		}
		return nil
	}, siteSubEvent(EventSiteSectionUpdated, site, sec.ID, P{}))
	if err != nil {
		return nil, err
	}
	return s.SiteSection(ctx, site.ID, sec.ID)
}

// DeleteSiteSection removes a section with its site spaces. When it was the
// default, the next section in site order (else the one before) becomes it.
func (s *Store) DeleteSiteSection(ctx context.Context, site *Site, sec *SiteSection) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		cur, err := siteSectionTx(ctx, tx, site.ID, sec.ID, "")
		if err != nil {
			return err
		}
		var order []string
		if err := tx.NewSelect().TableExpr("site_sections AS sec").ColumnExpr("sec.id").
			Join("LEFT JOIN site_section_groups AS grp ON grp.id = sec.group_id").Where("sec.site_id = ?", site.ID).
			OrderExpr(SiteSections.order.cols[0]).OrderExpr(SiteSections.order.cols[1]).OrderExpr(SiteSections.order.cols[2]).
			Scan(ctx, &order); err != nil {
			return dbError(err, "site section")
		}
		if _, err := tx.NewDelete().Table("site_sections").Where("id = ?", sec.ID).Exec(ctx); err != nil {
			return dbError(err, "site section")
		}
		if !cur.IsDefault {
			return nil
		}
		if next := successor(order, sec.ID); next != "" {
			return makeDefaultSection(ctx, tx, site.ID, next)
		}
		return nil
	}, siteSubEvent(EventSiteSectionDeleted, site, sec.ID, P{}))
}

// successor is the item after id in order, else the one before; "" when
// id was alone.
func successor(order []string, id string) string {
	for i, v := range order {
		if v != id {
			continue
		}
		if i+1 < len(order) {
			return order[i+1]
		}
		if i > 0 {
			return order[i-1]
		}
	}
	return ""
}

// SitePointer names a sibling in a site by kind ("site-section",
// "site-section-group" or "site-space") and id.
type SitePointer struct {
	Type string
	ID   string
}

// SitePosition says where a moved item goes: before a sibling, after one,
// or between two adjacent ones; neither means at the end.
type SitePosition struct {
	Before, After *SitePointer
}

// MoveSiteSection moves a section next to the sections the position names,
// into their group (or the root); without a position, to the end of the
// site root. Moving out of a group leaves the rest of the group in order.
func (s *Store) MoveSiteSection(ctx context.Context, site *Site, sec *SiteSection, pos SitePosition) (*SiteSection, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		var group *string
		var lo, hi *string
		resolve := func(p *SitePointer, field string) (*string, error) {
			if p.ID == sec.ID {
				return nil, domain.Invalid(field, "a section cannot be placed next to itself")
			}
			other, err := siteSectionTx(ctx, tx, site.ID, p.ID, field)
			if err != nil {
				return nil, err
			}
			if (pos.After != nil && pos.Before != nil) && p == pos.Before && !sameParent(other.GroupID, group) {
				return nil, domain.Invalid(field, "after and before must name adjacent siblings, in that order")
			}
			group = other.GroupID
			return &other.Position, nil
		}
		var err error
		if pos.After != nil {
			if lo, err = resolve(pos.After, "position.after"); err != nil {
				return err
			}
		}
		if pos.Before != nil {
			if hi, err = resolve(pos.Before, "position.before"); err != nil {
				return err
			}
		}
		key, err := keyAmong(ctx, tx, sectionSiblings(tx, site.ID, group, sec.ID), lo, hi)
		if err != nil {
			return err
		}
		_, err = tx.NewUpdate().Table("site_sections").Set("group_id = ?, position = ?", group, key).Where("id = ?", sec.ID).Exec(ctx)
		return dbError(err, "site section")
	}, siteSubEvent(EventSiteSectionUpdated, site, sec.ID, P{"changed": []string{"position"}}))
	if err != nil {
		return nil, err
	}
	return s.SiteSection(ctx, site.ID, sec.ID)
}

// liveSpaceIn checks that a space is live and in the organization; field
// names the input.
func liveSpaceIn(ctx context.Context, db bun.IDB, orgID, spaceID, field string) (*Space, error) {
	sp := new(Space)
	err := selectSpaces(db).Where("space.id = ? AND space.organization_id = ? AND space.deleted_at IS NULL", spaceID, orgID).Scan(ctx, sp)
	if err != nil && domain.ErrorCode(dbError(err, "")) == domain.CodeNotFound {
		return nil, domain.Invalid(field, "space %q is not in this organization", spaceID)
	}
	return sp, dbError(err, "space")
}
