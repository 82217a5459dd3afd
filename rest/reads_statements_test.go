package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
)

// TestSingleReadStatements checks that a single read costs the token lookup
// and one statement for the object and the caller's access to it.
func TestSingleReadStatements(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	for _, path := range []string{"/v1/orgs/" + org, "/v1/spaces/" + space} {
		if n := alice.Get(path).Expect(http.StatusOK).Statements; n != 2 {
			t.Errorf("GET %s: %d SQL statements, want 2 (token, then the object with the caller's access)", path, n)
		}
	}
	// Someone outside the organization learns nothing, in as many statements.
	bob := srv.User("bob@example.com")
	if n := bob.Get("/v1/spaces/" + space).Statements; n != 2 {
		t.Errorf("foreign space read: %d statements", n)
	}
	bob.Get("/v1/spaces/" + space).ExpectError(http.StatusNotFound)
}
