// Package model holds the GraphQL object types. Each wraps a store row with
// what the API adds to it: the object discriminator, URLs built from the
// public base URL, and permissions computed from the caller's access, so
// that none of these needs a resolver (and its goroutine) per object.
package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/99designs/gqlgen/graphql"

	"folio/domain"
	"folio/store"
)

// Base is the public URL of the server, without a trailing slash.
type Base string

// MarshalJSONScalar writes a JSON scalar compacted (jsonb columns read back
// with spaces, and REST shaping reads gqlgen's compact output); empty is null.
func MarshalJSONScalar(v json.RawMessage) graphql.Marshaler {
	return graphql.WriterFunc(func(w io.Writer) {
		if len(v) == 0 {
			io.WriteString(w, "null")
			return
		}
		// Valid JSON without a byte of white space is compact already
		// (a newline or tab cannot be inside a string unescaped, and a
		// space anywhere takes the long way): mergeRules and the like, in
		// every object of a list, are written as they are.
		if bytes.IndexAny(v, " \t\r\n") < 0 && json.Valid(v) {
			w.Write(v)
			return
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, v); err != nil {
			io.WriteString(w, "null")
			return
		}
		w.Write(buf.Bytes())
	})
}

// UnmarshalJSONScalar accepts any JSON value.
func UnmarshalJSONScalar(v any) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("not a JSON value")
	}
	return b, nil
}

// Access is what the caller is to an organization.
type Access struct {
	Member   bool         // has a membership (possibly as a guest)
	Role     *domain.Role // nil for guests and non-members
	OwnsTeam bool
}

// User is a person with an account.
type User struct {
	store.User
	base Base
}

func NewUser(b Base, u store.User) User { return User{User: u, base: b} }

func (User) Object() string { return "user" }

func (u User) Urls() UserURLs { return UserURLs{Location: string(u.base) + "/v1/users/" + u.ID} }

// Organization is an organization seen by the caller.
type Organization struct {
	store.Organization
	Access Access
	base   Base
}

func NewOrganization(b Base, o store.Organization, a Access) Organization {
	return Organization{Organization: o, Access: a, base: b}
}

func (Organization) Object() string { return "organization" }

// MergeRules: Folio enforces no merge rules of an organization's own.
func (Organization) MergeRules() json.RawMessage { return json.RawMessage(`{"type":"none"}`) }

func (Organization) InternalIsOnNewTrial() *bool { t := true; return &t }

func (Organization) Trial() OrganizationTrial {
	return OrganizationTrial{Status: "notapplicable", Count: 0}
}

func (o *Organization) DefaultContent() json.RawMessage { return o.Organization.DefaultContent }

func (o *Organization) Sso() *bool { return &o.SSO }

func (o *Organization) Ai() *bool { return &o.AI }

func (o *Organization) Urls() OrganizationURLs {
	return OrganizationURLs{
		Location: string(o.base) + "/v1/orgs/" + o.ID,
		App:      string(o.base) + "/app/o/" + o.ID,
		Logo:     o.LogoURL,
	}
}

func (o *Organization) Permissions() OrganizationPermissions {
	a := o.Access
	admin := a.Role.AtLeast(domain.RoleAdmin)
	create := a.Role.AtLeast(domain.RoleCreate)
	withRole := a.Role != nil
	return OrganizationPermissions{
		View: a.Member, Access: a.Member, Admin: admin, OwnTeam: a.OwnsTeam,
		CreateContent: create, CreateOpenAPISpec: create, ViewBilling: admin,
		ListMembers: withRole, ListTeams: withRole, ListIntegrations: withRole,
		ListInstallations: admin, InstallIntegration: admin,
	}
}

// Member is a membership seen by the caller.
type Member struct {
	store.Member
	Viewer Access // the caller's access to the member's organization
}

func (Member) Object() string { return "member" }

func (m Member) ID() string { return m.UserID }

// Spaces counts the spaces the member was given access to one by one.
// Folio grants space access through roles and defaults only, so none is.
func (Member) Spaces() int { return 0 }

// Sites counts the sites the member was given access to one by one; as
// with spaces, Folio grants none that way.
func (Member) Sites() int { return 0 }

// Team is a team seen by the caller.
type Team struct {
	store.Team
	Viewer Access
}

func (Team) Object() string { return "team" }

// Spaces counts the spaces shared with the team; Folio shares content
// through roles and defaults, not with teams, so none is.
func (Team) Spaces() int { return 0 }

// TeamMember is one member of a team.
type TeamMember struct {
	store.TeamMembership
	Viewer Access
}

func (m TeamMember) Team() TeamMemberRoleInfo { return TeamMemberRoleInfo{Role: m.Role} }

func (m TeamMember) Permissions() TeamMemberPermissions {
	return TeamMemberPermissions{View: m.Viewer.Role != nil}
}

// MemberTeam is one team of a member.
type MemberTeam struct {
	store.TeamMembership
	Viewer Access
}

func (m MemberTeam) Member() TeamMemberRoleInfo { return TeamMemberRoleInfo{Role: m.Role} }

// Invite is an invite link seen by the caller.
type Invite struct {
	store.Invite
	Viewer Access
}

func (Invite) Object() string { return "invite" }

// Redundant is true when the caller's role already covers the invite's.
func (i Invite) Redundant() bool {
	if !i.Viewer.Member {
		return false
	}
	if i.Role == nil {
		return true
	}
	return i.Viewer.Role.AtLeast(*i.Role)
}

// SAMLProvider is a SAML identity provider.
type SAMLProvider struct {
	store.SAMLProvider
	Viewer Access
	base   Base
}

func NewSAMLProvider(b Base, p store.SAMLProvider, viewer Access) SAMLProvider {
	return SAMLProvider{SAMLProvider: p, Viewer: viewer, base: b}
}

func (SAMLProvider) Object() string { return "saml-provider" }

func (p SAMLProvider) SsoURL() *string { return opt(p.SSOURL) }

func (p SAMLProvider) Status() string {
	if p.SSOURL != "" && p.EntityID != "" && p.Certificate != "" {
		return "active"
	}
	return "pending"
}

func (p SAMLProvider) serviceBase() string {
	return string(p.base) + "/sso/saml/" + p.OrganizationID + "/" + p.ID
}

func (p SAMLProvider) Service() SAMLService {
	return SAMLService{AcsURL: p.serviceBase() + "/acs", StartURL: p.serviceBase() + "/start", EntityID: p.serviceBase()}
}

// StartURL is where a member starts signing in through this provider.
func (p SAMLProvider) StartURL() string { return p.serviceBase() + "/start" }

func (p SAMLProvider) Urls() SAMLProviderURLs {
	return SAMLProviderURLs{Location: string(p.base) + "/v1/orgs/" + p.OrganizationID + "/saml/" + p.ID}
}

// MarshalDateTimeScalar writes a time as gqlgen's Time does (RFC 3339 with
// nanoseconds; the zero time is null).
func MarshalDateTimeScalar(t time.Time) graphql.Marshaler { return graphql.MarshalTime(t) }

// UnmarshalDateTimeScalar reads an RFC 3339 date and time as gqlgen's
// Time does, but refuses anything else as INVALID: gqlgen's own error
// would be an internal one (a 500 for a client's typo).
func UnmarshalDateTimeScalar(v any) (time.Time, error) {
	if s, ok := v.(string); ok {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, domain.Errorf(domain.CodeInvalid, "a DateTime must be an RFC 3339 date and time, such as 2030-01-31T09:00:00Z")
}
