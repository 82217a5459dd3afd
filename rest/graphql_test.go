package rest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// seedPeople gives the organization n more members and t teams; team i gets
// the members i, i+1, ..., i+4 (wrapping), its first member as owner.
func seedPeople(t testing.TB, srv *resttest.Server, orgID string, n, teams int) {
	t.Helper()
	ctx := context.Background()
	role := domain.RoleEdit
	var ids []string
	for i := range n {
		u, err := srv.Store.EnsureUser(ctx, fmt.Sprintf("member%03d@example.com", i), "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := srv.Store.AddMember(ctx, srv.Store.DB, orgID, u.ID, &role); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, u.ID)
	}
	for i := range teams {
		var members []string
		for j := range 5 {
			members = append(members, ids[(i+j)%len(ids)])
		}
		team, err := srv.Store.CreateTeam(ctx, orgID, fmt.Sprintf("Team %02d", i), members)
		if err != nil {
			t.Fatal(err)
		}
		if err := srv.Store.SetTeamMember(ctx, team, members[0], new(domain.TeamOwner)); err != nil {
			t.Fatal(err)
		}
	}
}

const orgPeopleQuery = `query People($id: ID!) {
  organization(id: $id) {
    id title permissions { admin ownTeam }
    members(limit: 100) {
      count
      items {
        id role joinedAt teams spaces
        user { id email displayName urls { location } }
        teamMemberships(limit: 10) { count items { member { role } team { id title members permissions { admin } } } }
      }
    }
    teams(limit: 100) {
      count
      items {
        id title members spaces permissions { admin view }
        teamMembers(limit: 10) { count next { page } items { team { role } organization { id role teams user { displayName } } } }
      }
    }
  }
}`

// TestGraphQLPeopleInOneRequest checks that an organization with its members
// and teams, each with nested lists, costs a number of SQL statements that
// does not grow with the number of members and teams.
func TestGraphQLPeopleInOneRequest(t *testing.T) {
	statements := map[string]int{}
	for _, size := range []struct {
		name           string
		members, teams int
	}{{"small", 5, 2}, {"large", 50, 20}} {
		srv := resttest.New(t)
		admin := srv.User("admin@example.com")
		org := createOrg(t, admin, "Acme")
		seedPeople(t, srv, org, size.members, size.teams)

		res := admin.GraphQL(orgPeopleQuery, map[string]any{"id": org})
		if len(res.Errors) > 0 {
			t.Fatalf("%s: errors: %+v", size.name, res.Errors)
		}
		var data struct {
			Organization struct {
				Members struct {
					Count int
					Items []struct {
						Teams           int
						User            struct{ Email string }
						TeamMemberships struct {
							Count int
							Items []struct{ Team struct{ ID string } }
						}
					}
				}
				Teams struct {
					Count int
					Items []struct {
						Members     int
						TeamMembers struct {
							Count int
							Items []struct {
								Team         struct{ Role string }
								Organization struct {
									ID   string
									User struct{ DisplayName string }
								}
							}
						}
					}
				}
			}
		}
		if err := json.Unmarshal(res.Data, &data); err != nil {
			t.Fatal(err)
		}
		o := data.Organization
		if o.Members.Count != size.members+1 || len(o.Members.Items) != size.members+1 {
			t.Fatalf("%s: members %d/%d, want %d", size.name, o.Members.Count, len(o.Members.Items), size.members+1)
		}
		if o.Teams.Count != size.teams || len(o.Teams.Items) != size.teams {
			t.Fatalf("%s: teams %d", size.name, o.Teams.Count)
		}
		for _, tm := range o.Teams.Items {
			if tm.Members != 5 || tm.TeamMembers.Count != 5 || len(tm.TeamMembers.Items) != 5 {
				t.Fatalf("%s: team members %d/%d/%d, want 5", size.name, tm.Members, tm.TeamMembers.Count, len(tm.TeamMembers.Items))
			}
			owners := 0
			for _, it := range tm.TeamMembers.Items {
				if it.Team.Role == "owner" {
					owners++
				}
				if it.Organization.User.DisplayName == "" {
					t.Fatalf("%s: team member without a user: %+v", size.name, it)
				}
			}
			if owners != 1 {
				t.Fatalf("%s: %d owners in a team, want 1", size.name, owners)
			}
		}
		memberships := 0
		for _, m := range o.Members.Items {
			if m.Teams != m.TeamMemberships.Count || len(m.TeamMemberships.Items) != m.Teams {
				t.Fatalf("%s: member %s teams %d vs %d", size.name, m.User.Email, m.Teams, m.TeamMemberships.Count)
			}
			memberships += m.Teams
		}
		if memberships != 5*size.teams {
			t.Fatalf("%s: %d memberships, want %d", size.name, memberships, 5*size.teams)
		}
		statements[size.name] = res.Statements
	}
	// Each level of each branch of the query is one batched statement, so the
	// count is bounded by the query's shape, not by the data. Two branches
	// that reach the same loader at different depths (members here, and the
	// members of teams) share a batch or not depending on which arrives
	// first, so the bound is that of the query, not one exact number.
	const bound = 17
	for size, n := range statements {
		if n == 0 || n > bound {
			t.Fatalf("SQL statements for the %s organization: %d, want at most %d", size, n, bound)
		}
	}
	t.Logf("SQL statements per request: %d", statements["large"])
}

func TestGraphQLErrors(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	outsider := srv.User("outsider@example.com")
	org := createOrg(t, admin, "Acme")

	res := outsider.GraphQL(`query($id: ID!) { organization(id: $id) { title } }`, map[string]any{"id": org})
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "NOT_FOUND" {
		t.Errorf("foreign organization: %+v", res.Errors)
	}
	res = srv.Anonymous().GraphQL(`{ viewer { id } }`, nil)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "UNAUTHENTICATED" {
		t.Errorf("anonymous viewer: %+v", res.Errors)
	}
	res = admin.GraphQL(`mutation { createOrganization(input: {title: "x"}) { id } }`, nil)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "INVALID" {
		t.Errorf("short title: %+v", res.Errors)
	}
	res = admin.GraphQL(`{ organizations(limit: 2000) { count } }`, nil)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "INVALID" {
		t.Errorf("limit: %+v", res.Errors)
	}
	// Introspection is for authenticated callers only.
	if res := admin.GraphQL(`{ __schema { queryType { name } } }`, nil); len(res.Errors) != 0 {
		t.Errorf("introspection as a user: %+v", res.Errors)
	}
	if res := srv.Anonymous().GraphQL(`{ __schema { queryType { name } } }`, nil); len(res.Errors) == 0 {
		t.Error("introspection must be refused to anonymous callers")
	}
	srv.Anonymous().Post("/graphql", `{"query": "{ apiInformation { version } }"}`).Expect(http.StatusOK)
}
