package store_test

import (
	"slices"
	"strings"
	"testing"

	"folio/domain"
	"folio/store"
	"folio/store/pgtest"
)

// The permission rules where they live: the order of roles, the table of a
// space's permission flags, and, with rows, the default levels a space or
// collection inherits, what guests may list, what a member's access reads,
// and the last admin. graph/model and graph test how the GraphQL layer
// combines them; rest tests them end to end.

func role(r domain.Role) *domain.Role { return &r }

// allRoles are the roles from least to most capable, the guest (nil) first.
var allRoles = []*domain.Role{nil, role(domain.RoleRead), role(domain.RoleComment), role(domain.RoleReview),
	role(domain.RoleEdit), role(domain.RoleCreate), role(domain.RoleAdmin)}

func roleName(r *domain.Role) string {
	if r == nil {
		return "guest"
	}
	return string(*r)
}

func TestRoleAtLeast(t *testing.T) {
	// want[i] lists the minimum roles allRoles[i] reaches.
	want := map[string]string{
		"guest":   "",
		"read":    "read",
		"comment": "read comment",
		"review":  "read comment review",
		"edit":    "read comment review edit",
		"create":  "read comment review edit create",
		"admin":   "read comment review edit create admin",
	}
	for _, r := range allRoles {
		var got []string
		for _, min := range allRoles[1:] {
			if r.AtLeast(*min) {
				got = append(got, string(*min))
			}
		}
		if g := strings.Join(got, " "); g != want[roleName(r)] {
			t.Errorf("%s reaches %q, want %q", roleName(r), g, want[roleName(r)])
		}
	}
	if unknown := domain.Role("owner"); unknown.Valid() || (&unknown).AtLeast(domain.RoleRead) {
		t.Error("an unknown role is valid or grants read")
	}
	for _, r := range allRoles[1:] {
		if !r.Valid() {
			t.Errorf("%s is not valid", *r)
		}
	}
}

func TestRoleHighest(t *testing.T) {
	cases := []struct {
		name string
		a, b *domain.Role
		want *domain.Role
	}{
		{"two-guests-stay-guests", nil, nil, nil},
		{"guest-with-a-level-takes-the-level", nil, role(domain.RoleRead), role(domain.RoleRead)},
		{"level-without-a-member-role-is-the-level", role(domain.RoleComment), nil, role(domain.RoleComment)},
		{"higher-level-lifts-the-role", role(domain.RoleRead), role(domain.RoleEdit), role(domain.RoleEdit)},
		{"lower-level-keeps-the-role", role(domain.RoleAdmin), role(domain.RoleRead), role(domain.RoleAdmin)},
		{"equal-roles-keep-it", role(domain.RoleReview), role(domain.RoleReview), role(domain.RoleReview)},
		{"create-above-edit", role(domain.RoleEdit), role(domain.RoleCreate), role(domain.RoleCreate)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := domain.Highest(c.a, c.b); roleName(got) != roleName(c.want) {
				t.Errorf("Highest(%s, %s) = %s, want %s", roleName(c.a), roleName(c.b), roleName(got), roleName(c.want))
			}
		})
	}
}

var allFlags = []store.SpacePermission{store.PermView, store.PermAccess, store.PermComment, store.PermReview,
	store.PermEdit, store.PermMerge, store.PermTriggerGitSync, store.PermAdmin, store.PermViewInviteLinks, store.PermInstallIntegration}

// TestSpacePermissionTable spells out the flags each effective role gets in
// a live and in a locked space: the table docs/api/content.md documents
// (Permissions).
func TestSpacePermissionTable(t *testing.T) {
	const (
		reads    = "view access"
		comments = reads + " comment"
		reviews  = comments + " review"
		edits    = reviews + " edit merge triggerGitSync"
		admins   = edits + " admin viewInviteLinks installIntegration"
		lockedA  = reviews + " admin viewInviteLinks installIntegration"
	)
	cases := []struct {
		name string
		role *domain.Role
		mode store.EditMode
		want string
	}{
		{"guest-without-a-level-gets-nothing", nil, store.EditLive, ""},
		{"guest-in-a-locked-space-gets-nothing", nil, store.EditLocked, ""},
		{"reader-views", role(domain.RoleRead), store.EditLive, reads},
		{"reader-views-a-locked-space", role(domain.RoleRead), store.EditLocked, reads},
		{"commenter-comments", role(domain.RoleComment), store.EditLive, comments},
		{"commenter-comments-when-locked", role(domain.RoleComment), store.EditLocked, comments},
		{"reviewer-reviews", role(domain.RoleReview), store.EditLive, reviews},
		{"reviewer-reviews-when-locked", role(domain.RoleReview), store.EditLocked, reviews},
		{"editor-edits-merges-syncs", role(domain.RoleEdit), store.EditLive, edits},
		{"editor-loses-edit-merge-sync-when-locked", role(domain.RoleEdit), store.EditLocked, reviews},
		{"creator-edits-as-an-editor", role(domain.RoleCreate), store.EditLive, edits},
		{"creator-loses-edit-when-locked", role(domain.RoleCreate), store.EditLocked, reviews},
		{"admin-gets-everything", role(domain.RoleAdmin), store.EditLive, admins},
		{"admin-keeps-admin-but-not-edit-when-locked", role(domain.RoleAdmin), store.EditLocked, lockedA},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := strings.Fields(c.want)
			for _, f := range allFlags {
				if got := store.SpaceAllows(c.role, c.mode, f); got != slices.Contains(want, string(f)) {
					t.Errorf("%s in a %s space: %s = %v", roleName(c.role), c.mode, f, got)
				}
			}
		})
	}
	t.Run("unknown-flag-granted-to-nobody", func(t *testing.T) {
		if store.SpaceAllows(role(domain.RoleAdmin), store.EditLive, "delete") {
			t.Error("an admin holds a flag the table does not define")
		}
	})
}

// TestSpaceRequire: a role too low is FORBIDDEN whatever the lock, and only
// a flag the lock withholds from a role high enough is CONFLICT.
func TestSpaceRequire(t *testing.T) {
	cases := []struct {
		name string
		role *domain.Role
		mode store.EditMode
		flag store.SpacePermission
		want domain.Code // "" for allowed
		msg  string
	}{
		{"guest-forbidden-to-view", nil, store.EditLive, store.PermView, domain.CodeForbidden, "the view permission on the space (the read role)"},
		{"reader-forbidden-to-comment", role(domain.RoleRead), store.EditLive, store.PermComment, domain.CodeForbidden, "(the comment role)"},
		{"reader-forbidden-to-edit-a-locked-space-not-conflict", role(domain.RoleRead), store.EditLocked, store.PermEdit, domain.CodeForbidden, "the edit permission"},
		{"reviewer-forbidden-to-merge", role(domain.RoleReview), store.EditLive, store.PermMerge, domain.CodeForbidden, "the merge permission on the space (the edit role)"},
		{"editor-forbidden-to-administer", role(domain.RoleEdit), store.EditLive, store.PermAdmin, domain.CodeForbidden, "(the admin role)"},
		{"editor-allowed-to-edit", role(domain.RoleEdit), store.EditLive, store.PermEdit, "", ""},
		{"editor-conflict-editing-a-locked-space", role(domain.RoleEdit), store.EditLocked, store.PermEdit, domain.CodeConflict, "locked"},
		{"admin-conflict-merging-a-locked-space", role(domain.RoleAdmin), store.EditLocked, store.PermMerge, domain.CodeConflict, "locked"},
		{"admin-conflict-syncing-a-locked-space", role(domain.RoleAdmin), store.EditLocked, store.PermTriggerGitSync, domain.CodeConflict, "locked"},
		{"commenter-allowed-to-comment-in-a-locked-space", role(domain.RoleComment), store.EditLocked, store.PermComment, "", ""},
		{"admin-allowed-to-administer-a-locked-space", role(domain.RoleAdmin), store.EditLocked, store.PermAdmin, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := store.SpaceRequire(c.role, c.mode, c.flag)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if domain.ErrorCode(err) != c.want || !strings.Contains(domain.ErrorMessage(err), c.msg) {
				t.Fatalf("error %v (%s), want %s mentioning %q", err, domain.ErrorCode(err), c.want, c.msg)
			}
		})
	}
}

// levelFixture is an organization whose collections and spaces set default
// levels at every depth:
//
//	top            no level            (space: own comment)
//	open           read                (space: none)
//	  open/mid     none                (space: none, and one with own read)
//	    open/mid/edit  edit            (space: none, and one with own read)
//	closed         none                (space: none)
type levelFixture struct {
	s      *store.Store
	org    string
	admin  string
	colls  map[string]*store.Collection
	spaces map[string]*store.Space
}

func newLevelFixture(t *testing.T) *levelFixture {
	t.Helper()
	ctx := t.Context()
	s := pgtest.New(t)
	u := must(s.EnsureUser(ctx, "admin@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, u.ID, "Levels", nil))(t)
	f := &levelFixture{s: s, org: org.ID, admin: u.ID, colls: map[string]*store.Collection{}, spaces: map[string]*store.Space{}}
	collection := func(name string, parent string, level *domain.Role) {
		var pid *string
		if parent != "" {
			pid = &f.colls[parent].ID
		}
		c := must(s.CreateCollection(ctx, org.ID, store.NewCollection{Title: name, ParentID: pid}))(t)
		if level != nil {
			must(s.UpdateCollection(ctx, c.ID, store.CollectionPatch{SetDefaultLevel: true, DefaultLevel: level}))(t)
		}
		f.colls[name] = c
	}
	space := func(name, in string, level *domain.Role) {
		var pid *string
		if in != "" {
			pid = &f.colls[in].ID
		}
		sp := must(s.CreateSpace(ctx, org.ID, store.NewSpace{Title: name, ParentID: pid, Visibility: store.VisibilityPrivate}))(t)
		if level != nil {
			must(s.UpdateSpace(ctx, sp.ID, store.SpacePatch{SetDefaultLevel: true, DefaultLevel: level}))(t)
		}
		f.spaces[name] = sp
	}
	collection("open", "", role(domain.RoleRead))
	collection("open/mid", "open", nil)
	collection("open/mid/edit", "open/mid", role(domain.RoleEdit))
	collection("closed", "", nil)
	space("top", "", nil)
	space("top-comment", "", role(domain.RoleComment))
	space("in-open", "open", nil)
	space("in-mid", "open/mid", nil)
	space("in-mid-own-read", "open/mid", role(domain.RoleRead))
	space("in-edit", "open/mid/edit", nil)
	space("in-edit-own-read", "open/mid/edit", role(domain.RoleRead))
	space("in-closed", "closed", nil)
	return f
}

// must returns a function that fails the test on err, else gives v.
func must[V any](v V, err error) func(testing.TB) V {
	return func(t testing.TB) V {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// levels reads the effective level of every space and collection.
func (f *levelFixture) levels(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for name, sp := range f.spaces {
		got := must(f.s.Space(t.Context(), sp.ID))(t)
		out[name] = roleName(got.EffectiveLevel)
	}
	for name, c := range f.colls {
		got := must(f.s.Collection(t.Context(), c.ID))(t)
		out[name] = roleName(got.EffectiveLevel)
	}
	return out
}

// TestDefaultLevelInheritance: a space's effective level is its own, else
// the nearest set on its collection or an ancestor; "guest" below means no
// level applies.
func TestDefaultLevelInheritance(t *testing.T) {
	f := newLevelFixture(t)
	want := map[string]string{
		"open": "read", "open/mid": "read", "open/mid/edit": "edit", "closed": "guest",
		"top":              "guest", // no collection, no level
		"top-comment":      "comment",
		"in-open":          "read", // its collection's
		"in-mid":           "read", // the nearest ancestor's, through one without
		"in-mid-own-read":  "read",
		"in-edit":          "edit", // the nearer collection's over the farther
		"in-edit-own-read": "read", // its own, even below its collection's
		"in-closed":        "guest",
	}
	if got := f.levels(t); !mapsEqual(got, want) {
		t.Fatalf("levels\n got %v\nwant %v", got, want)
	}
	// Clearing the top collection's level closes what only it opened, at
	// once: nothing caches the inherited level.
	must(f.s.UpdateCollection(t.Context(), f.colls["open"].ID, store.CollectionPatch{SetDefaultLevel: true}))(t)
	for _, name := range []string{"open", "open/mid", "in-open", "in-mid"} {
		want[name] = "guest"
	}
	if got := f.levels(t); !mapsEqual(got, want) {
		t.Fatalf("after clearing open's level\n got %v\nwant %v", got, want)
	}
	// A space moved under a collection with a level takes it.
	must(f.s.MoveSpace(t.Context(), f.spaces["top"], &f.colls["open/mid/edit"].ID, store.Position{}))(t)
	want["top"] = "edit"
	if got := f.levels(t); !mapsEqual(got, want) {
		t.Fatalf("after moving top into open/mid/edit\n got %v\nwant %v", got, want)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if bv, ok := b[k]; !ok || bv != v {
			return false
		}
	}
	return true
}

// TestGuestLists: a guest's lists hold only what a default level opens;
// any role lists everything.
func TestGuestLists(t *testing.T) {
	f := newLevelFixture(t)
	ctx := t.Context()
	spaceTitles := func(r *domain.Role) []string {
		p := must(f.s.ListSpacesFor(ctx, f.org, r, false, store.PageArgs{Limit: 100}))(t)
		var out []string
		for _, sp := range p.Items {
			out = append(out, sp.Title)
		}
		if p.Count != len(out) {
			t.Errorf("%s: count %d, %d items", roleName(r), p.Count, len(out))
		}
		slices.Sort(out)
		return out
	}
	collTitles := func(r *domain.Role) []string {
		p := must(f.s.ListCollections(ctx, f.org, r, true, store.PageArgs{Limit: 100}))(t)
		var out []string
		for _, c := range p.Items {
			out = append(out, c.Title)
		}
		slices.Sort(out)
		return out
	}
	cases := []struct {
		name        string
		role        *domain.Role
		spaces      string
		collections string
	}{
		{"guest-lists-only-what-a-level-opens", nil,
			"in-edit in-edit-own-read in-mid in-mid-own-read in-open top-comment", "open open/mid open/mid/edit"},
		{"reader-lists-everything", role(domain.RoleRead),
			"in-closed in-edit in-edit-own-read in-mid in-mid-own-read in-open top top-comment", "closed open open/mid open/mid/edit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := strings.Join(spaceTitles(c.role), " "); got != c.spaces {
				t.Errorf("spaces %q, want %q", got, c.spaces)
			}
			if got := strings.Join(collTitles(c.role), " "); got != c.collections {
				t.Errorf("collections %q, want %q", got, c.collections)
			}
		})
	}
	t.Run("guest-lists-change-requests-of-open-spaces-only", func(t *testing.T) {
		for _, name := range []string{"in-closed", "in-open"} {
			cr := must(f.s.CreateChangeRequest(ctx, f.spaces[name], f.admin, name))(t)
			open := store.CROpen
			must(f.s.UpdateChangeRequest(ctx, f.spaces[name].ID, cr.ID, store.ChangeRequestPatch{Status: &open}))(t)
		}
		list := func(r *domain.Role) (out []string) {
			p := must(f.s.ListOrganizationChangeRequests(ctx, f.org, r, store.OrgChangeRequestFilter{}, store.PageArgs{Limit: 10}))(t)
			for _, cr := range p.Items {
				out = append(out, cr.Subject)
			}
			slices.Sort(out)
			return out
		}
		if got := strings.Join(list(nil), " "); got != "in-open" {
			t.Errorf("guest sees %q", got)
		}
		if got := strings.Join(list(role(domain.RoleRead)), " "); got != "in-closed in-open" {
			t.Errorf("reader sees %q", got)
		}
	})
}

// TestViewerAccess: what one statement reads of a caller's membership
// along with a space or an organization, for every kind of caller.
func TestViewerAccess(t *testing.T) {
	ctx := t.Context()
	s := pgtest.New(t)
	admin := must(s.EnsureUser(ctx, "admin@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, admin.ID, "Access", nil))(t)
	sp := must(s.CreateSpace(ctx, org.ID, store.NewSpace{Title: "Docs", Visibility: store.VisibilityPrivate}))(t)
	user := func(email string, r *domain.Role, member bool) string {
		u := must(s.EnsureUser(ctx, email, ""))(t)
		if member {
			must(s.AddMember(ctx, s.DB, org.ID, u.ID, r))(t)
		}
		return u.ID
	}
	reader := user("reader@example.com", role(domain.RoleRead), true)
	guest := user("guest@example.com", nil, true)
	owner := user("owner@example.com", nil, true)
	teamMember := user("member@example.com", role(domain.RoleEdit), true)
	outsider := user("outsider@example.com", nil, false)
	team := must(s.CreateTeam(ctx, org.ID, "Writers", []string{teamMember}))(t)
	if err := s.SetTeamMember(ctx, team, owner, new(domain.TeamOwner)); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		user     string
		member   bool
		role     string
		ownsTeam bool
	}{
		{"admin-is-admin", admin.ID, true, "admin", false},
		{"reader-is-reader", reader, true, "read", false},
		{"guest-is-member-without-role", guest, true, "guest", false},
		{"guest-owning-a-team-owns-a-team", owner, true, "guest", true},
		{"team-member-does-not-own-it", teamMember, true, "edit", false},
		{"outsider-is-no-member", outsider, false, "guest", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spaces := must(s.SpacesForUser(ctx, c.user, []string{sp.ID}))(t)
			if len(spaces) != 1 {
				t.Fatalf("%d spaces: a space is read whoever asks; the membership says who may see it", len(spaces))
			}
			a := spaces[0]
			if a.ViewerMember != c.member || roleName(a.ViewerRole) != c.role || a.ViewerOwnsTeam != c.ownsTeam {
				t.Errorf("space access: member %v, role %s, owns team %v", a.ViewerMember, roleName(a.ViewerRole), a.ViewerOwnsTeam)
			}
			orgs := must(s.OrganizationsForUser(ctx, c.user, []string{org.ID}))(t)
			if len(orgs) != map[bool]int{true: 1, false: 0}[c.member] {
				t.Fatalf("%d organizations: only members read one", len(orgs))
			}
			if c.member && (roleName(orgs[0].ViewerRole) != c.role || orgs[0].ViewerOwnsTeam != c.ownsTeam) {
				t.Errorf("organization access: role %s, owns team %v", roleName(orgs[0].ViewerRole), orgs[0].ViewerOwnsTeam)
			}
		})
	}
	t.Run("team-roles-rank-owner-above-member", func(t *testing.T) {
		for user, want := range map[string]int{owner: store.OwnerRank, teamMember: 1, reader: 0} {
			got := must(s.TeamRolesOfUser(ctx, user, []string{team.ID}))(t)
			if got[team.ID] != want {
				t.Errorf("rank %d, want %d", got[team.ID], want)
			}
		}
	})
}

// TestMemberRoles: adding a member again keeps the more capable role, and
// the last admin can be neither demoted nor removed.
func TestMemberRoles(t *testing.T) {
	ctx := t.Context()
	s := pgtest.New(t)
	admin := must(s.EnsureUser(ctx, "admin@example.com", ""))(t)
	org := must(s.CreateOrganization(ctx, admin.ID, "Members", nil))(t)
	u := must(s.EnsureUser(ctx, "u@example.com", ""))(t)
	add := func(r *domain.Role) string {
		m := must(s.AddMember(ctx, s.DB, org.ID, u.ID, r))(t)
		return roleName(m.Role)
	}
	steps := []struct {
		name string
		add  *domain.Role
		want string
	}{
		{"guest-joins-as-guest", nil, "guest"},
		{"guest-given-a-role-takes-it", role(domain.RoleComment), "comment"},
		{"joining-as-guest-keeps-the-role", nil, "comment"},
		{"lower-role-keeps-the-higher", role(domain.RoleRead), "comment"},
		{"higher-role-replaces-it", role(domain.RoleCreate), "create"},
	}
	for _, st := range steps {
		if got := add(st.add); got != st.want {
			t.Fatalf("%s: role %s, want %s", st.name, got, st.want)
		}
	}
	conflict := func(name string, err error) {
		t.Helper()
		if domain.ErrorCode(err) != domain.CodeConflict || !strings.Contains(domain.ErrorMessage(err), "last admin") {
			t.Errorf("%s: %v, want CONFLICT about the last admin", name, err)
		}
	}
	_, err := s.UpdateMemberRole(ctx, org.ID, admin.ID, role(domain.RoleCreate))
	conflict("last-admin-demoted", err)
	conflict("last-admin-removed", s.RemoveMember(ctx, org.ID, admin.ID))
	must(s.UpdateMemberRole(ctx, org.ID, u.ID, role(domain.RoleAdmin)))(t)
	if _, err := s.UpdateMemberRole(ctx, org.ID, admin.ID, nil); err != nil {
		t.Fatalf("one of two admins demoted to guest: %v", err)
	}
	conflict("new-last-admin-removed", s.RemoveMember(ctx, org.ID, u.ID))
}
