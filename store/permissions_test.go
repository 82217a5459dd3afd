package store_test

import (
	"slices"
	"strings"
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// The permission rules where they live: the order of roles, the table of a
// space's permission flags, and, with rows, the default levels a space or
// collection inherits, what guests may list, what a member's access reads,
// and the last admin. graph/model and graph test how the GraphQL layer
// combines them; rest tests them end to end.

func role(r store.Role) *store.Role { return &r }

// allRoles are the roles from least to most capable, the guest (nil) first.
var allRoles = []*store.Role{nil, role(store.RoleRead), role(store.RoleComment), role(store.RoleReview),
	role(store.RoleEdit), role(store.RoleCreate), role(store.RoleAdmin)}

func roleName(r *store.Role) string {
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
	if unknown := store.Role("owner"); unknown.Valid() || (&unknown).AtLeast(store.RoleRead) {
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
		a, b *store.Role
		want *store.Role
	}{
		{"two-guests-stay-guests", nil, nil, nil},
		{"guest-with-a-level-takes-the-level", nil, role(store.RoleRead), role(store.RoleRead)},
		{"level-without-a-member-role-is-the-level", role(store.RoleComment), nil, role(store.RoleComment)},
		{"higher-level-lifts-the-role", role(store.RoleRead), role(store.RoleEdit), role(store.RoleEdit)},
		{"lower-level-keeps-the-role", role(store.RoleAdmin), role(store.RoleRead), role(store.RoleAdmin)},
		{"equal-roles-keep-it", role(store.RoleReview), role(store.RoleReview), role(store.RoleReview)},
		{"create-above-edit", role(store.RoleEdit), role(store.RoleCreate), role(store.RoleCreate)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := store.Highest(c.a, c.b); roleName(got) != roleName(c.want) {
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
		role *store.Role
		mode store.EditMode
		want string
	}{
		{"guest-without-a-level-gets-nothing", nil, store.EditLive, ""},
		{"guest-in-a-locked-space-gets-nothing", nil, store.EditLocked, ""},
		{"reader-views", role(store.RoleRead), store.EditLive, reads},
		{"reader-views-a-locked-space", role(store.RoleRead), store.EditLocked, reads},
		{"commenter-comments", role(store.RoleComment), store.EditLive, comments},
		{"commenter-comments-when-locked", role(store.RoleComment), store.EditLocked, comments},
		{"reviewer-reviews", role(store.RoleReview), store.EditLive, reviews},
		{"reviewer-reviews-when-locked", role(store.RoleReview), store.EditLocked, reviews},
		{"editor-edits-merges-syncs", role(store.RoleEdit), store.EditLive, edits},
		{"editor-loses-edit-merge-sync-when-locked", role(store.RoleEdit), store.EditLocked, reviews},
		{"creator-edits-as-an-editor", role(store.RoleCreate), store.EditLive, edits},
		{"creator-loses-edit-when-locked", role(store.RoleCreate), store.EditLocked, reviews},
		{"admin-gets-everything", role(store.RoleAdmin), store.EditLive, admins},
		{"admin-keeps-admin-but-not-edit-when-locked", role(store.RoleAdmin), store.EditLocked, lockedA},
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
		if store.SpaceAllows(role(store.RoleAdmin), store.EditLive, "delete") {
			t.Error("an admin holds a flag the table does not define")
		}
	})
}

// TestSpaceRequire: a role too low is FORBIDDEN whatever the lock, and only
// a flag the lock withholds from a role high enough is CONFLICT.
func TestSpaceRequire(t *testing.T) {
	cases := []struct {
		name string
		role *store.Role
		mode store.EditMode
		flag store.SpacePermission
		want store.Code // "" for allowed
		msg  string
	}{
		{"guest-forbidden-to-view", nil, store.EditLive, store.PermView, store.CodeForbidden, "the view permission on the space (the read role)"},
		{"reader-forbidden-to-comment", role(store.RoleRead), store.EditLive, store.PermComment, store.CodeForbidden, "(the comment role)"},
		{"reader-forbidden-to-edit-a-locked-space-not-conflict", role(store.RoleRead), store.EditLocked, store.PermEdit, store.CodeForbidden, "the edit permission"},
		{"reviewer-forbidden-to-merge", role(store.RoleReview), store.EditLive, store.PermMerge, store.CodeForbidden, "the merge permission on the space (the edit role)"},
		{"editor-forbidden-to-administer", role(store.RoleEdit), store.EditLive, store.PermAdmin, store.CodeForbidden, "(the admin role)"},
		{"editor-allowed-to-edit", role(store.RoleEdit), store.EditLive, store.PermEdit, "", ""},
		{"editor-conflict-editing-a-locked-space", role(store.RoleEdit), store.EditLocked, store.PermEdit, store.CodeConflict, "locked"},
		{"admin-conflict-merging-a-locked-space", role(store.RoleAdmin), store.EditLocked, store.PermMerge, store.CodeConflict, "locked"},
		{"admin-conflict-syncing-a-locked-space", role(store.RoleAdmin), store.EditLocked, store.PermTriggerGitSync, store.CodeConflict, "locked"},
		{"commenter-allowed-to-comment-in-a-locked-space", role(store.RoleComment), store.EditLocked, store.PermComment, "", ""},
		{"admin-allowed-to-administer-a-locked-space", role(store.RoleAdmin), store.EditLocked, store.PermAdmin, "", ""},
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
			if store.ErrorCode(err) != c.want || !strings.Contains(store.ErrorMessage(err), c.msg) {
				t.Fatalf("error %v (%s), want %s mentioning %q", err, store.ErrorCode(err), c.want, c.msg)
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
	collection := func(name string, parent string, level *store.Role) {
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
	space := func(name, in string, level *store.Role) {
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
	collection("open", "", role(store.RoleRead))
	collection("open/mid", "open", nil)
	collection("open/mid/edit", "open/mid", role(store.RoleEdit))
	collection("closed", "", nil)
	space("top", "", nil)
	space("top-comment", "", role(store.RoleComment))
	space("in-open", "open", nil)
	space("in-mid", "open/mid", nil)
	space("in-mid-own-read", "open/mid", role(store.RoleRead))
	space("in-edit", "open/mid/edit", nil)
	space("in-edit-own-read", "open/mid/edit", role(store.RoleRead))
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
	spaceTitles := func(r *store.Role) []string {
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
	collTitles := func(r *store.Role) []string {
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
		role        *store.Role
		spaces      string
		collections string
	}{
		{"guest-lists-only-what-a-level-opens", nil,
			"in-edit in-edit-own-read in-mid in-mid-own-read in-open top-comment", "open open/mid open/mid/edit"},
		{"reader-lists-everything", role(store.RoleRead),
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
		list := func(r *store.Role) (out []string) {
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
		if got := strings.Join(list(role(store.RoleRead)), " "); got != "in-closed in-open" {
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
	user := func(email string, r *store.Role, member bool) string {
		u := must(s.EnsureUser(ctx, email, ""))(t)
		if member {
			must(s.AddMember(ctx, s.DB, org.ID, u.ID, r))(t)
		}
		return u.ID
	}
	reader := user("reader@example.com", role(store.RoleRead), true)
	guest := user("guest@example.com", nil, true)
	owner := user("owner@example.com", nil, true)
	teamMember := user("member@example.com", role(store.RoleEdit), true)
	outsider := user("outsider@example.com", nil, false)
	team := must(s.CreateTeam(ctx, org.ID, "Writers", []string{teamMember}))(t)
	if err := s.SetTeamMember(ctx, team, owner, store.TeamOwner); err != nil {
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
	add := func(r *store.Role) string {
		m := must(s.AddMember(ctx, s.DB, org.ID, u.ID, r))(t)
		return roleName(m.Role)
	}
	steps := []struct {
		name string
		add  *store.Role
		want string
	}{
		{"guest-joins-as-guest", nil, "guest"},
		{"guest-given-a-role-takes-it", role(store.RoleComment), "comment"},
		{"joining-as-guest-keeps-the-role", nil, "comment"},
		{"lower-role-keeps-the-higher", role(store.RoleRead), "comment"},
		{"higher-role-replaces-it", role(store.RoleCreate), "create"},
	}
	for _, st := range steps {
		if got := add(st.add); got != st.want {
			t.Fatalf("%s: role %s, want %s", st.name, got, st.want)
		}
	}
	conflict := func(name string, err error) {
		t.Helper()
		if store.ErrorCode(err) != store.CodeConflict || !strings.Contains(store.ErrorMessage(err), "last admin") {
			t.Errorf("%s: %v, want CONFLICT about the last admin", name, err)
		}
	}
	_, err := s.UpdateMemberRole(ctx, org.ID, admin.ID, role(store.RoleCreate))
	conflict("last-admin-demoted", err)
	conflict("last-admin-removed", s.RemoveMember(ctx, org.ID, admin.ID))
	must(s.UpdateMemberRole(ctx, org.ID, u.ID, role(store.RoleAdmin)))(t)
	if _, err := s.UpdateMemberRole(ctx, org.ID, admin.ID, nil); err != nil {
		t.Fatalf("one of two admins demoted to guest: %v", err)
	}
	conflict("new-last-admin-removed", s.RemoveMember(ctx, org.ID, u.ID))
}
