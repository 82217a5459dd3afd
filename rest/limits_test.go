package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"folio/rest"
	"folio/rest/resttest"
)

// Every list route must fit the default GraphQL limits at its largest page,
// or REST clients asking for limit=1000 would be refused.
func TestListRoutesFitTheLimitsAtFullPages(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	team := resttest.Str(alice.Put("/v1/orgs/"+org+"/teams", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	ids := map[string]string{"{organizationId}": org, "{teamId}": team, "{userId}": alice.UserID}
	tested := 0
	for _, r := range rest.Routes() {
		if r.Method != http.MethodGet || !hasParam(r.Query, "limit") {
			continue
		}
		path := r.Path
		for k, v := range ids {
			path = strings.ReplaceAll(path, k, v)
		}
		if strings.Contains(path, "{") {
			t.Errorf("%s: add its path parameters to this test", r.Path)
			continue
		}
		t.Run(r.Op, func(t *testing.T) {
			alice.In(t).Get(path + "?limit=1000").Expect(http.StatusOK)
		})
		tested++
	}
	if tested == 0 {
		t.Fatal("no list route found")
	}
}

func hasParam(ps []rest.Param, name string) bool {
	for _, p := range ps {
		if p.Name == name {
			return true
		}
	}
	return false
}
