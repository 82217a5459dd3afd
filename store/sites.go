package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// SiteType is the plan a site is on; Folio serves every type alike.
type SiteType string

// SiteTypes lists the types the reference names.
var SiteTypes = []SiteType{"basic", "premium", "ultimate", "sponsored", "legacy-basic", "legacy-premium"}

// Valid reports whether t is one of SiteTypes.
func (t SiteType) Valid() bool {
	for _, v := range SiteTypes {
		if t == v {
			return true
		}
	}
	return false
}

// SiteVisibilityValid reports whether v is a visibility a site may have:
// sites have no in-collection or private.
func SiteVisibilityValid(v Visibility) bool {
	switch v {
	case VisibilityPublic, VisibilityUnlisted, VisibilityShareLink, VisibilityVisitorAuth:
		return true
	}
	return false
}

// Site is a docs site: how a set of spaces reaches its readers.
type Site struct {
	bun.BaseModel `bun:"table:sites,alias:site"`

	ID                      string          `bun:"id,pk"`
	OrganizationID          string          `bun:"organization_id"`
	Type                    SiteType        `bun:"type"`
	Title                   string          `bun:"title"`
	Hostname                *string         `bun:"hostname"`
	Basename                *string         `bun:"basename"`
	Proxy                   *string         `bun:"proxy"`
	Visibility              Visibility      `bun:"visibility"`
	Published               bool            `bun:"published"`
	AdaptiveEnabled         bool            `bun:"adaptive_enabled"`
	AdaptiveSchema          json.RawMessage `bun:"adaptive_schema,type:jsonb"`
	AdaptiveSchemaUpdatedAt *time.Time      `bun:"adaptive_schema_updated_at"`
	VisitorKeyAlg           *string         `bun:"visitor_key_alg"`
	VisitorKey              *string         `bun:"visitor_key"`
	VisitorKeyAudience      *string         `bun:"visitor_key_audience"`              // when set, a visitor token's aud must include it
	VisitorKeyUpdatedAt     *time.Time      `bun:"visitor_key_updated_at"`            // when the key was set
	Customization           json.RawMessage `bun:"customization,type:jsonb,nullzero"` // the settings an admin set; nil: none
	CustomizationUpdatedAt  *time.Time      `bun:"customization_updated_at"`
	// SpaceCustomizations are the overrides of its site spaces, a JSON
	// object by site space id (SpaceCustomizationsByID reads it); nil:
	// none. Kept as its text, so that site rows scan without bun
	// (rowscan.go).
	SpaceCustomizations json.RawMessage `bun:"space_customizations,scanonly,type:jsonb"`
	CreatedAt           time.Time       `bun:"created_at"`
	UpdatedAt           time.Time       `bun:"updated_at"`
}

// siteColumns: the site and the overrides of its site spaces, by id.
const siteColumns = `site.*, (SELECT jsonb_object_agg(ss.id, ss.customization) FROM site_spaces ss
	WHERE ss.site_id = site.id AND ss.customization IS NOT NULL) AS space_customizations`

func selectSites(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*Site)(nil)).ColumnExpr(siteColumns)
}

// Site loads a site of an organization; a site of another one is NOT_FOUND.
func (s *Store) Site(ctx context.Context, orgID, id string) (*Site, error) {
	site := new(Site)
	err := selectSites(s.DB).Where("site.id = ? AND site.organization_id = ?", id, orgID).Scan(ctx, site)
	return site, dbError(err, "site")
}

// PublishedSiteByHostname loads the published site served at a custom
// hostname (lower case, as hostnames are kept); NOT_FOUND when none is.
func (s *Store) PublishedSiteByHostname(ctx context.Context, hostname string) (*Site, error) {
	site := new(Site)
	err := s.readOn(ctx, func(db bun.IDB) error {
		return selectSites(db).Where("site.hostname = ? AND site.published", hostname).Scan(ctx, site)
	})
	return site, dbError(err, "site")
}

// SiteOnPrimary loads a site from the primary, whatever replicas ctx's
// reads may use: what admits a reader with a visitor token (the site's
// key) must be the key as it is now, so that a key replaced is refused at
// once, not once a replica has replayed the change.
func (s *Store) SiteOnPrimary(ctx context.Context, id string) (*Site, error) {
	site := new(Site)
	err := selectSites(s.DB).Where("site.id = ?", id).Scan(ctx, site)
	return site, dbError(err, "site")
}

// ReadsReplicas reports whether ctx's reads may run on a read replica
// (replicas.go): the store has replicas and ctx allows stale reads.
func (s *Store) ReadsReplicas(ctx context.Context) bool {
	_, ok := ctx.Value(staleKey{}).(*readAfter)
	return ok && s.replicas != nil
}

// SitesByID loads sites by id, in no particular order.
func (s *Store) SitesByID(ctx context.Context, ids []string) ([]Site, error) {
	var out []Site
	err := sitesByID.scan(ctx, s, &out, ids)
	return out, dbError(err, "site")
}

var sitesByID = &paramRead{build: func(db bun.IDB) *bun.SelectQuery {
	return selectSites(db).Where("site.id = ANY($1::text[])")
}}

// SiteFilter narrows a list of sites; nil fields do not filter.
type SiteFilter struct {
	SpaceID   *string // sites that link this space
	Title     *string // title contains this, case-insensitively
	Published *bool
}

var siteKeyset = keyset{name: "sites", cols: []string{"site.created_at", "site.id"}}

// ListSites lists an organization's sites, oldest first.
func (s *Store) ListSites(ctx context.Context, orgID string, f SiteFilter, args PageArgs) (Page[Site], error) {
	q := selectSites(s.DB).Where("site.organization_id = ?", orgID)
	if f.SpaceID != nil {
		q.Where("EXISTS (SELECT 1 FROM site_spaces AS fs WHERE fs.site_id = site.id AND fs.space_id = ?)", *f.SpaceID)
	}
	if f.Title != nil {
		q.Where("site.title ILIKE ? ESCAPE '\\'", "%"+likeEscape(*f.Title)+"%")
	}
	if f.Published != nil {
		q.Where("site.published = ?", *f.Published)
	}
	return listPage(ctx, s, q, siteKeyset.in(orgID), args, func(site *Site) []any { return []any{site.CreatedAt, site.ID} })
}

// NewSite holds the settings of a site to create. Spaces are linked at the
// site root in this order, the first as the default.
type NewSite struct {
	Type       SiteType
	Title      string
	Visibility Visibility
	SpaceIDs   []string
	// NewSpace, when set, is created (at the top level) and linked first.
	NewSpace *NewSpace
}

// CreateSite creates a site with its first site spaces, in one transaction.
func (s *Store) CreateSite(ctx context.Context, orgID string, n NewSite) (*Site, error) {
	site := &Site{ID: domain.NewID(), OrganizationID: orgID, Type: n.Type, Title: n.Title, Visibility: n.Visibility,
		CreatedAt: s.Now(), UpdatedAt: s.Now()}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(site).Exec(ctx); err != nil {
			return dbError(err, "site")
		}
		ids := n.SpaceIDs
		if n.NewSpace != nil {
			sp, err := s.createSpaceTx(ctx, tx, orgID, *n.NewSpace)
			if err != nil {
				return err
			}
			ids = append([]string{sp.ID}, ids...)
			if err := s.emit(ctx, tx, spaceEvent(EventSpaceCreated, sp, P{"title": sp.Title, "parent": sp.ParentID})); err != nil {
				return err
			}
		}
		for _, id := range ids {
			if _, err := s.addSiteSpaceTx(ctx, tx, site, id, nil, "spaces"); err != nil {
				return err
			}
		}
		return s.emit(ctx, tx, siteEvent(EventSiteCreated, site, P{"title": site.Title, "spaces": ids}))
	})
	if err != nil {
		return nil, err
	}
	return s.Site(ctx, orgID, site.ID)
}

// SitePatch holds the fields of a site update; nil leaves a field as it is,
// and the Set* flags let a null remove the hostname or the proxy.
type SitePatch struct {
	Title           *string
	Visibility      *Visibility
	Basename        *string
	AdaptiveEnabled *bool
	SetHostname     bool
	Hostname        *string
	SetProxy        bool
	Proxy           *string
	// DefaultSiteSection makes that section the site's default.
	DefaultSiteSection *string
	// DefaultSiteSpace makes that site space the default of the root, or
	// of the default section when the site has sections.
	DefaultSiteSpace *string
}

// UpdateSite applies a patch to a site, in one transaction. A taken
// hostname is CONFLICT.
func (s *Store) UpdateSite(ctx context.Context, site *Site, p SitePatch) (*Site, error) {
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := lockSite(ctx, tx, site.ID); err != nil {
			return err
		}
		q := tx.NewUpdate().Table("sites").Where("id = ?", site.ID).Set("updated_at = ?", s.Now())
		if p.Title != nil {
			q.Set("title = ?", *p.Title)
		}
		if p.Visibility != nil {
			q.Set("visibility = ?", *p.Visibility)
		}
		if p.Basename != nil {
			q.Set("basename = ?", *p.Basename)
		}
		if p.AdaptiveEnabled != nil {
			q.Set("adaptive_enabled = ?", *p.AdaptiveEnabled)
		}
		if p.SetHostname {
			q.Set("hostname = ?", p.Hostname)
		}
		if p.SetProxy {
			q.Set("proxy = ?", p.Proxy)
		}
		if _, err := q.Exec(ctx); err != nil {
			return dbError(err, "hostname")
		}
		if p.DefaultSiteSection != nil {
			sec, err := siteSectionTx(ctx, tx, site.ID, *p.DefaultSiteSection, "defaultSiteSection")
			if err != nil {
				return err
			}
			if err := makeDefaultSection(ctx, tx, site.ID, sec.ID); err != nil {
				return err
			}
		}
		if p.DefaultSiteSpace != nil {
			if err := setDefaultSiteSpace(ctx, tx, site.ID, *p.DefaultSiteSpace); err != nil {
				return err
			}
		}
		return s.emit(ctx, tx, siteEvent(EventSiteUpdated, site, P{"changed": p.changed()}))
	})
	if err != nil {
		return nil, err
	}
	return s.Site(ctx, site.OrganizationID, site.ID)
}

// setDefaultSiteSpace makes a site space the default of the root, or of the
// default section; one elsewhere is invalid input.
func setDefaultSiteSpace(ctx context.Context, tx bun.Tx, siteID, id string) error {
	ss, err := siteSpaceTx(ctx, tx, siteID, id, "defaultSiteSpace")
	if err != nil {
		return err
	}
	defaultSection, err := defaultSectionID(ctx, tx, siteID)
	if err != nil {
		return err
	}
	if !sameParent(ss.SectionID, defaultSection) {
		return domain.Invalid("defaultSiteSpace", "must be a site space at the root of the site or in its default section")
	}
	return makeDefaultSiteSpace(ctx, tx, siteID, ss.SectionID, ss.ID)
}

// SetSitePublished publishes or unpublishes a site.
func (s *Store) SetSitePublished(ctx context.Context, site *Site, published bool) (*Site, error) {
	typ := EventSitePublished
	if !published {
		typ = EventSiteUnpublished
	}
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Table("sites").Set("published = ?, updated_at = ?", published, s.Now()).
			Where("id = ?", site.ID).Exec(ctx)
		return err
	}, siteEvent(typ, site, nil))
	if err != nil {
		return nil, dbError(err, "site")
	}
	return s.Site(ctx, site.OrganizationID, site.ID)
}

// SetAdaptiveSchema stores a site's adaptive schema (checked by the caller).
func (s *Store) SetAdaptiveSchema(ctx context.Context, site *Site, schema json.RawMessage) (*Site, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Table("sites").Set("adaptive_schema = ?, adaptive_schema_updated_at = ?, updated_at = ?", string(schema), s.Now(), s.Now()).
			Where("id = ?", site.ID).Exec(ctx)
		return err
	}, siteEvent(EventSiteUpdated, site, P{"changed": []string{"adaptiveSchema"}}))
	if err != nil {
		return nil, dbError(err, "site")
	}
	return s.Site(ctx, site.OrganizationID, site.ID)
}

// SetVisitorKey stores the key visitor JWTs of a site are checked with and
// the audience they must name (nil: any), replacing both.
func (s *Store) SetVisitorKey(ctx context.Context, site *Site, alg, key string, audience *string) (*Site, error) {
	err := s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewUpdate().Table("sites").
			Set("visitor_key_alg = ?, visitor_key = ?, visitor_key_audience = ?, visitor_key_updated_at = ?, updated_at = ?", alg, key, audience, s.Now(), s.Now()).
			Where("id = ?", site.ID).Exec(ctx)
		return err
	}, siteEvent(EventSiteUpdated, site, P{"changed": []string{"visitorKey"}}))
	if err != nil {
		return nil, dbError(err, "site")
	}
	return s.Site(ctx, site.OrganizationID, site.ID)
}

// DeleteSite removes a site with its structure and share links; its spaces stay.
func (s *Store) DeleteSite(ctx context.Context, site *Site) error {
	return s.writeWith(ctx, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewDelete().Table("sites").Where("id = ?", site.ID).Exec(ctx)
		return dbError(err, "site")
	}, siteEvent(EventSiteDeleted, site, nil))
}

// lockSite locks a site row for the rest of the transaction: every change
// to a site's structure (add, delete, move, defaults) holds it, so two
// concurrent moves never pick the same key and the default rules hold.
func lockSite(ctx context.Context, tx bun.Tx, siteID string) error {
	var id string
	err := tx.NewSelect().Table("sites").Column("id").Where("id = ?", siteID).For("NO KEY UPDATE").Scan(ctx, &id)
	return dbError(err, "site")
}

// likeEscape escapes the wildcards of a LIKE pattern.
func likeEscape(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '%' || r == '_' || r == '\\' {
			out = append(out, '\\')
		}
		out = append(out, r)
	}
	return string(out)
}

// SpaceCustomizationsByID reads the overrides of the site's site spaces,
// by site space id.
func (s *Site) SpaceCustomizationsByID() (map[string]json.RawMessage, error) {
	if len(s.SpaceCustomizations) == 0 || string(s.SpaceCustomizations) == "null" {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(s.SpaceCustomizations, &m); err != nil {
		return nil, fmt.Errorf("site %s: site space customizations: %w", s.ID, err)
	}
	return m, nil
}
