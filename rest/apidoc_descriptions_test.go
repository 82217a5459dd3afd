package rest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph"
	"folio/rest/resttest"
)

// The REST document takes its descriptions from the GraphQL schema where a
// property, parameter or operation is a GraphQL field, input field or
// argument: one text, read in GraphiQL's documentation pane and in the
// OpenAPI document alike. The expected texts are read from the schema here,
// never copied.
func TestOpenAPIDescriptionsFromSchema(t *testing.T) {
	srv := resttest.New(t)
	var doc map[string]any
	if err := json.Unmarshal(openAPIDocument(t, srv), &doc); err != nil {
		t.Fatal(err)
	}
	schema := graph.Schema(&graph.Resolver{}).Schema()
	components := obj(obj(doc["components"])["schemas"])
	fieldDesc := func(typ, field string) string {
		t.Helper()
		def := schema.Types[typ]
		if def == nil || def.Fields.ForName(field) == nil {
			t.Fatalf("no field %s.%s in the schema", typ, field)
		}
		return strings.TrimSpace(def.Fields.ForName(field).Description)
	}
	argDesc := func(typ, field, arg string) string {
		t.Helper()
		a := schema.Types[typ].Fields.ForName(field).Arguments.ForName(arg)
		if a == nil {
			t.Fatalf("no argument %s.%s(%s:) in the schema", typ, field, arg)
		}
		return strings.TrimSpace(a.Description)
	}
	same := func(what string, got any, want string) {
		t.Helper()
		if want == "" {
			t.Fatalf("%s: the schema has no description to compare with", what)
		}
		if got != want {
			t.Errorf("%s: description %q, want the schema's %q", what, got, want)
		}
	}
	operation := func(method, path string) map[string]any {
		t.Helper()
		op := obj(obj(obj(doc["paths"])[path])[method])
		if op == nil {
			t.Fatalf("no %s %s in the document", method, path)
		}
		return op
	}
	param := func(op map[string]any, name string) map[string]any {
		t.Helper()
		for _, p := range op["parameters"].([]any) {
			if p := obj(p); p["name"] == name {
				return p
			}
		}
		t.Fatalf("no parameter %s", name)
		return nil
	}

	// Properties of response objects are the fields they are; @keepNull
	// fields too (their schema is an anyOf with null). An inline object
	// says what the field is first, then what its type is (Site.permissions:
	// what the caller may do with the site, then SitePermissions' text).
	site := obj(components["Site"])
	same("Site.hostname", obj(obj(site["properties"])["hostname"])["description"], fieldDesc("Site", "hostname"))
	same("Site.permissions", obj(obj(site["properties"])["permissions"])["description"],
		fieldDesc("Site", "permissions")+"\n\n"+strings.TrimSpace(schema.Types["SitePermissions"].Description))
	same("Space.defaultLevel", obj(obj(obj(components["Space"])["properties"])["defaultLevel"])["description"], fieldDesc("Space", "defaultLevel"))
	// Request bodies: input fields, nullable ones (anyOf) included.
	same("UpdateSiteInput.proxy", obj(obj(obj(components["UpdateSiteInput"])["properties"])["proxy"])["description"],
		fieldDesc("UpdateSiteInput", "proxy"))
	// An enum lists its values' descriptions after its own.
	mode := obj(components["SpaceEditMode"])["description"].(string)
	for _, v := range schema.Types["SpaceEditMode"].EnumValues {
		if !strings.Contains(mode, "`"+v.Name+"`: "+strings.TrimSpace(v.Description)) {
			t.Errorf("SpaceEditMode's description %q lacks the value %s's", mode, v.Name)
		}
	}

	// Operations are described by the field their body is; path and query
	// parameters by the argument their variable feeds.
	getSite := operation("get", "/v1/orgs/{organizationId}/sites/{siteId}")
	same("GET site", getSite["description"], fieldDesc("Organization", "site"))
	same("GET site {siteId}", param(getSite, "siteId")["description"], argDesc("Organization", "site", "id"))
	listSites := operation("get", "/v1/orgs/{organizationId}/sites")
	same("GET sites ?title", param(listSites, "title")["description"], argDesc("Organization", "sites", "title"))
	same("GET sites ?limit", param(listSites, "limit")["description"], argDesc("Organization", "sites", "limit"))
	published := operation("get", "/v1/orgs/{organizationId}/sites/{siteId}/published")
	same("GET published ?jwt_token", param(published, "jwt_token")["description"], argDesc("Query", "publishedSite", "visitorToken"))
	// A list parameter keeps its argument's description before saying how
	// it is sent.
	authors := param(operation("get", "/v1/spaces/{spaceId}/comments"), "authors")
	if want := strings.TrimSpace(argDesc("Space", "commentList", "authors") + " Repeated, or comma-separated."); authors["description"] != want {
		t.Errorf("?authors: description %q, want %q", authors["description"], want)
	}

	// Every component property that is a described field or input field
	// carries that field's description, at every depth (inline objects and
	// array items too). Aliases in the REST operations (children:
	// sections) are followed to the field they rename.
	aliases := operationAliases(t, schema)
	checked := 0
	var walk func(at string, def *ast.Definition, s map[string]any)
	walk = func(at string, def *ast.Definition, s map[string]any) {
		for name, p := range obj(s["properties"]) {
			fieldName := name
			if real, ok := aliases[def.Name+"."+name]; ok {
				fieldName = real
			}
			f := def.Fields.ForName(fieldName)
			if f == nil {
				continue
			}
			prop := obj(p)
			if d := strings.TrimSpace(f.Description); d != "" {
				checked++
				got, _ := prop["description"].(string)
				if got != d && !strings.HasPrefix(got, d+"\n\n") { // an inline object's type description follows
					t.Errorf("%s.%s: description %q, want the schema's %q", at, name, got, d)
				}
			}
			if items := obj(prop["items"]); items != nil {
				prop = items
			}
			if inner := schema.Types[f.Type.Name()]; inner != nil && prop["properties"] != nil {
				walk(at+"."+name, inner, prop)
			}
		}
	}
	for name, c := range components {
		if def := schema.Types[name]; def != nil && (def.Kind == ast.Object || def.Kind == ast.InputObject) {
			walk(name, def, obj(c))
		}
	}
	t.Logf("%d properties carry their field's description", checked)
	if checked < 200 {
		t.Errorf("only %d properties compared with the schema: the walk misses most of the document", checked)
	}
}

// operationAliases maps "Type.alias" to the field an alias in the REST
// operations renames.
func operationAliases(t *testing.T, schema *ast.Schema) map[string]string {
	t.Helper()
	files, _ := filepath.Glob("operations/*.graphql")
	var src strings.Builder
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
		src.WriteByte('\n')
	}
	q, errs := gqlparser.LoadQuery(schema, src.String())
	if errs != nil {
		t.Fatal(errs)
	}
	out := map[string]string{}
	var walk func(set ast.SelectionSet)
	walk = func(set ast.SelectionSet) {
		for _, sel := range set {
			switch sel := sel.(type) {
			case *ast.Field:
				if sel.Alias != sel.Name && sel.ObjectDefinition != nil {
					out[sel.ObjectDefinition.Name+"."+sel.Alias] = sel.Name
				}
				walk(sel.SelectionSet)
			case *ast.InlineFragment:
				walk(sel.SelectionSet)
			}
		}
	}
	for _, op := range q.Operations {
		walk(op.SelectionSet)
	}
	for _, f := range q.Fragments {
		walk(f.SelectionSet)
	}
	if len(out) == 0 {
		t.Fatal("no alias found in the REST operations")
	}
	return out
}

// obj is a JSON object, or nil.
func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}
