package rest_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"folio/rest/resttest"
	"folio/store"
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
			role := store.RoleRead

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
