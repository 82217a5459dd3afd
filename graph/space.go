package graph

import (
	"context"
	"regexp"
	"unicode/utf8"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// Access to spaces and collections: a caller's effective role on one is the
// highest of their organization role and the default level that applies to
// it (the model's Role). Objects of organizations the caller is not in, and
// objects their effective role does not open, are NOT_FOUND like unknown
// ids; known objects whose role is too low for a write are FORBIDDEN.

// space loads a live space the caller can see.
func (r *Resolver) space(ctx context.Context, id string) (model.Space, error) {
	if _, err := viewer(ctx); err != nil {
		return model.Space{}, err
	}
	// One statement reads the space and the caller's membership of its
	// organization.
	sa, err := loader.For(ctx).SpaceForViewer().LoadNow(ctx, id)
	if err != nil {
		return model.Space{}, err
	}
	if !sa.ViewerMember {
		return model.Space{}, domain.NotFound("space")
	}
	m := model.NewSpace(r.Base, &sa.Space, model.Access{Member: true, Role: sa.ViewerRole, OwnsTeam: sa.ViewerOwnsTeam})
	if m.Role() == nil {
		return model.Space{}, domain.NotFound("space")
	}
	return m, nil
}

// seeSpace wraps a space row for the caller, NOT_FOUND if they cannot see it.
func (r *Resolver) seeSpace(ctx context.Context, sp store.Space) (model.Space, error) {
	org, err := r.orgAccess(ctx, sp.OrganizationID)
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return model.Space{}, domain.NotFound("space")
		}
		return model.Space{}, err
	}
	m := model.NewSpace(r.Base, &sp, org.Access)
	if m.Role() == nil {
		return model.Space{}, domain.NotFound("space")
	}
	return m, nil
}

// spaceWithRole loads a live space and checks the caller's effective role.
func (r *Resolver) spaceWithRole(ctx context.Context, id string, min domain.Role) (model.Space, error) {
	sp, err := r.space(ctx, id)
	if err != nil {
		return sp, err
	}
	return sp, needRole(sp.Role(), min, "space")
}

// collection loads a collection the caller can see.
func (r *Resolver) collection(ctx context.Context, id string) (model.Collection, error) {
	if _, err := viewer(ctx); err != nil {
		return model.Collection{}, err
	}
	c, err := loader.For(ctx).Spaces().Collection.LoadNow(ctx, id)
	if err != nil {
		return model.Collection{}, err
	}
	org, err := r.orgAccess(ctx, c.OrganizationID)
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return model.Collection{}, domain.NotFound("collection")
		}
		return model.Collection{}, err
	}
	m := model.NewCollection(r.Base, c, org.Access)
	if m.Role() == nil {
		return model.Collection{}, domain.NotFound("collection")
	}
	return m, nil
}

// collectionWithRole loads a collection and checks the caller's effective role.
func (r *Resolver) collectionWithRole(ctx context.Context, id string, min domain.Role) (model.Collection, error) {
	c, err := r.collection(ctx, id)
	if err != nil {
		return c, err
	}
	return c, needRole(c.Role(), min, "collection")
}

func needRole(have *domain.Role, min domain.Role, what string) error {
	if !have.AtLeast(min) {
		return domain.Errorf(domain.CodeForbidden, "this needs the %s role on the %s", min, what)
	}
	return nil
}

// canCreateIn checks that the caller may add content under parentID (nil:
// the top level of org): the create role there. field names the input that
// named the parent; an unknown or foreign parent is invalid input.
func (r *Resolver) canCreateIn(ctx context.Context, org model.Organization, parentID *string, field string) error {
	if parentID == nil {
		return needRole(org.Access.Role, domain.RoleCreate, "organization")
	}
	c, err := loader.For(ctx).Spaces().Collection.Load(ctx, *parentID)
	if err != nil || c.OrganizationID != org.ID {
		if err == nil || domain.ErrorCode(err) == domain.CodeNotFound {
			return domain.Invalid(field, "collection %q is not in this organization", *parentID)
		}
		return err
	}
	return needRole(domain.Highest(org.Access.Role, c.EffectiveLevel), domain.RoleCreate, "parent collection")
}

// moveTarget reads a move input: the new parent (absent: the parent of the
// sibling named by the position, else the current one) and the position.
func (r *Resolver) moveTarget(ctx context.Context, orgID string, current *string, in model.MoveInput) (*string, store.Position, error) {
	var pos store.Position
	if !in.Parent.IsSet() && in.Position == nil {
		return nil, pos, domain.Invalid("input", "parent or position is required")
	}
	var err error
	if in.Position != nil {
		if pos.Before, err = pointer(in.Position.Before, "position.before"); err != nil {
			return nil, pos, err
		}
		if pos.After, err = pointer(in.Position.After, "position.after"); err != nil {
			return nil, pos, err
		}
	}
	if in.Parent.IsSet() {
		return in.Parent.Value(), pos, nil
	}
	sibling := pos.Before
	if sibling == nil {
		sibling = pos.After
	}
	if sibling == nil {
		return current, pos, nil
	}
	parent, err := r.parentOf(ctx, orgID, sibling)
	return parent, pos, err
}

// parentOf returns the parent of a sibling named in a position.
func (r *Resolver) parentOf(ctx context.Context, orgID string, p *store.Pointer) (*string, error) {
	l := loader.For(ctx).Spaces()
	var parent *string
	var org string
	if p.Type == "space" {
		sp, err := l.Space.Load(ctx, p.ID)
		if err != nil {
			return nil, domain.Invalid("position", "space %q is not in this organization", p.ID)
		}
		parent, org = sp.ParentID, sp.OrganizationID
	} else {
		c, err := l.Collection.Load(ctx, p.ID)
		if err != nil {
			return nil, domain.Invalid("position", "collection %q is not in this organization", p.ID)
		}
		parent, org = c.ParentID, c.OrganizationID
	}
	if org != orgID {
		return nil, domain.Invalid("position", "%s %q is not in this organization", p.Type, p.ID)
	}
	return parent, nil
}

// pointer checks a sibling pointer: {type: space, space} or {type: collection, collection}.
func pointer(in *model.ContentPointerInput, field string) (*store.Pointer, error) {
	if in == nil {
		return nil, nil
	}
	switch {
	case in.Type == "space" && in.Space != nil && in.Collection == nil:
		return &store.Pointer{Type: "space", ID: *in.Space}, nil
	case in.Type == "collection" && in.Collection != nil && in.Space == nil:
		return &store.Pointer{Type: "collection", ID: *in.Collection}, nil
	}
	return nil, domain.Invalid(field, `must be {"type": "space", "space": id} or {"type": "collection", "collection": id}`)
}

// transferTarget checks that the caller administers both organizations.
func (r *Resolver) transferTarget(ctx context.Context, from, to string) error {
	src, err := r.orgAccess(ctx, from)
	if err != nil {
		return err
	}
	if err := requireAdmin(&src); err != nil {
		return err
	}
	if from == to {
		return domain.Invalid("organization", "is already the owner; use move to change the place inside an organization")
	}
	dst, err := r.orgAccess(ctx, to)
	if err != nil {
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return domain.Invalid("organization", "organization %q not found", to)
		}
		return err
	}
	if err := requireAdmin(&dst); err != nil {
		return domain.Errorf(domain.CodeForbidden, "a transfer needs the admin role in the target organization")
	}
	return nil
}

// checkEmoji accepts an emoji character sequence or its hex code points
// ("1f389", "1f1eb-1f1f7").
func checkEmoji(e string) error {
	if e == "" || emojiCodes.MatchString(e) {
		return nil
	}
	for _, c := range e {
		if c < 0x80 || c == utf8.RuneError {
			return domain.Invalid("emoji", "must be an emoji or its hexadecimal code points")
		}
	}
	return nil
}

// visibilityIn checks a visibility against the space's place.
func visibilityIn(v store.Visibility, parentID *string) error {
	if v == store.VisibilityInCollection && parentID == nil {
		return domain.Invalid("visibility", "in-collection is only for spaces inside a collection")
	}
	return nil
}

var emojiCodes = regexp.MustCompile(`^[0-9a-fA-F]{4,6}(-[0-9a-fA-F]{4,6})*$`)
