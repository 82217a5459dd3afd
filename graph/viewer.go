package graph

import (
	"context"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

type viewerKey struct{}

// WithViewer returns a context for requests made by u; the store records
// u as the actor of the events its writes append.
func WithViewer(ctx context.Context, u *store.User) context.Context {
	if u != nil {
		ctx = store.WithActor(ctx, u.ID)
	}
	return context.WithValue(ctx, viewerKey{}, u)
}

// Viewer returns the authenticated caller, or nil.
func Viewer(ctx context.Context) *store.User {
	u, _ := ctx.Value(viewerKey{}).(*store.User)
	return u
}

// viewer returns the caller or an UNAUTHENTICATED error.
func viewer(ctx context.Context) (*store.User, error) {
	if u := Viewer(ctx); u != nil {
		return u, nil
	}
	return nil, domain.Errorf(domain.CodeUnauthenticated, "an API token is required (Authorization: Bearer <token>)")
}

// orgAccess loads an organization the caller is a member of. Organizations
// the caller is not in are NOT_FOUND, exactly like unknown ids.
func (r *Resolver) orgAccess(ctx context.Context, orgID string) (model.Organization, error) {
	u, err := viewer(ctx)
	if err != nil {
		return model.Organization{}, err
	}
	if u == publicReader {
		return model.Organization{}, domain.NotFound("organization") // nobody's member
	}
	oa, err := loader.For(ctx).Organization.LoadNow(ctx, orgID)
	if err != nil {
		return model.Organization{}, err
	}
	return r.org(oa), nil
}

func (r *Resolver) org(oa store.OrganizationAccess) model.Organization {
	return model.NewOrganization(r.Base, oa.Organization,
		model.Access{Member: true, Role: oa.ViewerRole, OwnsTeam: oa.ViewerOwnsTeam})
}

// requireRole loads an organization and checks the caller's role in it:
// FORBIDDEN for members whose role is too low.
func (r *Resolver) requireRole(ctx context.Context, orgID string, min domain.Role) (model.Organization, error) {
	o, err := r.orgAccess(ctx, orgID)
	if err != nil {
		return o, err
	}
	if !o.Access.Role.AtLeast(min) {
		return o, domain.Errorf(domain.CodeForbidden, "this needs the %s role in the organization", min)
	}
	return o, nil
}

// requireListAccess checks that the caller has a role (guests do not) in
// the organization of obj, for lists of its people.
func requireMemberRole(o *model.Organization) error {
	if o.Access.Role == nil {
		return domain.Errorf(domain.CodeForbidden, "guests cannot list the people of an organization")
	}
	return nil
}
