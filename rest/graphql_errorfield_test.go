package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
)

// TestGraphQLErrorsNameTheirField: an INVALID answer names the input field
// it is about in extensions.field (what a form needs to show the message
// next to that field), whether a directive, a resolver or variable
// coercion refused it; REST bodies stay {code, message}.
func TestGraphQLErrorsNameTheirField(t *testing.T) {
	srv := resttest.New(t)
	admin := srv.User("admin@example.com")
	org := createOrg(t, admin, "Acme")

	cases := []struct {
		name, query string
		vars        map[string]any
		field, msg  string
	}{
		{"directive-length", `mutation($org: ID!, $in: CreateSiteInput!) { createSite(organizationId: $org, input: $in) { id } }`,
			map[string]any{"org": org, "in": map[string]any{"title": "x"}}, "title", "title: must have at least 2 characters"},
		{"directive-url", `mutation($org: ID!, $in: CreateWebhookInput!) { createWebhook(organizationId: $org, input: $in) { id } }`,
			map[string]any{"org": org, "in": map[string]any{"url": "not a url"}}, "url", "url: must be an absolute http or https URL"},
		{"resolver", `mutation($org: ID!, $in: InviteUsersInput!) { inviteUsers(organizationId: $org, input: $in) { invited } }`,
			map[string]any{"org": org, "in": map[string]any{"emails": []any{"nobody"}}}, "emails", ""},
		{"variable-coercion", `mutation($in: CreatePersonalTokenInput!) { createPersonalToken(input: $in) { id } }`,
			map[string]any{"in": map[string]any{"readOnly": true}}, "name", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := admin.GraphQL(c.query, c.vars)
			if len(res.Errors) != 1 {
				t.Fatalf("errors: %+v", res.Errors)
			}
			e := res.Errors[0]
			if e.Extensions["field"] != c.field {
				t.Errorf("extensions %v, want field %q (message %q)", e.Extensions, c.field, e.Message)
			}
			if c.msg != "" && e.Message != c.msg {
				t.Errorf("message %q, want %q", e.Message, c.msg)
			}
		})
	}

	// An error about no one field names none.
	res := admin.GraphQL(`mutation { revokePersonalToken(id: "nope") }`, nil)
	if len(res.Errors) != 1 || res.Errors[0].Extensions["field"] != nil {
		t.Errorf("not found: %+v", res.Errors)
	}
	// REST keeps the GitBook error body: code and message only.
	body := admin.Post("/v1/orgs/"+org+"/sites", map[string]any{"title": "x"}).Expect(http.StatusBadRequest).JSON()
	if e, _ := body["error"].(map[string]any); len(e) != 2 || e["message"] != "title: must have at least 2 characters" {
		t.Errorf("REST body: %v", body)
	}
}
