package rest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

type memberPage struct {
	Items []struct {
		ID string `json:"id"`
	} `json:"items"`
	Count int `json:"count"`
	Next  *struct {
		Page string `json:"page"`
	} `json:"next"`
}

// TestPaginationIsStableUnderInserts pages through members while new members
// join between pages: every member present at the start is seen exactly once.
func TestPaginationIsStableUnderInserts(t *testing.T) {
	for _, order := range []string{"asc", "desc"} {
		t.Run(order, func(t *testing.T) {
			srv := resttest.New(t)
			admin := srv.User("admin@example.com").In(t)
			org := createOrg(t, admin, "Acme")
			seedPeople(t, srv, org, 24, 0)
			role := domain.RoleRead

			want := map[string]bool{}
			var all memberPage
			admin.Get("/v1/orgs/" + org + "/members?limit=1000").Decode(&all)
			for _, it := range all.Items {
				want[it.ID] = true
			}
			seen := map[string]int{}
			path := "/v1/orgs/" + org + "/members?limit=5&order=" + order
			pages := 0
			for {
				var p memberPage
				admin.Get(path).Expect(http.StatusOK).Decode(&p)
				pages++
				for _, it := range p.Items {
					seen[it.ID]++
				}
				// Someone joins between every two pages.
				u, err := srv.Store.EnsureUser(context.Background(), fmt.Sprintf("late%d@example.com", pages), "")
				if err != nil {
					t.Fatal(err)
				}
				if _, err := srv.Store.AddMember(context.Background(), srv.Store.DB, org, u.ID, &role); err != nil {
					t.Fatal(err)
				}
				if p.Next == nil {
					break
				}
				path = "/v1/orgs/" + org + "/members?limit=5&order=" + order + "&page=" + p.Next.Page
				if pages > 20 {
					t.Fatal("paging does not end")
				}
			}
			for id := range want {
				if seen[id] != 1 {
					t.Errorf("member %s seen %d times", id, seen[id])
				}
			}
			for id, n := range seen {
				if n > 1 {
					t.Errorf("member %s repeated", id)
				}
			}
		})
	}
}

func TestPageTokens(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")
	seedPeople(t, srv, org, 4, 2)
	var p memberPage
	admin.Get("/v1/orgs/" + org + "/members?limit=2").Expect(http.StatusOK).Decode(&p)
	if p.Next == nil || p.Count != 5 || len(p.Items) != 2 {
		t.Fatalf("first page = %+v", p)
	}
	token := p.Next.Page
	// One changed character, or a token of another list, is refused.
	tampered := token[:len(token)-1] + string("AB"[strings.IndexByte("A", token[len(token)-1])+1])
	admin.Get("/v1/orgs/" + org + "/members?limit=2&page=" + tampered).ExpectError(http.StatusBadRequest)
	admin.Get("/v1/orgs/" + org + "/teams?limit=2&page=" + token).ExpectError(http.StatusBadRequest)
	admin.Get("/v1/orgs/" + org + "/members?limit=2&page=" + token).Expect(http.StatusOK)
	// limit=0 answers the count alone.
	var empty memberPage
	admin.Get("/v1/orgs/" + org + "/members?limit=0").Expect(http.StatusOK).Decode(&empty)
	if len(empty.Items) != 0 || empty.Count != 5 || empty.Next != nil {
		t.Errorf("limit=0: %+v", empty)
	}
	// Default page size is 50.
	seedPeople(t, srv, org, 60, 0)
	var def memberPage
	admin.Get("/v1/orgs/" + org + "/members").Expect(http.StatusOK).Decode(&def)
	if len(def.Items) != 50 || def.Next == nil {
		t.Errorf("default page: %d items, next %v", len(def.Items), def.Next)
	}
}

// TestPageTokensBoundToTheirList: a page token works only on the list that
// issued it: another organization's members, another team's members (a
// nested list's first page, served in a batch) are refused.
func TestPageTokensBoundToTheirList(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	acme := createOrg(t, admin, "Acme")
	globex := createOrg(t, admin, "Globex")
	seedPeople(t, srv, acme, 4, 0)
	seedPeople(t, srv, globex, 4, 0)
	var p memberPage
	admin.Get("/v1/orgs/" + acme + "/members?limit=2").Expect(http.StatusOK).Decode(&p)
	if p.Next == nil {
		t.Fatal("no next page")
	}
	msg := admin.Get("/v1/orgs/" + globex + "/members?limit=2&page=" + p.Next.Page).ExpectError(http.StatusBadRequest)
	if !strings.Contains(msg, "page") {
		t.Errorf("foreign token: %q", msg)
	}
	admin.Get("/v1/orgs/" + acme + "/members?limit=2&page=" + p.Next.Page).Expect(http.StatusOK)

	// A nested list: the members of each team, first pages in one batch.
	var ids []string
	for _, title := range []string{"Red", "Blue"} {
		team := admin.Put("/v1/orgs/"+acme+"/teams", map[string]any{"title": title}).Expect(http.StatusCreated).JSON()
		ids = append(ids, resttest.Str(team, "id"))
	}
	members := admin.Get("/v1/orgs/" + acme + "/members").Expect(http.StatusOK).JSON()
	var users []string
	for _, it := range members["items"].([]any) {
		users = append(users, resttest.Str(it.(map[string]any)["user"].(map[string]any), "id"))
	}
	for _, team := range ids {
		admin.Put("/v1/orgs/"+acme+"/teams/"+team+"/members", map[string]any{"add": users[:3]}).Expect(http.StatusNoContent)
	}
	res := admin.GraphQL(`query($org: ID!) { organization(id: $org) { teams { items { id teamMembers(limit: 1) { next { page } } } } } }`, map[string]any{"org": acme})
	var data struct {
		Organization struct {
			Teams struct {
				Items []struct {
					ID          string
					TeamMembers struct{ Next *struct{ Page string } }
				}
			}
		}
	}
	if err := json.Unmarshal(res.Data, &data); err != nil || len(res.Errors) > 0 || len(data.Organization.Teams.Items) != 2 {
		t.Fatalf("teams: %v %+v %s", err, res.Errors, res.Data)
	}
	first := data.Organization.Teams.Items[0]
	other := data.Organization.Teams.Items[1].ID
	if first.TeamMembers.Next == nil {
		t.Fatal("no next page of team members")
	}
	q := `query($org: ID!, $team: ID!, $page: String) { organization(id: $org) { team(teamId: $team) { teamMembers(limit: 1, page: $page) { count } } } }`
	ok := admin.GraphQL(q, map[string]any{"org": acme, "team": first.ID, "page": first.TeamMembers.Next.Page})
	if len(ok.Errors) > 0 {
		t.Fatalf("own team's next page: %+v", ok.Errors)
	}
	bad := admin.GraphQL(q, map[string]any{"org": acme, "team": other, "page": first.TeamMembers.Next.Page})
	if len(bad.Errors) != 1 || bad.Errors[0].Extensions["code"] != "INVALID" {
		t.Fatalf("another team's token: %+v", bad.Errors)
	}
}
