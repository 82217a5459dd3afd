package store

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// SiteSectionGroup groups sections of a site under a title.
type SiteSectionGroup struct {
	bun.BaseModel `bun:"table:site_section_groups,alias:grp"`

	ID             string    `bun:"id,pk"`
	OrganizationID string    `bun:"organization_id"`
	SiteID         string    `bun:"site_id"`
	Title          string    `bun:"title"`
	Icon           *string   `bun:"icon"`
	Position       string    `bun:"position"`
	CreatedAt      time.Time `bun:"created_at"`
}

func selectGroups(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*SiteSectionGroup)(nil)).ColumnExpr("grp.*")
}

// SiteSectionGroups is the list of the section groups of a site, in order.
var SiteSectionGroups = &NestedList[string, SiteSectionGroup]{
	from:    func(db bun.IDB) *bun.SelectQuery { return db.NewSelect().Model((*SiteSectionGroup)(nil)) },
	columns: "grp.*",
	parent:  byID("grp.site_id", func(g *SiteSectionGroup) string { return g.SiteID }),
	order:   keyset{name: "site-section-groups", cols: []string{`grp.position COLLATE "C"`, "grp.id"}},
	key:     func(g *SiteSectionGroup) []any { return []any{g.Position, g.ID} },
}

// SiteSectionGroup loads a section group of a site.
func (s *Store) SiteSectionGroup(ctx context.Context, siteID, id string) (*SiteSectionGroup, error) {
	var g *SiteSectionGroup
	err := s.readOn(ctx, func(db bun.IDB) (err error) {
		g, err = groupTx(ctx, db, siteID, id, "")
		return err
	})
	return g, err
}

func groupTx(ctx context.Context, db bun.IDB, siteID, id, field string) (*SiteSectionGroup, error) {
	g := new(SiteSectionGroup)
	err := selectGroups(db).Where("grp.id = ? AND grp.site_id = ?", id, siteID).Scan(ctx, g)
	if err != nil && domain.ErrorCode(dbError(err, "")) == domain.CodeNotFound && field != "" {
		return nil, domain.Invalid(field, "site section group %q is not in this site", id)
	}
	return g, dbError(err, "site section group")
}

// AddSiteSectionGroup creates a group at the end of the site root and moves
// the named sections into it, in that order.
func (s *Store) AddSiteSectionGroup(ctx context.Context, site *Site, title string, icon *string, sectionIDs []string) (*SiteSectionGroup, error) {
	g := &SiteSectionGroup{ID: domain.NewID(), OrganizationID: site.OrganizationID, SiteID: site.ID, Title: title, Icon: icon, CreatedAt: s.Now()}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		var err error
		if g.Position, err = keyAmong(ctx, tx, rootSiblings(tx, site.ID, g.ID), nil, nil); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(g).Exec(ctx); err != nil {
			return dbError(err, "site section group")
		}
		for _, id := range sectionIDs {
			if err := joinGroup(ctx, tx, site.ID, g.ID, id, "sections"); err != nil {
				return err
			}
		}
		return nil
	}, groupEvent(EventSiteSectionGroupCreated, g, P{"sections": sectionIDs}))
	if err != nil {
		return nil, err
	}
	return s.SiteSectionGroup(ctx, site.ID, g.ID)
}

// joinGroup moves a section to the end of a group.
func joinGroup(ctx context.Context, tx bun.Tx, siteID, groupID, sectionID, field string) error {
	sec, err := siteSectionTx(ctx, tx, siteID, sectionID, field)
	if err != nil {
		return err
	}
	if sec.GroupID != nil && *sec.GroupID == groupID {
		return nil
	}
	key, err := keyAmong(ctx, tx, groupSiblings(tx, groupID, sec.ID), nil, nil)
	if err != nil {
		return err
	}
	_, err = tx.NewUpdate().Table("site_sections").Set("group_id = ?, position = ?", groupID, key).Where("id = ?", sec.ID).Exec(ctx)
	return dbError(err, "site section")
}

// SiteSectionGroupPatch is a change to a section group; nil fields stay,
// and the icon is set (to a value or none) only with SetIcon.
type SiteSectionGroupPatch struct {
	Title   *string
	SetIcon bool
	Icon    *string
}

// UpdateSiteSectionGroup applies a patch to a group of site.
func (s *Store) UpdateSiteSectionGroup(ctx context.Context, site *Site, g *SiteSectionGroup, p SiteSectionGroupPatch) (*SiteSectionGroup, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		q := tx.NewUpdate().Table("site_section_groups").Where("id = ?", g.ID).Set("id = id")
		if p.Title != nil {
			q.Set("title = ?", *p.Title)
		}
		if p.SetIcon {
			q.Set("icon = ?", p.Icon)
		}
		_, err := q.Exec(ctx)
		return dbError(err, "site section group")
	}, groupEvent(EventSiteSectionGroupUpdated, g, nil))
	if err != nil {
		return nil, err
	}
	return s.SiteSectionGroup(ctx, site.ID, g.ID)
}

// AddSectionToGroup moves a section of the site to the end of a group.
func (s *Store) AddSectionToGroup(ctx context.Context, g *SiteSectionGroup, sectionID string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, g.SiteID); err != nil {
			return err
		}
		return joinGroup(ctx, tx, g.SiteID, g.ID, sectionID, "sectionId")
	}, groupEvent(EventSiteSectionGroupUpdated, g, P{"added": sectionID}))
}

// RemoveSectionFromGroup moves a section of a group to the site root, just
// after the group; a section not in the group is NOT_FOUND.
func (s *Store) RemoveSectionFromGroup(ctx context.Context, g *SiteSectionGroup, sectionID string) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, g.SiteID); err != nil {
			return err
		}
		sec, err := siteSectionTx(ctx, tx, g.SiteID, sectionID, "")
		if err != nil {
			return err
		}
		if sec.GroupID == nil || *sec.GroupID != g.ID {
			return domain.NotFound("site section")
		}
		return ungroup(ctx, tx, g, []string{sec.ID})
	}, groupEvent(EventSiteSectionGroupUpdated, g, P{"removed": sectionID}))
}

// ungroup moves sections (in this order) to the site root just after their
// group.
func ungroup(ctx context.Context, tx bun.Tx, g *SiteSectionGroup, ids []string) error {
	after := g.Position
	for _, id := range ids {
		key, err := keyAmong(ctx, tx, rootSiblings(tx, g.SiteID, id), &after, nil)
		if err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Table("site_sections").Set("group_id = NULL, position = ?", key).Where("id = ?", id).Exec(ctx); err != nil {
			return dbError(err, "site section")
		}
		after = key
	}
	return nil
}

// DeleteSiteSectionGroup removes a group; its sections stay, at the site
// root where the group was, in their order.
func (s *Store) DeleteSiteSectionGroup(ctx context.Context, g *SiteSectionGroup) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, g.SiteID); err != nil {
			return err
		}
		var ids []string
		if err := tx.NewSelect().Table("site_sections").Column("id").Where("group_id = ?", g.ID).
			OrderExpr(`position COLLATE "C"`).Scan(ctx, &ids); err != nil {
			return dbError(err, "site section")
		}
		if err := ungroup(ctx, tx, g, ids); err != nil {
			return err
		}
		_, err := tx.NewDelete().Table("site_section_groups").Where("id = ?", g.ID).Exec(ctx)
		return dbError(err, "site section group")
	}, groupEvent(EventSiteSectionGroupDeleted, g, nil))
}

// MoveSiteSectionGroup moves a group among the site root's sections and
// groups; without a position, to the end.
func (s *Store) MoveSiteSectionGroup(ctx context.Context, g *SiteSectionGroup, pos SitePosition) (*SiteSectionGroup, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, g.SiteID); err != nil {
			return err
		}
		resolve := func(p *SitePointer, field string) (*string, error) {
			if p == nil {
				return nil, nil
			}
			if p.ID == g.ID {
				return nil, domain.Invalid(field, "a group cannot be placed next to itself")
			}
			if p.Type == "site-section-group" {
				other, err := groupTx(ctx, tx, g.SiteID, p.ID, field)
				if err != nil {
					return nil, err
				}
				return &other.Position, nil
			}
			sec, err := siteSectionTx(ctx, tx, g.SiteID, p.ID, field)
			if err != nil {
				return nil, err
			}
			if sec.GroupID != nil {
				return nil, domain.Invalid(field, "site section %q is inside a group; groups sit at the site root", p.ID)
			}
			return &sec.Position, nil
		}
		lo, err := resolve(pos.After, "position.after")
		if err != nil {
			return err
		}
		hi, err := resolve(pos.Before, "position.before")
		if err != nil {
			return err
		}
		key, err := keyAmong(ctx, tx, rootSiblings(tx, g.SiteID, g.ID), lo, hi)
		if err != nil {
			return err
		}
		_, err = tx.NewUpdate().Table("site_section_groups").Set("position = ?", key).Where("id = ?", g.ID).Exec(ctx)
		return dbError(err, "site section group")
	}, groupEvent(EventSiteSectionGroupUpdated, g, P{"changed": []string{"position"}}))
	if err != nil {
		return nil, err
	}
	return s.SiteSectionGroup(ctx, g.SiteID, g.ID)
}
