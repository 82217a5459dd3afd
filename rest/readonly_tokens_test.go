package rest_test

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2/ast"

	"folio/domain"
	"folio/graph"
	"folio/rest"
	"folio/rest/resttest"
)

// dbSnapshot is a digest of every table's rows, to tell whether a request
// changed anything. Bookkeeping that is no request's own work is left out:
// the rate limit's counts and the last-use times of tokens and sessions.
func dbSnapshot(t *testing.T, srv *resttest.Server) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := srv.Store.DB.QueryContext(ctx, `SELECT table_name FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY 1`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string]string{}
	for _, name := range tables {
		var sum string
		row := `(to_jsonb(x) - 'last_used_at' - 'last_seen_at')::text`
		err := srv.Store.DB.QueryRowContext(ctx, `SELECT count(*) || ':' || md5(coalesce(string_agg(`+row+`, ',' ORDER BY `+row+`), ''))
			FROM "`+name+`" AS x`).Scan(&sum)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = sum
	}
	return out
}

// sameSnapshot fails the test for every table that changed.
func sameSnapshot(t *testing.T, before, after map[string]string) {
	t.Helper()
	for name, sum := range before {
		if after[name] != sum {
			t.Errorf("table %s changed: %s -> %s", name, sum, after[name])
		}
	}
}

var pathParam = regexp.MustCompile(`\{([^}.]+)(\.\.\.)?\}`)

// TestReadOnlyTokenRefusedEveryWrite: a read-only personal token gets 403
// on every REST route but GET (the whole route table, with real ids where
// the world has them) and on every mutation of the schema, before anything
// is done: the database is the same afterwards. Its reads, queries and
// subscriptions work.
func TestReadOnlyTokenRefusedEveryWrite(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	space := createSpaceID(t, alice, org, map[string]any{"title": "Guide"})
	publish(t, alice, space, insert("guide", "", "# Guide\n\nText.\n"))
	cr := resttest.Str(newCR(t, alice, space, "Typos"), "id")
	comment := resttest.Str(alice.Post("/v1/spaces/"+space+"/comments", map[string]any{"body": map[string]any{"markdown": "Hi"}}).Expect(http.StatusOK).JSON(), "id")
	team := resttest.Str(alice.Put("/v1/orgs/"+org+"/teams", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")
	collection := resttest.Str(alice.Post("/v1/orgs/"+org+"/collections", map[string]any{"title": "Manuals"}).Expect(http.StatusCreated).JSON(), "id")
	other := createToken(t, alice, map[string]any{"name": "Other"})
	browser := srv.Browser(alice.Email)
	ro := createToken(t, alice, map[string]any{"name": "Reader", "readOnly": true})
	if ro["readOnly"] != true {
		t.Fatalf("created: %v", ro)
	}
	reader := asToken(alice, resttest.Str(ro, "token"))
	ids := map[string]string{
		"organizationId": org, "spaceId": space, "changeRequestId": cr, "commentId": comment, "teamId": team,
		"collectionId": collection, "userId": alice.UserID, "tokenId": resttest.Str(ro, "id"), "sessionId": browser.SessionID,
		"pagePath": "guide", "emailDomain": "example.com", "specSlug": "pets", "fieldName": "owner",
	}

	// Reads work (and the token's first use is recorded before the snapshot).
	reader.Get("/v1/user").Expect(http.StatusOK)
	reader.Get("/v1/orgs/" + org).Expect(http.StatusOK)
	reader.Get("/v1/spaces/" + space + "/content/path/guide").Expect(http.StatusOK)
	if res := reader.GraphQL(`query($id: ID!) { space(id: $id) { title } }`, map[string]any{"id": space}); len(res.Errors) > 0 {
		t.Fatalf("a query: %v", res.Errors)
	}
	before := dbSnapshot(t, srv)

	// POST routes that run a query only read: a read-only token may call
	// them (the snapshot below shows nothing changed).
	readingPosts := []string{"AggregateSiteEvents"}
	writes := 0
	for _, r := range rest.Routes() {
		if r.Method == http.MethodGet || slices.Contains(readingPosts, r.Op) {
			continue
		}
		writes++
		path := pathParam.ReplaceAllStringFunc(r.Path, func(m string) string {
			name := pathParam.FindStringSubmatch(m)[1]
			if id, ok := ids[name]; ok {
				return id
			}
			return domain.NewID()
		})
		var body any
		if r.Body {
			body = map[string]any{"title": "Changed", "name": "Changed"}
		}
		t.Run(r.Method+" "+r.Path, func(t *testing.T) {
			msg := reader.In(t).Do(r.Method, path, body).ExpectError(http.StatusForbidden)
			if !strings.Contains(msg, "read-only") {
				t.Errorf("%s %s: %q", r.Method, path, msg)
			}
		})
	}
	if writes < 90 {
		t.Fatalf("only %d routes but GET: the walk missed the route table", writes)
	}

	// Every mutation of the schema, each with its required arguments.
	schema := graph.Schema(&graph.Resolver{}).Schema()
	mutations := 0
	for _, f := range schema.Mutation.Fields {
		if strings.HasPrefix(f.Name, "__") {
			continue
		}
		mutations++
		doc := "mutation { " + f.Name + arguments(schema, f.Arguments) + selection(schema, f.Type) + " }"
		t.Run("mutation "+f.Name, func(t *testing.T) {
			res := reader.In(t).GraphQL(doc, nil)
			if len(res.Errors) != 1 || res.Errors[0].Extensions["code"] != "FORBIDDEN" || (len(res.Data) > 0 && string(res.Data) != "null") {
				t.Errorf("%s: %s %+v, want FORBIDDEN and no data", doc, res.Data, res.Errors)
			}
		})
	}
	if mutations < 50 {
		t.Fatalf("only %d mutations walked", mutations)
	}
	sameSnapshot(t, before, dbSnapshot(t, srv))

	// The other credentials still work: nothing was revoked or ended.
	asToken(alice, resttest.Str(other, "token")).Get("/v1/user").Expect(http.StatusOK)
	browser.Get("/v1/user").Expect(http.StatusOK)

	// Subscriptions are reads: the read-only token's stream gets events.
	d := newSSEDriver(t, srv)
	d.accepted("feed", reader, orgEventsQuery, map[string]any{"org": org})
	made := createSpaceID(t, alice, org, map[string]any{"title": "Second"})
	if e := d.event("feed"); e.ObjectID != made || e.Type != "space.created" {
		t.Fatalf("read-only subscriber got %+v, want the space created", e)
	}
}

// arguments writes the required arguments of a field as literals.
func arguments(schema *ast.Schema, args ast.ArgumentDefinitionList) string {
	var parts []string
	for _, a := range args {
		if a.Type.NonNull && a.DefaultValue == nil {
			parts = append(parts, a.Name+": "+literal(schema, a.Type))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// literal is a value of type t that validates: literal arguments are only
// coerced when their field runs, which a refused mutation never does, so
// any string does for a custom scalar.
func literal(schema *ast.Schema, t *ast.Type) string {
	if t.Elem != nil {
		return "[]"
	}
	def := schema.Types[t.NamedType]
	switch def.Kind {
	case ast.Enum:
		return def.EnumValues[0].Name
	case ast.InputObject:
		var fields []string
		for _, f := range def.Fields {
			if f.Type.NonNull && f.DefaultValue == nil {
				fields = append(fields, f.Name+": "+literal(schema, f.Type))
			}
		}
		sort.Strings(fields)
		return "{" + strings.Join(fields, ", ") + "}"
	}
	switch t.NamedType {
	case "Int", "Float":
		return "1"
	case "Boolean":
		return "true"
	}
	return `"x"`
}

// selection selects __typename of a result that is an object.
func selection(schema *ast.Schema, t *ast.Type) string {
	for t.Elem != nil {
		t = t.Elem
	}
	switch schema.Types[t.NamedType].Kind {
	case ast.Object, ast.Interface, ast.Union:
		return " { __typename }"
	}
	return ""
}
