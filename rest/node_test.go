package rest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"folio/domain"
	"folio/rest/resttest"
)

// nodeWorld is an organization holding one object of every type that
// implements Node, made through the GraphQL API by its admin.
type nodeWorld struct {
	srv   *resttest.Server
	admin *resttest.Client
	org   string
	// ids by GraphQL type name
	ids map[string]string
	// invitee is the user the Invitation invites (not a member).
	invitee *resttest.Client
	hookURL string // where the Webhook sends
}

// mutate runs a GraphQL document that must succeed and returns its data.
func mutate(t testing.TB, c *resttest.Client, doc string, vars map[string]any) map[string]any {
	t.Helper()
	res := c.GraphQL(doc, vars)
	if len(res.Errors) > 0 {
		t.Fatalf("%s: %v", strings.Fields(doc)[1], res.Errors)
	}
	var data map[string]any
	if err := json.Unmarshal(res.Data, &data); err != nil {
		t.Fatal(err)
	}
	return data
}

// at walks a decoded JSON value by keys (strings) and list indexes (ints).
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func newNodeWorld(t *testing.T) *nodeWorld {
	t.Helper()
	srv := resttest.New(t)
	srv.StartWorkers(workersFor) // processes the OpenAPI specification
	w := &nodeWorld{srv: srv, admin: srv.User("alice@example.com"), ids: map[string]string{}}
	w.invitee = srv.User("carol@example.com")
	a := w.admin
	id := func(data map[string]any, path ...any) string {
		t.Helper()
		s, _ := at(data, path...).(string)
		if s == "" {
			t.Fatalf("no id at %v in %v", path, data)
		}
		return s
	}
	w.org = id(mutate(t, a, `mutation { createOrganization(input: {title: "Acme"}) { id } }`, nil), "createOrganization", "id")
	org := map[string]any{"org": w.org}
	w.ids["Organization"] = w.org
	w.ids["User"] = a.UserID
	w.ids["Team"] = id(mutate(t, a, `mutation($org: ID!) { createTeam(organizationId: $org, input: {title: "Writers"}) { id } }`, org), "createTeam", "id")
	w.ids["Invite"] = id(mutate(t, a, `mutation($org: ID!) { createInvite(organizationId: $org, input: {role: edit}) { id } }`, org), "createInvite", "id")
	mutate(t, a, `mutation($org: ID!) { inviteUsers(organizationId: $org, input: {emails: ["carol@example.com"], role: read}) { invited } }`, org)
	w.ids["Invitation"] = id(mutate(t, a, `query($org: ID!) { organization(id: $org) { invitations { items { id } } } }`, org),
		"organization", "invitations", "items", 0, "id")
	w.ids["SAMLProvider"] = id(mutate(t, a, `mutation($org: ID!) { createSAMLProvider(organizationId: $org, input: {label: "Okta"}) { id } }`, org), "createSAMLProvider", "id")
	w.ids["Collection"] = id(mutate(t, a, `mutation($org: ID!) { createCollection(organizationId: $org, input: {title: "Manuals"}) { id } }`, org), "createCollection", "id")
	sp := mutate(t, a, `mutation($org: ID!, $parent: ID) { createSpace(organizationId: $org, input: {title: "Guide", parent: $parent}) { id revisionId } }`,
		map[string]any{"org": w.org, "parent": w.ids["Collection"]})
	w.ids["Space"] = id(sp, "createSpace", "id")
	w.ids["Revision"] = id(sp, "createSpace", "revisionId")
	inSpace := map[string]any{"space": w.ids["Space"]}
	w.ids["ChangeRequest"] = id(mutate(t, a, `mutation($space: ID!) { createChangeRequest(spaceId: $space, input: {subject: "Typos"}) { id } }`, inSpace), "createChangeRequest", "id")
	w.ids["Comment"] = id(mutate(t, a, `mutation($space: ID!) { postComment(spaceId: $space, input: {body: {markdown: "Looks good"}}) { id } }`, inSpace), "postComment", "id")
	// The reply is in a change request's thread: its location goes through
	// the comment, its change request and its space.
	inCR := map[string]any{"space": w.ids["Space"], "cr": w.ids["ChangeRequest"]}
	crComment := id(mutate(t, a, `mutation($space: ID!, $cr: String) { postComment(spaceId: $space, changeRequestId: $cr, input: {body: {markdown: "Why?"}}) { id } }`, inCR), "postComment", "id")
	inCR["comment"] = crComment
	w.ids["CommentReply"] = id(mutate(t, a, `mutation($space: ID!, $cr: String, $comment: ID!) {
		postCommentReply(spaceId: $space, changeRequestId: $cr, commentId: $comment, input: {body: {markdown: "Because."}}) { id } }`, inCR), "postCommentReply", "id")
	w.ids["CustomField"] = id(mutate(t, a, `mutation($org: ID!) { createCustomField(organizationId: $org, input: {name: "owner", type: "text"}) { id } }`, org), "createCustomField", "id")
	w.ids["OpenAPISpec"] = id(mutate(t, a, `mutation($org: ID!, $text: String) { createOpenAPISpec(organizationId: $org, input: {slug: "pets", source: {text: $text}}) { id } }`,
		map[string]any{"org": w.org, "text": petstore("Pets")}), "createOpenAPISpec", "id")
	spec := waitSpec(t, a, "/v1/orgs/"+w.org+"/openapi/pets", complete)
	w.ids["OpenAPISpecVersion"] = resttest.Str(spec, "lastVersion")
	w.ids["TranslationSettings"] = id(mutate(t, a, `mutation($org: ID!) { createTranslationSettings(organizationId: $org, input: {title: "Europe", languages: ["fr"]}) { id } }`, org), "createTranslationSettings", "id")
	site := mutate(t, a, `mutation($org: ID!, $spaces: SiteSpacesInput) { createSite(organizationId: $org, input: {title: "Docs", visibility: "share-link", spaces: $spaces}) { id } }`,
		map[string]any{"org": w.org, "spaces": []string{w.ids["Space"]}})
	w.ids["Site"] = id(site, "createSite", "id")
	inSite := map[string]any{"org": w.org, "site": w.ids["Site"], "space": w.ids["Space"]}
	w.ids["SiteSection"] = id(mutate(t, a, `mutation($org: ID!, $site: ID!, $space: ID!) { addSiteSection(organizationId: $org, siteId: $site, input: {spaceId: $space, title: "API"}) { id } }`, inSite),
		"addSiteSection", "id")
	w.ids["SiteSectionGroup"] = id(mutate(t, a, `mutation($org: ID!, $site: ID!) { addSiteSectionGroup(organizationId: $org, siteId: $site, input: {title: "Reference"}) { id } }`,
		map[string]any{"org": w.org, "site": w.ids["Site"]}), "addSiteSectionGroup", "id")
	w.ids["SiteSpace"] = id(mutate(t, a, `query($org: ID!, $site: ID!) { organization(id: $org) { site(id: $site) { siteSpaceList { items { id } } } } }`,
		map[string]any{"org": w.org, "site": w.ids["Site"]}), "organization", "site", "siteSpaceList", "items", 0, "id")
	w.ids["ShareLink"] = id(mutate(t, a, `mutation($org: ID!, $site: ID!) { createShareLink(organizationId: $org, siteId: $site, input: {name: "Partners"}) { id } }`,
		map[string]any{"org": w.org, "site": w.ids["Site"]}), "createShareLink", "id")
	w.ids["SiteRedirect"] = id(mutate(t, a, `mutation($org: ID!, $site: ID!) { createSiteRedirect(organizationId: $org, siteId: $site, input: {source: "/old", destination: {kind: "external", url: "https://example.com/new"}}) { id } }`,
		map[string]any{"org": w.org, "site": w.ids["Site"]}), "createSiteRedirect", "id")
	hook := newReceiver(t, 0, 0)
	w.hookURL = hook.URL
	w.ids["Webhook"] = id(mutate(t, a, `mutation($org: ID!, $url: String!) { createWebhook(organizationId: $org, input: {url: $url, events: ["space.updated"]}) { id } }`,
		map[string]any{"org": w.org, "url": hook.URL}), "createWebhook", "id")
	// A change after the webhook exists makes a delivery.
	mutate(t, a, `mutation($space: ID!) { updateSpace(spaceId: $space, input: {title: "Guide 2"}) { id } }`, inSpace)
	w.ids["WebhookDelivery"] = id(mutate(t, a, `query($org: ID!, $hook: ID!) { organization(id: $org) { webhook(webhookId: $hook) { deliveries { items { id } } } } }`,
		map[string]any{"org": w.org, "hook": w.ids["Webhook"]}), "organization", "webhook", "deliveries", "items", 0, "id")
	// The admin's own credentials: a personal token and a session.
	w.ids["PersonalToken"] = id(mutate(t, a, `mutation { createPersonalToken(input: {name: "Node test"}) { id } }`, nil), "createPersonalToken", "id")
	w.ids["Session"] = srv.Browser(a.Email).SessionID
	return w
}

// nodeFields asks, for each type, for a field only that type has, through
// an inline fragment.
const nodeQuery = `query Node($id: ID!) {
  node(id: $id) {
    __typename
    id
    ... on Organization { title }
    ... on User { userEmail: email }
    ... on Team { title }
    ... on Invite { role }
    ... on Invitation { email }
    ... on SAMLProvider { label }
    ... on Collection { title }
    ... on Space { title }
    ... on Revision { type }
    ... on ChangeRequest { subject }
    ... on Comment { body { markdown } }
    ... on CommentReply { body { markdown } }
    ... on CustomField { name }
    ... on OpenAPISpec { slug }
    ... on OpenAPISpecVersion { url }
    ... on TranslationSettings { languages }
    ... on Site { title }
    ... on SiteSection { title }
    ... on SiteSectionGroup { title }
    ... on SiteSpace { path }
    ... on ShareLink { linkName: name }
    ... on SiteRedirect { source }
    ... on Webhook { url }
    ... on WebhookDelivery { eventType }
    ... on PersonalToken { tokenName: name }
    ... on Session { userAgent }
  }
}`

// nodeWant is the field nodeQuery reads of each type, and its value in nodeWorld.
var nodeWant = map[string][2]string{
	"Organization":        {"title", "Acme"},
	"User":                {"userEmail", "alice@example.com"},
	"Team":                {"title", "Writers"},
	"Invite":              {"role", "edit"},
	"Invitation":          {"email", "carol@example.com"},
	"SAMLProvider":        {"label", "Okta"},
	"Collection":          {"title", "Manuals"},
	"Space":               {"title", "Guide 2"},
	"Revision":            {"type", "edits"},
	"ChangeRequest":       {"subject", "Typos"},
	"Comment":             {"body.markdown", "Looks good"},
	"CommentReply":        {"body.markdown", "Because."},
	"CustomField":         {"name", "owner"},
	"OpenAPISpec":         {"slug", "pets"},
	"OpenAPISpecVersion":  {"url", ""}, // checked for presence only
	"TranslationSettings": {"languages", "[fr]"},
	"Site":                {"title", "Docs"},
	"SiteSection":         {"title", "API"},
	"SiteSectionGroup":    {"title", "Reference"},
	"SiteSpace":           {"path", ""},
	"ShareLink":           {"linkName", "Partners"},
	"SiteRedirect":        {"source", "/old"},
	"Webhook":             {"url", ""},
	"WebhookDelivery":     {"eventType", "space.updated"},
	"PersonalToken":       {"tokenName", "Node test"},
	"Session":             {"userAgent", "resttest browser"},
}

// nodeBody posts nodeQuery for id and returns the raw response.
func nodeBody(t *testing.T, c *resttest.Client, id string) (int, string) {
	t.Helper()
	r := c.Post("/graphql", map[string]any{"query": nodeQuery, "variables": map[string]any{"id": id}})
	return r.Status, string(r.Body)
}

// TestNodeEveryType fetches one object of every Node type by its id alone:
// node answers it with its type and the fields of its fragment.
func TestNodeEveryType(t *testing.T) {
	w := newNodeWorld(t)
	if len(w.ids) != len(nodeWant) {
		t.Fatalf("the world has %d types, nodeWant %d", len(w.ids), len(nodeWant))
	}
	for typ, id := range w.ids {
		t.Run(typ, func(t *testing.T) {
			res := w.admin.In(t).GraphQL(nodeQuery, map[string]any{"id": id})
			if len(res.Errors) > 0 {
				t.Fatalf("errors: %v", res.Errors)
			}
			var data struct{ Node map[string]any }
			json.Unmarshal(res.Data, &data)
			if data.Node == nil {
				t.Fatalf("node(%s) is null", id)
			}
			if data.Node["__typename"] != typ || data.Node["id"] != id {
				t.Errorf("node = %v, want a %s with id %s", data.Node, typ, id)
			}
			want := nodeWant[typ]
			var got any = data.Node
			for _, k := range strings.Split(want[0], ".") {
				got = at(got, k)
			}
			switch {
			case got == nil:
				t.Errorf("%s.%s is absent: %v", typ, want[0], data.Node)
			case want[1] != "" && fmt.Sprint(got) != want[1]:
				t.Errorf("%s.%s = %v, want %s", typ, want[0], got, want[1])
			}
		})
	}
}

// TestNodeHidesWhatTheCallerMayNotRead: an object of another organization,
// an object the caller's role does not open, and an id that names nothing
// are answered with the same bytes.
func TestNodeHidesWhatTheCallerMayNotRead(t *testing.T) {
	w := newNodeWorld(t)
	unknownStatus, unknown := nodeBody(t, w.admin, domain.NewID())
	if unknownStatus != http.StatusOK || unknown != `{"data":{"node":null}}` {
		t.Fatalf("unknown id: %d %s", unknownStatus, unknown)
	}

	// A stranger (in an organization of their own) reads none of them.
	bob := w.srv.User("bob@example.com")
	createOrg(t, bob, "Globex")
	for typ, id := range w.ids {
		if status, body := nodeBody(t, bob, id); status != unknownStatus || body != unknown {
			t.Errorf("stranger, %s: %d %s, want the unknown id's %s", typ, status, body, unknown)
		}
	}

	// A member with the read role reads the content and the organization,
	// not what needs a higher role (or admin).
	reader := member(t, w.srv, w.org, "dave@example.com", rolePtr(domain.RoleRead))
	hidden := []string{"Invite", "Invitation", "SAMLProvider", "ShareLink", "Webhook", "WebhookDelivery", "PersonalToken", "Session"}
	for typ, id := range w.ids {
		status, body := nodeBody(t, reader, id)
		switch {
		case slices.Contains(hidden, typ):
			if status != unknownStatus || body != unknown {
				t.Errorf("reader, %s: %d %s, want the unknown id's %s", typ, status, body, unknown)
			}
		case !strings.Contains(body, `"__typename":"`+typ+`"`):
			t.Errorf("reader, %s: %d %s, want the object", typ, status, body)
		}
	}

	// A guest of the organization (no role) sees neither its sites nor a
	// space it was not given.
	guest := member(t, w.srv, w.org, "erin@example.com", nil)
	for _, typ := range []string{"Site", "SiteSection", "SiteSpace", "SiteRedirect", "Space", "Team"} {
		if status, body := nodeBody(t, guest, w.ids[typ]); status != unknownStatus || body != unknown {
			t.Errorf("guest, %s: %d %s, want the unknown id's %s", typ, status, body, unknown)
		}
	}

	// The invitee reads the invitation to their address, and nothing else
	// of the organization they have not joined.
	if _, body := nodeBody(t, w.invitee, w.ids["Invitation"]); !strings.Contains(body, `"email":"carol@example.com"`) {
		t.Errorf("invitee, Invitation: %s", body)
	}
	if _, body := nodeBody(t, w.invitee, w.ids["Organization"]); body != unknown {
		t.Errorf("invitee, Organization: %s", body)
	}

	// A deleted space is gone for node as for space(id:).
	mutate(t, w.admin, `mutation($space: ID!) { deleteSpace(spaceId: $space) }`, map[string]any{"space": w.ids["Space"]})
	if _, body := nodeBody(t, w.admin, w.ids["Space"]); body != unknown {
		t.Errorf("deleted space: %s", body)
	}
}

// TestNodeAnonymous: without a token node is refused as every read by id
// is, whatever the id names.
func TestNodeAnonymous(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Public", "visibility": "public"})
	anon := srv.Anonymous()
	status, known := nodeBody(t, anon, space)
	unknownStatus, unknown := nodeBody(t, anon, domain.NewID())
	if status != unknownStatus || known != unknown {
		t.Errorf("anonymous: known id %d %s, unknown id %d %s", status, known, unknownStatus, unknown)
	}
	res := anon.GraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, map[string]any{"ids": []string{space}})
	if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "UNAUTHENTICATED" || !strings.Contains(known, `"UNAUTHENTICATED"`) {
		t.Errorf("anonymous: node %s, nodes %+v; want UNAUTHENTICATED", known, res.Errors)
	}
}

// TestNodesOrderAndLimit: nodes answers in the order of the ids, null for
// the ones node answers null, an id given twice twice; 101 ids are refused.
func TestNodesOrderAndLimit(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	bob := srv.User("bob@example.com")
	foreign := createSpaceID(t, bob, createOrg(t, bob, "Globex"), map[string]any{"title": "Secret"})

	ids := []string{space, domain.NewID(), org, foreign, space, alice.UserID}
	res := alice.GraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, map[string]any{"ids": ids})
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	want := `{"nodes":[{"__typename":"Space","id":"` + space + `"},null,{"__typename":"Organization","id":"` + org +
		`"},null,{"__typename":"Space","id":"` + space + `"},{"__typename":"User","id":"` + alice.UserID + `"}]}`
	if string(res.Data) != want {
		t.Errorf("nodes = %s\nwant    %s", res.Data, want)
	}

	empty := alice.GraphQL(`{ nodes(ids: []) { id } }`, nil)
	if len(empty.Errors) > 0 || string(empty.Data) != `{"nodes":[]}` {
		t.Errorf("no ids: %s %v", empty.Data, empty.Errors)
	}

	many := make([]string, 101)
	for i := range many {
		many[i] = space
	}
	for _, n := range []int{100, 101} {
		r := alice.Post("/graphql", map[string]any{"query": `query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, "variables": map[string]any{"ids": many[:n]}})
		var out resttest.GraphQLResult
		r.Decode(&out)
		if n == 100 {
			if len(out.Errors) > 0 || strings.Count(string(out.Data), space) != 100 {
				t.Errorf("100 ids: %s", r.Body)
			}
			continue
		}
		if len(out.Errors) != 1 || out.Errors[0].Extensions["code"] != string(domain.CodeInvalid) ||
			out.Errors[0].Message != "ids: must have at most 100 items" || string(out.Data) != `null` && string(out.Data) != "" {
			t.Errorf("101 ids: %d %s", r.Status, r.Body)
		}
	}
}

// TestNodesStatements: a nodes request over ids of several types locates
// them all in one statement, and the objects read through a loader (the
// organization, spaces, collections, teams, revisions) cost one statement
// per type however many there are.
func TestNodesStatements(t *testing.T) {
	w := newNodeWorld(t)
	doc := `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`
	run := func(ids []string) int {
		t.Helper()
		res := w.admin.GraphQL(doc, map[string]any{"ids": ids})
		if len(res.Errors) > 0 || strings.Contains(string(res.Data), "null") {
			t.Fatalf("nodes: %s %v", res.Data, res.Errors)
		}
		return res.Statements
	}
	kinds := []string{"Organization", "Space", "Collection", "Team", "Revision"}
	var one []string
	for _, k := range kinds {
		one = append(one, w.ids[k])
	}
	// The token, the location of every id, the organization (with the
	// caller's membership), the spaces (with it), the collections, the
	// teams, the revisions.
	if n := run(one); n != 7 {
		t.Errorf("nodes of %v: %d statements, want 7", kinds, n)
	}

	// More objects of the same kinds cost nothing more.
	more := slices.Clone(one)
	a := w.admin
	for i := range 3 {
		more = append(more,
			resttest.Str(mutate(t, a, `mutation($org: ID!, $t: String!) { createTeam(organizationId: $org, input: {title: $t}) { id } }`,
				map[string]any{"org": w.org, "t": fmt.Sprint("Team ", i)})["createTeam"].(map[string]any), "id"),
			createSpaceID(t, a, w.org, map[string]any{"title": fmt.Sprint("Space ", i)}),
			createCollection(t, a, w.org, map[string]any{"title": fmt.Sprint("Collection ", i)}))
	}
	if n := run(more); n != 7 {
		t.Errorf("nodes of %d ids of the same kinds: %d statements, want 7", len(more), n)
	}

	// Every type at once: the kinds read through a store method each add
	// their own statements.
	var all []string
	for _, id := range w.ids {
		all = append(all, id)
	}
	t.Logf("nodes of all %d types: %d statements", len(all), run(all))
}

// TestNodeAmbiguousID: an id held by two tables is not resolved by
// whichever table comes first: it names nothing, for node and nodes alike.
func TestNodeAmbiguousID(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	settings := resttest.Str(mutate(t, alice, `mutation($org: ID!) { createTranslationSettings(organizationId: $org, input: {title: "Europe"}) { id } }`,
		map[string]any{"org": org})["createTranslationSettings"].(map[string]any), "id")
	if _, body := nodeBody(t, alice, settings); !strings.Contains(body, `"__typename":"TranslationSettings"`) {
		t.Fatalf("translation settings before: %s", body)
	}
	// Only a fault (or a hand-made row) can do this: ids are random.
	if _, err := srv.Store.DB.NewRaw(`UPDATE translation_settings SET id = ? WHERE id = ?`, space, settings).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, unknown := nodeBody(t, alice, domain.NewID())
	if _, body := nodeBody(t, alice, space); body != unknown {
		t.Errorf("an id in two tables: %s, want %s", body, unknown)
	}
	res := alice.GraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, map[string]any{"ids": []string{space, org}})
	if string(res.Data) != `{"nodes":[null,{"id":"`+org+`"}]}` {
		t.Errorf("nodes with an id in two tables: %s %v", res.Data, res.Errors)
	}
}
