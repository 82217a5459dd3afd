package loader

import (
	"context"

	"folio/store"
)

// PeopleLoaders are the loaders of users, members and teams.
type PeopleLoaders struct {
	User   *Loader[string, store.User]
	Team   *Loader[string, store.Team]
	Member *Loader[store.MemberKey, store.Member]
	// ViewerTeamRole is the caller's role rank in a team: 0 none, store.OwnerRank for owners.
	ViewerTeamRole *Loader[string, int]
	TeamMembers    *Nested[string, store.TeamMembership]
	MemberTeams    *Nested[store.MemberKey, store.TeamMembership]
}

// newPeopleLoaders makes l's people loaders; lists of members and teams
// announce through l what their fields will load.
func newPeopleLoaders(l *Loaders) *PeopleLoaders {
	s, viewerID := l.store, l.viewerID
	return &PeopleLoaders{
		User:   newLoader(s.UsersByID, func(u store.User) string { return u.ID }, "user", nil),
		Team:   newLoader(s.TeamsByID, func(t store.Team) string { return t.ID }, "team", l.TeamsListed),
		Member: newLoader(s.MembersByKey, memberKey, "member", l.MembersListed),
		ViewerTeamRole: newCounter(func(ctx context.Context, ids []string) (map[string]int, error) {
			return s.TeamRolesOfUser(ctx, viewerID, ids)
		}),
		TeamMembers: newNested(s, store.TeamMembers, l.TeamMembershipsListed),
		MemberTeams: newNested(s, store.MemberTeams, l.MemberTeamsListed),
	}
}
