package resttest

import (
	"strings"
	"testing"
)

// The schema check fails a body that breaks GitBook's schema with where and
// which rule, passes one that keeps it, and leaves alone what GitBook does
// not describe.
func TestCheckGitBookSchema(t *testing.T) {
	org := `{"object":"organization","id":"o1","title":"Acme","createdAt":"2026-01-01T00:00:00Z","emailDomains":[],
		"type":"business","defaultRole":null,"inviteLinks":true,"plan":"free","trial":{"status":"none","count":0},
		"mergeRules":{"type":"none"},"urls":{"location":"http://x.test/v1/orgs/o1","app":"http://x.test/app/o/o1"},
		"permissions":{"view":true,"access":true,"admin":true,"ownTeam":false,"createContent":true,"createOpenAPISpec":true,
		"viewBilling":true,"listMembers":true,"listTeams":true,"listIntegrations":true,"listInstallations":true,"installIntegration":true}}`
	if err := CheckGitBookSchema("GET", "/v1/orgs/o1", 200, "application/json", []byte(org)); err != nil {
		t.Fatalf("a valid organization: %v", err)
	}

	broken := strings.Replace(org, `"mergeRules":{"type":"none"},`, "", 1)
	err := CheckGitBookSchema("GET", "/v1/orgs/o1", 200, "application/json; charset=utf-8", []byte(broken))
	if err == nil {
		t.Fatal("an organization without mergeRules passed")
	}
	for _, want := range []string{"GET /orgs/{organizationId} (200)", "at /: missing property 'mergeRules'", "rule /components/schemas/Organization/required"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}

	// Deeper: the path names the member and the rule its schema.
	err = CheckGitBookSchema("GET", "/v1/orgs?limit=5", 200, "application/json", []byte(`{"items":[`+strings.Replace(org, `"plan":"free"`, `"plan":7`, 1)+`]}`))
	if err == nil || !strings.Contains(err.Error(), "at /items/0/plan") {
		t.Errorf("a wrong type in a list item: %v", err)
	}

	// A page path takes the rest of the URL, slashes and all.
	if err := CheckGitBookSchema("GET", "/v1/spaces/s1/content/path/a/b/c", 200, "application/json", []byte(`{}`)); err == nil ||
		!strings.Contains(err.Error(), "/spaces/{spaceId}/content/path/{pagePath}") {
		t.Errorf("a nested page path: %v", err)
	}

	// The declared error bodies are checked too.
	if err := CheckGitBookSchema("GET", "/v1/orgs/o1", 404, "application/json", []byte(`{"error":{"code":404}}`)); err == nil {
		t.Error("an error body without a message passed")
	}

	// Not described by GitBook: routes of Folio's own, undeclared statuses,
	// bodies that are not JSON, the contract's translations.
	for _, c := range []struct {
		method, path string
		status       int
		ct, body     string
	}{
		{"GET", "/v1/openapi.json", 200, "application/json", `{}`},
		{"GET", "/v1/orgs/o1/import-runs", 200, "application/json", `{}`},
		{"GET", "/v1/orgs/o1", 429, "application/json", `{}`},
		{"GET", "/v1/spaces/s1/files/f1/download", 200, "image/png", "\x89PNG"},
		{"GET", "/v1/orgs/o1/translations", 200, "application/json", `{"items":[{"object":"translation-settings"}]}`},
		{"GET", "/graphql", 200, "application/json", `{}`},
	} {
		if err := CheckGitBookSchema(c.method, c.path, c.status, c.ct, []byte(c.body)); err != nil {
			t.Errorf("%s %s %d: %v", c.method, c.path, c.status, err)
		}
	}
}
