package model

import (
	"encoding/json"
	"io"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/99designs/gqlgen/graphql"

	"folio/domain"
	"folio/store"
)

// MarshalSiteVisibilityScalar writes a site visibility as its string.
func MarshalSiteVisibilityScalar(v store.Visibility) graphql.Marshaler {
	return MarshalVisibilityScalar(v)
}

// UnmarshalSiteVisibilityScalar accepts the four visibilities of sites
// (only fields named visibility use it).
func UnmarshalSiteVisibilityScalar(v any) (store.Visibility, error) {
	s, ok := v.(string)
	if vis := store.Visibility(s); ok && store.SiteVisibilityValid(vis) {
		return vis, nil
	}
	return "", domain.Invalid("visibility", "must be one of public, unlisted, share-link, visitor-auth")
}

// MarshalSiteTypeScalar writes a site type as its string.
func MarshalSiteTypeScalar(t store.SiteType) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) { io.WriteString(w, strconv.Quote(string(t))) })
}

// UnmarshalSiteTypeScalar accepts one of the site types (only fields named type use it).
func UnmarshalSiteTypeScalar(v any) (store.SiteType, error) {
	s, ok := v.(string)
	if t := store.SiteType(s); ok && t.Valid() {
		return t, nil
	}
	names := make([]string, len(store.SiteTypes))
	for i, t := range store.SiteTypes {
		names[i] = string(t)
	}
	return "", domain.Invalid("type", "must be one of %s", strings.Join(names, ", "))
}

// NewSpaceForSite is the value of createSite's spaces that asks for a new
// space (the reference leaves the enum's value unnamed).
const NewSpaceForSite = "new"

// SiteSpaces is createSite's spaces: space ids, or a new space.
type SiteSpaces struct {
	New bool
	IDs []string
}

// MarshalSiteSpacesScalar writes the input back (it is never an output).
func MarshalSiteSpacesScalar(s SiteSpaces) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		if s.New {
			io.WriteString(w, strconv.Quote(NewSpaceForSite))
			return
		}
		b, _ := json.Marshal(s.IDs)
		w.Write(b)
	})
}

// UnmarshalSiteSpacesScalar accepts an array of space ids or "new".
func UnmarshalSiteSpacesScalar(v any) (SiteSpaces, error) {
	bad := domain.Invalid("spaces", `must be an array of space ids or the string "new"`)
	switch x := v.(type) {
	case string:
		if x == NewSpaceForSite {
			return SiteSpaces{New: true}, nil
		}
	case []any:
		out := SiteSpaces{IDs: make([]string, 0, len(x))}
		for _, item := range x {
			id, ok := item.(string)
			if !ok || id == "" {
				return SiteSpaces{}, bad
			}
			out.IDs = append(out.IDs, id)
		}
		if len(out.IDs) > 100 {
			return SiteSpaces{}, domain.Invalid("spaces", "must have at most 100 items")
		}
		return out, nil
	}
	return SiteSpaces{}, bad
}

// Site is a docs site seen by the caller.
type Site struct {
	store.Site
	Viewer Access // the caller's access to the site's organization
	// ShareKey, when the caller gave one, goes into the published URLs of a
	// share-link site's sections and site spaces, so they open as shared.
	ShareKey string
	base     Base
}

func NewSite(b Base, s store.Site, viewer Access) Site { return Site{Site: s, Viewer: viewer, base: b} }

func (Site) Object() string { return "site" }

// DefaultLevel: members reach a site through their organization role.
func (Site) DefaultLevel() string { return "inherit" }

func (s Site) Organization() string { return s.OrganizationID }

func (s Site) AppliedType() store.SiteType { return s.Type }

func (s Site) Proxy() *SiteProxy {
	if s.Site.Proxy == nil {
		return nil
	}
	return &SiteProxy{Origin: *s.Site.Proxy, Target: s.PublishedURL()}
}

func (s Site) AdaptiveContent() SiteAdaptiveContent {
	return SiteAdaptiveContent{Enabled: s.AdaptiveEnabled}
}

func (Site) Ads() SiteAds { return SiteAds{Status: "pending", Submittable: false} }

func (Site) Features() []SiteFeature { return []SiteFeature{} }

// PublishedURL is where readers find the site: its custom hostname, else
// its address on this server (with the basename when set).
func (s Site) PublishedURL() string {
	u := string(s.base) + "/sites/" + s.ID
	if s.Hostname != nil {
		u = "https://" + *s.Hostname
	}
	if s.Basename != nil {
		u += "/" + *s.Basename
	}
	return u
}

func (s Site) Urls() SiteURLs {
	app := string(s.base) + "/app/o/" + s.OrganizationID + "/sites/" + s.ID
	u := SiteURLs{Location: string(s.base) + "/v1/orgs/" + s.OrganizationID + "/sites/" + s.ID, App: app, Preview: app + "/preview"}
	if s.Published {
		p := s.PublishedURL()
		u.Published = &p
	}
	return u
}

// published is the published URL of something under the site; nil while
// the site is not published.
func (s Site) published(path string) SiteObjectURLs {
	if !s.Published {
		return SiteObjectURLs{}
	}
	p := s.PublishedURL() + path
	if s.ShareKey != "" && s.Visibility == store.VisibilityShareLink {
		p += "?share=" + url.QueryEscape(s.ShareKey)
	}
	return SiteObjectURLs{Published: &p}
}

// Readable reports whether the caller may read the site as its
// organization does (a role; guests and outsiders have none). A site reached
// through publishedSite is shown to its whole audience, but only its own
// fields and its visible structure.
func (s Site) Readable() bool { return s.Viewer.Role.AtLeast(domain.RoleRead) }

// CanAdmin reports whether the caller administers the site.
func (s Site) CanAdmin() bool { return s.Viewer.Role.AtLeast(domain.RoleAdmin) }

func (s Site) Permissions() SitePermissions {
	r := s.Viewer.Role
	admin := r.AtLeast(domain.RoleAdmin)
	return SitePermissions{
		View: r.AtLeast(domain.RoleRead), Access: r.AtLeast(domain.RoleRead), ViewAdaptiveSchema: r.AtLeast(domain.RoleRead),
		Edit: r.AtLeast(domain.RoleEdit), Create: r.AtLeast(domain.RoleCreate),
		Admin: admin, InstallIntegration: admin, EditAdaptiveSchema: admin,
	}
}

// DefaultAdaptiveSchema is the schema of a site that has not set one: no claims.
var DefaultAdaptiveSchema = json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{},"additionalProperties":false}`)

// AdaptiveSchema is FORBIDDEN to a caller who reaches the site through
// publishedSite without a role in its organization (viewAdaptiveSchema).
// VisitorKey is how the site's visitor tokens are checked, never the key
// itself: nil while no key is set, and for a caller who does not
// administer the site (who may not set one either).
func (s Site) VisitorKey() *SiteVisitorKey {
	if !s.CanAdmin() || s.VisitorKeyAlg == nil || s.Site.VisitorKey == nil {
		return nil
	}
	k := &SiteVisitorKey{Algorithm: *s.VisitorKeyAlg, Audience: s.VisitorKeyAudience, UpdatedAt: s.UpdatedAt}
	if s.VisitorKeyUpdatedAt != nil {
		k.UpdatedAt = *s.VisitorKeyUpdatedAt
	}
	return k
}

func (s Site) AdaptiveSchema() (SiteAdaptiveSchema, error) {
	if !s.Readable() {
		return SiteAdaptiveSchema{}, domain.Errorf(domain.CodeForbidden, "reading a site's adaptive schema needs a role in its organization")
	}
	out := SiteAdaptiveSchema{Object: "site-adaptive-schema", JSONSchema: DefaultAdaptiveSchema, UpdatedAt: s.CreatedAt}
	if len(s.Site.AdaptiveSchema) > 0 && string(s.Site.AdaptiveSchema) != "null" {
		out.JSONSchema = s.Site.AdaptiveSchema
	}
	if s.AdaptiveSchemaUpdatedAt != nil {
		out.UpdatedAt = *s.AdaptiveSchemaUpdatedAt
	}
	return out, nil
}

// SiteSection is a section of a site seen by the caller.
type SiteSection struct {
	store.SiteSection
	Site *Site
	// Visible, when set, are the site spaces a visitor sees (the published
	// view); otherwise the siteSpaces field loads them all.
	Visible []SiteSpace
}

func (SiteSection) Object() string { return "site-section" }

func (SiteSection) IsSiteStructureItem() {}

func (s SiteSection) Default() *bool { return ptr(s.IsDefault) }

func (SiteSection) Draft() bool { return false }

func (s SiteSection) SectionGroup() *string { return s.GroupID }

func (s SiteSection) Urls() SiteObjectURLs { return s.Site.published("/" + s.Path) }

// SiteSectionGroup is a section group seen by the caller.
type SiteSectionGroup struct {
	store.SiteSectionGroup
	Site *Site
	// Visible, when set, are the sections a visitor sees (published view).
	Visible []SiteSection
}

func (SiteSectionGroup) Object() string { return "site-section-group" }

func (SiteSectionGroup) IsSiteStructureItem() {}

func (SiteSectionGroup) Draft() bool { return false }

// SiteSpace is a site space seen by the caller.
type SiteSpace struct {
	*store.SiteSpace // the row read, not a copy of it (a site tree holds a thousand)
	Site             *Site
}

func (SiteSpace) Object() string { return "site-space" }

func (SiteSpace) IsSiteStructureItem() {}

func (s SiteSpace) Section() *string { return s.SectionID }

// Space is a pointer: a value would be copied to the heap twice on its way
// to the marshaller (once into the resolver's answer, once for its fields).
func (s SiteSpace) Space() *Space {
	sp := NewSpace(s.Site.base, &s.SiteSpace.Space, s.Site.Viewer)
	return &sp
}

func (s SiteSpace) Title() string { return s.SiteSpace.Space.Title }

func (s SiteSpace) Default() *bool { return ptr(s.IsDefault) }

func (SiteSpace) Draft() bool { return false }

func (s SiteSpace) Urls() SiteObjectURLs {
	p := "/" + s.Path
	if s.SectionPath != nil {
		p = "/" + *s.SectionPath + p
	}
	return s.Site.published(p)
}

// ShareLink is a share link seen by an admin of its site.
type ShareLink struct {
	store.ShareLink
	Site *Site
	Key  string
}

func (ShareLink) Object() string { return "share-link" }

func (l ShareLink) Name() *string { return ptr(l.ShareLink.Name) }

func (l ShareLink) Active() *bool { return ptr(l.ShareLink.Active) }

// Urls shows the link's key, in the site's address; only admins read links.
func (l ShareLink) Urls() ShareLinkURLs {
	p := l.Site.PublishedURL() + "?share=" + l.Key
	return ShareLinkURLs{Published: &p}
}

// PublishedContentSite is the published view of a site, once its caller
// is admitted. Its structure is worked out when a field needs it (graph's
// publishedStructure): a read of one site space's content needs only
// that site space's conditions.
type PublishedContentSite struct {
	Site    Site
	Scripts []json.RawMessage
	// Claims are what the structure's conditions see: the visitor token's
	// claims, and the reader's unsigned claims under "unsigned" when kept.
	Claims map[string]any
	// UnsignedClaimsAccepted: the reader's unsigned claims were kept.
	UnsignedClaimsAccepted bool

	structureOnce sync.Once
	structure     SiteStructure
	structureErr  error
}

// StructureOnce is the view's structure, made by build the first time it
// is asked for (fields of one view may resolve at the same time).
func (p *PublishedContentSite) StructureOnce(build func() (SiteStructure, error)) (SiteStructure, error) {
	p.structureOnce.Do(func() { p.structure, p.structureErr = build() })
	return p.structure, p.structureErr
}

func (*PublishedContentSite) Object() string { return "published-content-site" }

// HasAdvancedCustomizationFeature is false: Folio has no plan-gated customizations.
func (SiteSpace) HasAdvancedCustomizationFeature() *bool { f := false; return &f }
