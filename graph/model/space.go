package model

import (
	"encoding/json"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"

	"folio/domain"
	"folio/store"
)

// MarshalVisibilityScalar writes a visibility as its string: GraphQL enum
// values cannot hold '-', and REST needs "in-collection" and "share-link".
func MarshalVisibilityScalar(v store.Visibility) graphql.Marshaler {
	if m, ok := quotedVisibilities[v]; ok {
		return m
	}
	return graphql.WriterFunc(func(w io.Writer) { io.WriteString(w, strconv.Quote(string(v))) })
}

// quotedVisibilities are the marshalers of the six visibilities, made
// once: every space of a list has one.
var quotedVisibilities = func() map[store.Visibility]graphql.Marshaler {
	m := map[store.Visibility]graphql.Marshaler{}
	for _, v := range []store.Visibility{store.VisibilityPublic, store.VisibilityUnlisted, store.VisibilityShareLink,
		store.VisibilityVisitorAuth, store.VisibilityInCollection, store.VisibilityPrivate} {
		quoted := []byte(strconv.Quote(string(v)))
		m[v] = graphql.WriterFunc(func(w io.Writer) { w.Write(quoted) })
	}
	return m
}()

// UnmarshalVisibilityScalar accepts one of the six visibilities. The scalar
// is only used by fields named visibility, so the error can name it.
func UnmarshalVisibilityScalar(v any) (store.Visibility, error) {
	s, ok := v.(string)
	if vis := store.Visibility(s); ok && vis.Valid() {
		return vis, nil
	}
	return "", domain.Invalid("visibility", "must be one of public, unlisted, share-link, visitor-auth, in-collection, private")
}

// MarshalCustomFieldTypeScalar writes a field type as its string.
func MarshalCustomFieldTypeScalar(t store.CustomFieldType) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) { io.WriteString(w, strconv.Quote(string(t))) })
}

// UnmarshalCustomFieldTypeScalar accepts one of the field types (only fields
// named type use it).
func UnmarshalCustomFieldTypeScalar(v any) (store.CustomFieldType, error) {
	s, ok := v.(string)
	if t := store.CustomFieldType(s); ok && t.Valid() {
		return t, nil
	}
	return "", domain.Invalid("type", "must be one of text, number, boolean, single-select, multi-select, tags")
}

// Collection is a collection seen by the caller.
type Collection struct {
	store.Collection
	Viewer Access // the caller's access to the collection's organization
	base   Base
}

func NewCollection(b Base, c store.Collection, viewer Access) Collection {
	return Collection{Collection: c, Viewer: viewer, base: b}
}

func (Collection) Object() string { return "collection" }

func (c Collection) Organization() string { return c.OrganizationID }

func (c Collection) Parent() *string { return c.ParentID }

// Role is the caller's effective role inside the collection: the highest of
// their organization role and the default level that applies there.
func (c Collection) Role() *domain.Role { return domain.Highest(c.Viewer.Role, c.EffectiveLevel) }

func (c Collection) Urls() CollectionURLs {
	return CollectionURLs{
		Location: string(c.base) + "/v1/collections/" + c.ID,
		App:      string(c.base) + "/app/o/" + c.OrganizationID + "/c/" + c.ID,
	}
}

func (c Collection) Permissions() CollectionPermissions {
	r := c.Role()
	return CollectionPermissions{
		View: r.AtLeast(domain.RoleRead), Admin: r.AtLeast(domain.RoleAdmin),
		ViewInviteLinks: r.AtLeast(domain.RoleAdmin), Create: r.AtLeast(domain.RoleCreate),
	}
}

// Space is a space seen by the caller.
type Space struct {
	*store.Space        // the row read, not a copy of it (a list or a site tree holds a thousand)
	Viewer       Access // the caller's access to the space's organization
	base         Base
}

// NewSpace sees the row s for a caller. It keeps s itself: the row must
// not change while the model is in use (rows read are never written to).
func NewSpace(b Base, s *store.Space, viewer Access) Space {
	return Space{Space: s, Viewer: viewer, base: b}
}

func (Space) Object() string { return "space" }

// MergeRules: a space follows its organization's merge rules.
func (Space) MergeRules() json.RawMessage { return json.RawMessage(`{"type":"inherit"}`) }

func (s Space) Organization() string { return s.OrganizationID }

func (s Space) Parent() *string { return s.ParentID }

// Role is the caller's effective role in the space: the highest of their
// organization role and the default level that applies to the space.
func (s Space) Role() *domain.Role { return domain.Highest(s.Viewer.Role, s.EffectiveLevel) }

func (s Space) Urls() SpaceURLs {
	// Only public and unlisted spaces are published on their own (the
	// reader serves them at /s/{id}). A share-link, visitor-auth or
	// in-collection space is read through the sites that hold it: it has
	// no address of its own that could check a key or a token, so it gets
	// none rather than a link that answers 404.
	base := string(s.base)
	u := SpaceURLs{Location: base + "/v1/spaces/" + s.ID, App: base + "/app/o/" + s.OrganizationID + "/s/" + s.ID}
	if s.Visibility == store.VisibilityPublic || s.Visibility == store.VisibilityUnlisted {
		// The public address is the published one: one string for both.
		reader := base + "/s/" + s.ID
		u.Published = &reader
		if s.Visibility == store.VisibilityPublic {
			u.Public = &reader
		}
	}
	return u
}

func (s Space) Permissions() SpacePermissions {
	r, m := s.Role(), s.EditMode
	if i := roleIndex(r); i >= 0 && (m == store.EditLive || m == store.EditLocked) {
		return spacePermissionTable[i][lockedIndex(m)]
	}
	return spacePermissionsOf(r, m)
}

// spacePermissionsOf is the permissions object of an effective role in a
// space of an edit mode, from store's one table of the rules.
func spacePermissionsOf(r *domain.Role, m store.EditMode) SpacePermissions {
	can := func(p store.SpacePermission) bool { return store.SpaceAllows(r, m, p) }
	return SpacePermissions{
		View: can(store.PermView), Access: can(store.PermAccess),
		Admin: can(store.PermAdmin), ViewInviteLinks: can(store.PermViewInviteLinks), InstallIntegration: can(store.PermInstallIntegration),
		Edit: can(store.PermEdit), TriggerGitSync: can(store.PermTriggerGitSync),
		Merge: can(store.PermMerge), Review: can(store.PermReview), Comment: can(store.PermComment),
	}
}

// tableRoles are the effective roles of spacePermissionTable, after nil.
var tableRoles = []domain.Role{domain.RoleRead, domain.RoleComment, domain.RoleReview, domain.RoleEdit, domain.RoleCreate, domain.RoleAdmin}

// spacePermissionTable is spacePermissionsOf for every role (nil first,
// then tableRoles) and edit mode (live, locked), worked out once: each
// space of a list otherwise looked its ten flags up in the rules and
// ranked its role twenty times.
var spacePermissionTable = func() (t [7][2]SpacePermissions) {
	for i := range t {
		var r *domain.Role
		if i > 0 {
			r = &tableRoles[i-1]
		}
		t[i][0] = spacePermissionsOf(r, store.EditLive)
		t[i][1] = spacePermissionsOf(r, store.EditLocked)
	}
	return t
}()

// roleIndex is r's row in spacePermissionTable, or -1 for a role it lacks.
func roleIndex(r *domain.Role) int {
	if r == nil {
		return 0
	}
	for i, t := range tableRoles {
		if *r == t {
			return i + 1
		}
	}
	return -1
}

func lockedIndex(m store.EditMode) int {
	if m == store.EditLocked {
		return 1
	}
	return 0
}

// MemberSpace is a space a member can access, with their role in it.
type MemberSpace struct {
	Permission domain.Role
	Space      Space
}

// CustomField is a custom field definition seen by the caller.
type CustomField struct {
	store.CustomField
	Viewer Access
	base   Base
}

func NewCustomField(b Base, f store.CustomField, viewer Access) CustomField {
	return CustomField{CustomField: f, Viewer: viewer, base: b}
}

func (CustomField) Object() string { return "custom-field" }

func (f CustomField) Urls() CustomFieldURLs {
	return CustomFieldURLs{Location: string(f.base) + "/v1/orgs/" + f.OrganizationID + "/custom-fields/" + f.Name}
}

func (f CustomField) Permissions() CustomFieldPermissions {
	return CustomFieldPermissions{View: f.Viewer.Member, Edit: f.Viewer.Role.AtLeast(domain.RoleAdmin)}
}

// Readable reports whether the caller may read the space's content, as
// space(id) decides: a member of its organization whose role or the space's
// default level gives one. A space reached through a published site's
// structure is shown to its whole audience, but only its own fields.
func (s Space) Readable() bool { return s.Viewer.Member && s.Role() != nil }
