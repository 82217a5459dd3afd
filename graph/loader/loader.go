// Package loader batches the reads of one GraphQL operation: every load of
// the same kind made while resolving one level of a query becomes one SQL
// statement. Loaders are created per operation and read through For.
package loader

import (
	"context"
	"sync"
	"time"

	"folio/domain"
	"folio/store"
)

// wait is how long a loader gathers keys before it runs its batch. The
// library's 16 ms default would add that much latency to every level; keys
// announced with Register do not depend on it at all.
const wait = 500 * time.Microsecond

// Loaders holds one loader per kind of batched read.
type Loaders struct {
	Organization *Loader[string, store.OrganizationAccess]

	// The groups below are made on first use: most operations read one
	// object, and making every loader up front was a sixth of the
	// allocations of a single read.
	store    *store.Store
	viewerID string
	people   lazy[PeopleLoaders]
	spaces   lazy[SpaceLoaders]
	// spaceForViewer is apart from spaces: see SpaceForViewer.
	spaceForViewer lazy[Loader[string, store.SpaceAccess]]
	content        lazy[ContentLoaders]
	comments       lazy[CommentLoaders]
	sites          lazy[SiteLoaders]
	nodes          lazy[Loader[string, store.NodeLocation]]
}

// lazy is a group of loaders, made when a resolver of the operation first
// asks for it.
type lazy[T any] struct {
	once sync.Once
	v    *T
}

func (z *lazy[T]) get(build func() *T) *T {
	z.once.Do(func() { z.v = build() })
	return z.v
}

// People are the loaders of users, members and teams.
func (l *Loaders) People() *PeopleLoaders {
	return l.people.get(func() *PeopleLoaders { return newPeopleLoaders(l) })
}

// Spaces are the loaders of spaces and collections.
func (l *Loaders) Spaces() *SpaceLoaders {
	return l.spaces.get(func() *SpaceLoaders { return newSpaceLoaders(l.store) })
}

// Content are the loaders of revisions, their trees and documents.
func (l *Loaders) Content() *ContentLoaders {
	return l.content.get(func() *ContentLoaders { return newContentLoaders(l.store) })
}

// Comments are the loaders under a list of comments.
func (l *Loaders) Comments() *CommentLoaders {
	return l.comments.get(func() *CommentLoaders { return newCommentLoaders(l.store) })
}

// Sites are the loaders of sites' structure.
func (l *Loaders) Sites() *SiteLoaders {
	return l.sites.get(func() *SiteLoaders { return newSiteLoaders(l.store, l.SiteSpacesListed) })
}

// New creates the loaders of one operation by the user viewerID.
func New(s *store.Store, viewerID string) *Loaders {
	l := &Loaders{store: s, viewerID: viewerID}
	l.Organization = newLoader(func(ctx context.Context, ids []string) ([]store.OrganizationAccess, error) {
		return s.OrganizationsForUser(ctx, viewerID, ids)
	}, func(o store.OrganizationAccess) string { return o.ID }, "organization", nil)
	return l
}

func memberKey(m store.Member) store.MemberKey {
	return store.MemberKey{OrganizationID: m.OrganizationID, UserID: m.UserID}
}

func membershipKey(m store.TeamMembership) store.MemberKey {
	return store.MemberKey{OrganizationID: m.OrganizationID, UserID: m.UserID}
}

// SiteSpacesListed announces the content the spaces of site spaces will read.
func (l *Loaders) SiteSpacesListed(ss []store.SiteSpace) {
	revisions := l.Content().Revision
	for i := range ss { // by index: a site-space row is wide
		revisions.Register(ss[i].Space.RevisionID)
	}
}

// MembersListed announces what the fields of these members will load.
func (l *Loaders) MembersListed(ms []store.Member) {
	people := l.People()
	for _, m := range ms {
		people.User.Register(m.UserID)
		people.MemberTeams.Register(memberKey(m))
	}
}

// TeamsListed announces what the fields of these teams will load.
func (l *Loaders) TeamsListed(ts []store.Team) {
	people := l.People()
	for _, t := range ts {
		people.TeamMembers.Register(t.ID)
		people.ViewerTeamRole.Register(t.ID)
	}
}

// TeamMembershipsListed announces the members behind team memberships.
func (l *Loaders) TeamMembershipsListed(ms []store.TeamMembership) {
	members := l.People().Member
	for _, m := range ms {
		members.Register(membershipKey(m))
	}
}

// MemberTeamsListed announces the teams behind a member's memberships.
func (l *Loaders) MemberTeamsListed(ms []store.TeamMembership) {
	teams := l.People().Team
	for _, m := range ms {
		teams.Register(m.TeamID)
	}
}

// CommentsListed announces what the fields of these comments of a thread
// will load, the thread's current revision head among them (their targets'
// pages are looked up there).
func (l *Loaders) CommentsListed(head string, cs []store.Comment) {
	l.Comments().CommentsListed(cs)
	l.Content().Revision.Register(head)
}

// ChangeRequestsListed announces the users behind these change requests.
func (l *Loaders) ChangeRequestsListed(crs []store.ChangeRequest) {
	users := l.People().User
	for _, cr := range crs {
		users.Register(cr.CreatedBy)
		if cr.MergedBy != nil {
			users.Register(*cr.MergedBy)
		}
	}
}

// InvitationsListed announces the users who sent these invitations.
func (l *Loaders) InvitationsListed(is []store.Invitation) {
	users := l.People().User
	for _, i := range is {
		if i.InviterID != nil {
			users.Register(*i.InviterID)
		}
	}
}

// SAMLProvidersListed announces the default teams of these providers.
func (l *Loaders) SAMLProvidersListed(ps []store.SAMLProvider) {
	teams := l.People().Team
	for _, p := range ps {
		if p.DefaultTeamID != nil {
			teams.Register(*p.DefaultTeamID)
		}
	}
}

func notFound(what string) error { return domain.NotFound(what) }

type ctxKey struct{}

// With returns a context carrying l.
func With(ctx context.Context, l *Loaders) context.Context {
	return context.WithValue(ctx, ctxKey{}, l)
}

// For returns the loaders of the operation running in ctx.
func For(ctx context.Context) *Loaders {
	return ctx.Value(ctxKey{}).(*Loaders)
}
