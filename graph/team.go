package graph

import (
	"context"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// canManageTeam: organization admins manage every team, owners their own.
func (r *Resolver) canManageTeam(ctx context.Context, a model.Access, teamID string) (bool, error) {
	if a.Role.AtLeast(domain.RoleAdmin) {
		return true, nil
	}
	if a.Role == nil {
		return false, nil
	}
	rank, err := loader.For(ctx).People().ViewerTeamRole.Load(ctx, teamID)
	return rank == store.OwnerRank, err
}

// manageTeam loads the organization and checks that the caller may manage
// the team: FORBIDDEN otherwise, NOT_FOUND for teams of other organizations.
func (r *Resolver) manageTeam(ctx context.Context, orgID, teamID string) (model.Organization, error) {
	org, err := r.orgAccess(ctx, orgID)
	if err != nil {
		return org, err
	}
	if _, err := r.team(ctx, &org, teamID); err != nil {
		return org, err
	}
	ok, err := r.canManageTeam(ctx, org.Access, teamID)
	if err != nil {
		return org, err
	}
	if !ok {
		return org, domain.Errorf(domain.CodeForbidden, "only organization admins and team owners can manage a team")
	}
	return org, nil
}
