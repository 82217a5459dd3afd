package model_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// The permission objects the API answers, from the caller's access and the
// default levels (store's rules: store/permissions_test.go): each case says
// which flags come out true.

func role(r domain.Role) *domain.Role { return &r }

// granted names the true fields of a permissions object, sorted.
func granted(p any) string {
	v := reflect.ValueOf(p)
	var out []string
	for i := range v.NumField() {
		if v.Field(i).Kind() == reflect.Bool && v.Field(i).Bool() {
			name := v.Type().Field(i).Name
			out = append(out, strings.ToLower(name[:1])+name[1:])
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func sorted(flags string) string {
	f := strings.Fields(flags)
	slices.Sort(f)
	return strings.Join(f, " ")
}

func TestSpacePermissionsFromRoleAndLevel(t *testing.T) {
	const (
		reads  = "access view"
		edits  = "access comment edit merge review triggerGitSync view"
		admins = "access admin comment edit installIntegration merge review triggerGitSync view viewInviteLinks"
	)
	cases := []struct {
		name   string
		viewer *domain.Role // organization role; nil: guest
		level  *domain.Role // the space's effective default level
		mode   store.EditMode
		role   string // the effective role; "" none
		want   string
	}{
		{"guest-without-level-sees-nothing", nil, nil, store.EditLive, "", ""},
		{"guest-reads-a-space-opened-read", nil, role(domain.RoleRead), store.EditLive, "read", reads},
		{"guest-edits-a-space-opened-edit", nil, role(domain.RoleEdit), store.EditLive, "edit", edits},
		{"reader-edits-where-the-level-is-edit", role(domain.RoleRead), role(domain.RoleEdit), store.EditLive, "edit", edits},
		{"editor-keeps-edit-where-the-level-is-read", role(domain.RoleEdit), role(domain.RoleRead), store.EditLive, "edit", edits},
		{"admin-administers-whatever-the-level", role(domain.RoleAdmin), role(domain.RoleComment), store.EditLive, "admin", admins},
		{"guest-opened-edit-loses-edit-when-locked", nil, role(domain.RoleEdit), store.EditLocked, "edit", "access comment review view"},
		{"admin-loses-edit-merge-sync-when-locked", role(domain.RoleAdmin), nil, store.EditLocked, "admin",
			"access admin comment installIntegration review view viewInviteLinks"},
		{"unknown-role-grants-nothing", role("owner"), nil, store.EditLive, "owner", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sp := model.NewSpace("https://f.test", &store.Space{EditMode: c.mode, EffectiveLevel: c.level},
				model.Access{Member: true, Role: c.viewer})
			if got := sp.Role(); (got == nil) != (c.role == "") || got != nil && string(*got) != c.role {
				t.Errorf("effective role %v, want %q", got, c.role)
			}
			if got := granted(sp.Permissions()); got != sorted(c.want) {
				t.Errorf("permissions %q, want %q", got, sorted(c.want))
			}
		})
	}
}

func TestCollectionPermissions(t *testing.T) {
	cases := []struct {
		name          string
		viewer, level *domain.Role
		want          string
	}{
		{"guest-without-level-gets-nothing", nil, nil, ""},
		{"guest-views-a-collection-opened-read", nil, role(domain.RoleRead), "view"},
		{"editor-views-but-does-not-create", role(domain.RoleEdit), nil, "view"},
		{"reader-creates-where-the-level-is-create", role(domain.RoleRead), role(domain.RoleCreate), "create view"},
		{"admin-administers", role(domain.RoleAdmin), nil, "admin create view viewInviteLinks"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			col := model.NewCollection("https://f.test", store.Collection{EffectiveLevel: c.level}, model.Access{Member: true, Role: c.viewer})
			if got := granted(col.Permissions()); got != sorted(c.want) {
				t.Errorf("permissions %q, want %q", got, sorted(c.want))
			}
		})
	}
}

func TestOrganizationPermissions(t *testing.T) {
	cases := []struct {
		name   string
		access model.Access
		want   string
	}{
		{"guest-views-but-lists-nothing", model.Access{Member: true}, "access view"},
		{"guest-owning-a-team-says-so", model.Access{Member: true, OwnsTeam: true}, "access ownTeam view"},
		{"reader-lists-people", model.Access{Member: true, Role: role(domain.RoleRead)}, "access listIntegrations listMembers listTeams view"},
		{"editor-does-not-create", model.Access{Member: true, Role: role(domain.RoleEdit)}, "access listIntegrations listMembers listTeams view"},
		{"creator-creates-content-and-specs", model.Access{Member: true, Role: role(domain.RoleCreate)},
			"access createContent createOpenAPISpec listIntegrations listMembers listTeams view"},
		{"admin-gets-everything-but-own-team", model.Access{Member: true, Role: role(domain.RoleAdmin)},
			"access admin createContent createOpenAPISpec installIntegration listInstallations listIntegrations listMembers listTeams view viewBilling"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := model.NewOrganization("https://f.test", store.Organization{}, c.access)
			if got := granted(o.Permissions()); got != sorted(c.want) {
				t.Errorf("permissions %q, want %q", got, sorted(c.want))
			}
		})
	}
}

// TestSitePermissions: sites follow the organization role alone.
func TestSitePermissions(t *testing.T) {
	cases := []struct {
		name   string
		viewer *domain.Role
		want   string
	}{
		{"guest-gets-nothing", nil, ""},
		{"reader-views", role(domain.RoleRead), "access view viewAdaptiveSchema"},
		{"editor-edits", role(domain.RoleEdit), "access edit view viewAdaptiveSchema"},
		{"creator-creates", role(domain.RoleCreate), "access create edit view viewAdaptiveSchema"},
		{"admin-administers", role(domain.RoleAdmin), "access admin create edit editAdaptiveSchema installIntegration view viewAdaptiveSchema"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := model.NewSite("https://f.test", store.Site{}, model.Access{Member: true, Role: c.viewer})
			if got := granted(s.Permissions()); got != sorted(c.want) {
				t.Errorf("permissions %q, want %q", got, sorted(c.want))
			}
			if s.CanAdmin() != strings.Contains(c.want, "admin") {
				t.Errorf("CanAdmin %v", s.CanAdmin())
			}
		})
	}
}

// TestCommentPermissions: readers view; the comment role replies; its
// author edits and deletes; admins delete any comment; a lock withholds
// none of it.
func TestCommentPermissions(t *testing.T) {
	cases := []struct {
		name   string
		viewer *domain.Role
		mode   store.EditMode
		author bool
		want   string
	}{
		{"reader-only-views-even-own", role(domain.RoleRead), store.EditLive, true, "view"},
		{"commenter-replies-to-others", role(domain.RoleComment), store.EditLive, false, "reply view"},
		{"author-edits-and-deletes-own", role(domain.RoleComment), store.EditLive, true, "delete edit reply view"},
		{"author-keeps-them-when-locked", role(domain.RoleComment), store.EditLocked, true, "delete edit reply view"},
		{"editor-cannot-delete-others", role(domain.RoleEdit), store.EditLive, false, "reply view"},
		{"admin-deletes-others-but-does-not-edit", role(domain.RoleAdmin), store.EditLive, false, "delete reply view"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sp := model.NewSpace("https://f.test", &store.Space{EditMode: c.mode}, model.Access{Member: true, Role: c.viewer})
			author := "someone-else"
			if c.author {
				author = "me"
			}
			cm := model.Comment{Comment: store.Comment{PostedBy: author}, Space: sp, Viewer: "me"}
			if got := granted(cm.Permissions()); got != sorted(c.want) {
				t.Errorf("comment permissions %q, want %q", got, sorted(c.want))
			}
			reply := model.CommentReply{CommentReply: store.CommentReply{PostedBy: author}, Comment: cm}
			if got := granted(reply.Permissions()); got != sorted(c.want) {
				t.Errorf("reply permissions %q, want %q", got, sorted(c.want))
			}
		})
	}
}

// TestOrganizationObjectPermissions: OpenAPI specifications, custom fields
// and translation settings.
func TestOrganizationObjectPermissions(t *testing.T) {
	cases := []struct {
		name                  string
		access                model.Access
		spec, field, settings string
	}{
		{"guest-views-fields-only", model.Access{Member: true}, "", "view", ""},
		{"reader-views-all", model.Access{Member: true, Role: role(domain.RoleRead)}, "view", "view", "view"},
		{"creator-edits-specs", model.Access{Member: true, Role: role(domain.RoleCreate)}, "edit view", "view", "view"},
		{"admin-edits-all", model.Access{Member: true, Role: role(domain.RoleAdmin)}, "edit view", "edit view", "edit view"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := granted(model.NewOpenAPISpec("https://f.test", store.OpenAPISpec{}, c.access).Permissions()); got != c.spec {
				t.Errorf("OpenAPI specification %q, want %q", got, c.spec)
			}
			if got := granted(model.NewCustomField("https://f.test", store.CustomField{}, c.access).Permissions()); got != c.field {
				t.Errorf("custom field %q, want %q", got, c.field)
			}
			if got := granted(model.NewTranslationSettings("https://f.test", store.TranslationSettings{}, c.access).Permissions()); got != c.settings {
				t.Errorf("translation settings %q, want %q", got, c.settings)
			}
		})
	}
}

// TestInviteRedundant: an invite link is redundant for a member whose role
// already covers it.
func TestInviteRedundant(t *testing.T) {
	cases := []struct {
		name   string
		viewer model.Access
		invite *domain.Role
		want   bool
	}{
		{"non-member-needs-any-invite", model.Access{}, nil, false},
		{"member-needs-no-guest-invite", model.Access{Member: true}, nil, true},
		{"guest-needs-a-role-invite", model.Access{Member: true}, role(domain.RoleRead), false},
		{"editor-needs-no-read-invite", model.Access{Member: true, Role: role(domain.RoleEdit)}, role(domain.RoleRead), true},
		{"editor-needs-no-edit-invite", model.Access{Member: true, Role: role(domain.RoleEdit)}, role(domain.RoleEdit), true},
		{"editor-needs-an-admin-invite", model.Access{Member: true, Role: role(domain.RoleEdit)}, role(domain.RoleAdmin), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			i := model.Invite{Invite: store.Invite{Role: c.invite}, Viewer: c.viewer}
			if got := i.Redundant(); got != c.want {
				t.Errorf("redundant %v, want %v", got, c.want)
			}
		})
	}
}
