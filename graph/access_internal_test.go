package graph

import (
	"context"
	"strings"
	"testing"

	"folio/domain"
	"folio/graph/loader"
	"folio/store"
	"folio/store/pgtest"
)

// TestAccessChecks runs the resolvers' access checks (viewer.go, space.go,
// team.go) over real rows, one caller and one object at a time: who sees,
// who may write, and what everyone else is told. The outcome is the error
// code, "ok" when allowed. rest's permission tests run the same rules
// through HTTP.
func TestAccessChecks(t *testing.T) {
	ctx := context.Background()
	s := pgtest.New(t)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	users := map[string]*store.User{}
	user := func(name string) *store.User {
		u, err := s.EnsureUser(ctx, name+"@example.com", "")
		must(err)
		users[name] = u
		return u
	}
	admin := user("admin")
	org, err := s.CreateOrganization(ctx, admin.ID, "Access", nil)
	must(err)
	other, err := s.CreateOrganization(ctx, admin.ID, "Other", nil)
	must(err)
	for name, r := range map[string]*domain.Role{
		"reader": ptr(domain.RoleRead), "editor": ptr(domain.RoleEdit), "creator": ptr(domain.RoleCreate),
		"guest": nil, "guestOwner": nil, "readerOwner": ptr(domain.RoleRead),
	} {
		_, err := s.AddMember(ctx, s.DB, org.ID, user(name).ID, r)
		must(err)
	}
	user("outsider")
	team, err := s.CreateTeam(ctx, org.ID, "Writers", []string{users["editor"].ID})
	must(err)
	must(s.SetTeamMember(ctx, team, users["guestOwner"].ID, new(domain.TeamOwner)))
	must(s.SetTeamMember(ctx, team, users["readerOwner"].ID, new(domain.TeamOwner)))
	otherTeam, err := s.CreateTeam(ctx, other.ID, "Elsewhere", nil)
	must(err)

	collection := func(o, title string, level *domain.Role) *store.Collection {
		c, err := s.CreateCollection(ctx, o, store.NewCollection{Title: title})
		must(err)
		if level != nil {
			c, err = s.UpdateCollection(ctx, c.ID, store.CollectionPatch{SetDefaultLevel: true, DefaultLevel: level})
			must(err)
		}
		return c
	}
	space := func(in *store.Collection) *store.Space {
		sp, err := s.CreateSpace(ctx, in.OrganizationID, store.NewSpace{Title: in.Title, ParentID: &in.ID, Visibility: store.VisibilityInCollection})
		must(err)
		return sp
	}
	open := collection(org.ID, "open", ptr(domain.RoleRead))
	closed := collection(org.ID, "closed", nil)
	creatable := collection(org.ID, "creatable", ptr(domain.RoleCreate))
	foreign := collection(other.ID, "foreign", nil)
	openSpace, closedSpace := space(open), space(closed)

	r := &Resolver{Store: s}
	actions := map[string]func(ctx context.Context) error{
		"see-open-space":   func(ctx context.Context) error { _, err := r.space(ctx, openSpace.ID); return err },
		"see-closed-space": func(ctx context.Context) error { _, err := r.space(ctx, closedSpace.ID); return err },
		"edit-open-space": func(ctx context.Context) error {
			_, err := r.spaceWithRole(ctx, openSpace.ID, domain.RoleEdit)
			return err
		},
		"see-closed-collection": func(ctx context.Context) error { _, err := r.collection(ctx, closed.ID); return err },
		"admin-open-collection": func(ctx context.Context) error {
			_, err := r.collectionWithRole(ctx, open.ID, domain.RoleAdmin)
			return err
		},
		"create-at-top": func(ctx context.Context) error {
			o, err := r.orgAccess(ctx, org.ID)
			if err != nil {
				return err
			}
			return r.canCreateIn(ctx, o, nil, "parent")
		},
		"create-in-creatable": func(ctx context.Context) error {
			o, err := r.orgAccess(ctx, org.ID)
			if err != nil {
				return err
			}
			return r.canCreateIn(ctx, o, &creatable.ID, "parent")
		},
		"create-in-foreign": func(ctx context.Context) error {
			o, err := r.orgAccess(ctx, org.ID)
			if err != nil {
				return err
			}
			return r.canCreateIn(ctx, o, &foreign.ID, "parent")
		},
		"administer-org":    func(ctx context.Context) error { _, err := r.requireRole(ctx, org.ID, domain.RoleAdmin); return err },
		"manage-team":       func(ctx context.Context) error { _, err := r.manageTeam(ctx, org.ID, team.ID); return err },
		"manage-other-team": func(ctx context.Context) error { _, err := r.manageTeam(ctx, org.ID, otherTeam.ID); return err },
	}
	const ok, notFound, forbidden, invalid = "ok", "NOT_FOUND", "FORBIDDEN", "INVALID"
	cases := []struct {
		action, viewer, want string
	}{
		{"see-open-space", "guest", ok}, // the collection's read level opens it
		{"see-open-space", "outsider", notFound},
		{"see-closed-space", "reader", ok},
		{"see-closed-space", "guest", notFound}, // hidden like an unknown id
		{"see-closed-space", "outsider", notFound},
		{"see-closed-space", "", "UNAUTHENTICATED"},
		{"edit-open-space", "editor", ok},
		{"edit-open-space", "reader", forbidden}, // seen, but too low to write
		{"edit-open-space", "guest", forbidden},
		{"edit-open-space", "outsider", notFound},
		{"see-closed-collection", "reader", ok},
		{"see-closed-collection", "guest", notFound},
		{"admin-open-collection", "admin", ok},
		{"admin-open-collection", "creator", forbidden},
		{"create-at-top", "creator", ok},
		{"create-at-top", "editor", forbidden},
		{"create-at-top", "guest", forbidden},
		{"create-in-creatable", "guest", ok}, // the collection's create level lets a guest create in it
		{"create-in-creatable", "reader", ok},
		{"create-in-foreign", "admin", invalid}, // another organization's collection is no parent
		{"administer-org", "admin", ok},
		{"administer-org", "creator", forbidden},
		{"administer-org", "outsider", notFound},
		{"manage-team", "admin", ok},
		{"manage-team", "readerOwner", ok},
		{"manage-team", "guestOwner", forbidden}, // guests manage no team, even one they own
		{"manage-team", "editor", forbidden},     // a member of the team, not its owner
		{"manage-team", "outsider", notFound},
		{"manage-other-team", "admin", notFound},
	}
	for _, c := range cases {
		t.Run(c.action+"/"+c.viewer+"-"+strings.ToLower(c.want), func(t *testing.T) {
			ctx := context.Background()
			id := ""
			if c.viewer != "" {
				u := users[c.viewer]
				ctx, id = WithViewer(ctx, u), u.ID
			}
			ctx = loader.With(ctx, loader.New(s, id))
			got := ok
			if err := actions[c.action](ctx); err != nil {
				got = string(domain.ErrorCode(err))
			}
			if got != c.want {
				t.Errorf("%s by %s: %s, want %s", c.action, c.viewer, got, c.want)
			}
		})
	}
}
