package rest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"folio/internal/buildinfo"
	"folio/store"
)

// OpenAPI generates the OpenAPI 3.1 document of the REST API from the route
// table and the GraphQL schema: each route's parameters come from its path
// and its operation's variables, its request body from the input type (with
// the @length, @pattern, @range and @url rules), and its response from the
// fields its operation selects, as REST shapes them: a nullable field is
// absent rather than null, except @keepNull fields, which are always there.
func OpenAPI(schema *ast.Schema, routes []compiled, publicURL string) ([]byte, error) {
	g := &openapi{schema: schema, components: map[string]any{}, fragmentNames: map[string]string{}}
	ids, err := operationIDs(routes)
	if err != nil {
		return nil, err
	}
	paths := map[string]map[string]any{}
	for i := range routes {
		c := &routes[i]
		op, err := g.operation(c, ids[i])
		if err != nil {
			return nil, fmt.Errorf("OpenAPI of %s %s: %w", c.Method, c.Path, err)
		}
		path := openAPIPath(c.Path)
		if paths[path] == nil {
			paths[path] = map[string]any{}
		}
		paths[path][strings.ToLower(c.Method)] = op
	}
	g.components["Error"] = map[string]any{
		"type":     "object",
		"required": []string{"error"},
		"properties": map[string]any{"error": map[string]any{
			"type":     "object",
			"required": []string{"code", "message"},
			"properties": map[string]any{
				"code":    map[string]any{"type": "integer", "description": "The HTTP status code."},
				"message": map[string]any{"type": "string"},
			},
		}},
	}
	g.eventTypes()
	doc := map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":   "Folio API",
			"version": buildinfo.Version,
			"description": "The REST API of this Folio server, wire-compatible with the GitBook API. " +
				"Generated from Folio's route table and GraphQL schema (GET /graphql/schema.graphql).",
			// The repository has no LICENSE file and the README names no
			// license, so the document claims none: all rights reserved.
			"license": map[string]any{"name": "All rights reserved"},
		},
		"servers": []any{map[string]any{"url": strings.TrimRight(publicURL, "/")}},
		"paths":   paths,
		"components": map[string]any{
			"schemas": g.components,
			"securitySchemes": map[string]any{"apiToken": map[string]any{
				"type": "http", "scheme": "bearer",
				"description": "An API token (gb_api_...): a personal token (POST /v1/user/tokens) or one of `folio token create`. " +
					"A browser signed in on the server's pages may use its session cookie instead (writes need its CSRF token).",
			}},
			"responses": map[string]any{"Error": map[string]any{
				"description": `An error: {"error": {"code": <status>, "message": "..."}}. ` +
					`429 when the rate limit is exceeded, with Retry-After.`,
				"content": map[string]any{"application/json": map[string]any{"schema": ref("Error")}},
				"headers": withHeaders(map[string]any{"Retry-After": map[string]any{
					"description": "On a 429: seconds until the rate limit window ends.",
					"schema":      map[string]any{"type": "integer"},
				}}),
			}},
			"headers": commonHeaders,
		},
		"security": []any{map[string]any{"apiToken": []string{}}},
	}
	return json.MarshalIndent(doc, "", "  ")
}

// commonHeaders are sent with every response (the rate limit's when it is
// enabled).
var commonHeaders = map[string]any{
	"X-Request-Id": map[string]any{"description": "The request's id, as in the server's logs.", "schema": map[string]any{"type": "string"}},
	"X-RateLimit-Limit": map[string]any{"description": "Requests allowed per window (when rate limiting is enabled).",
		"schema": map[string]any{"type": "integer"}},
	"X-RateLimit-Remaining": map[string]any{"description": "Requests left in the current window.", "schema": map[string]any{"type": "integer"}},
	"X-RateLimit-Reset": map[string]any{"description": "When the current window ends, in Unix epoch seconds.",
		"schema": map[string]any{"type": "integer"}},
}

// withHeaders adds references to the common headers to a response's headers.
func withHeaders(h map[string]any) map[string]any {
	for name := range commonHeaders {
		h[name] = map[string]any{"$ref": "#/components/headers/" + name}
	}
	return h
}

type openapi struct {
	schema        *ast.Schema
	components    map[string]any
	fragmentNames map[string]string // fragment name -> component name
}

func ref(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }

func (g *openapi) operation(c *compiled, id string) (map[string]any, error) {
	// The summary is the id in words; the description, that of the field
	// the body is (for a query, the field at the route's result path, not
	// the organization or space it is reached through).
	op := map[string]any{"operationId": id, "summary": words(id)}
	if f := resultField(c); f != nil && f.Definition != nil && f.Definition.Description != "" {
		op["description"] = strings.TrimSpace(f.Definition.Description)
	}
	if seg := strings.Split(strings.TrimPrefix(c.Path, "/v1/"), "/"); len(seg) > 0 {
		op["tags"] = []string{tagOf(seg)}
	}
	var params []any
	for _, name := range c.pathVars {
		param := map[string]any{"name": name, "in": "path", "required": true, "schema": map[string]any{"type": "string"}}
		var desc []string
		if arg := argumentFed(c.op.SelectionSet, name); arg != nil && arg.Description != "" {
			desc = append(desc, arg.Description)
		}
		if strings.Contains(c.Path, "{"+name+"...}") {
			// ServeMux's {name...}: the rest of the path, slashes included
			// (percent-decoded, so %2F is a slash too).
			desc = append(desc, "The rest of the URL path: it may contain slashes, "+
				"sent as they are (getting-started/install) or percent-encoded (getting-started%2Finstall).")
		}
		if desc != nil {
			param["description"] = strings.Join(desc, " ")
		}
		params = append(params, param)
	}
	for _, p := range c.Query {
		v := c.op.VariableDefinitions.ForName(p.Name)
		if v == nil {
			return nil, fmt.Errorf("query parameter %s is no variable of %s", p.Name, c.Op)
		}
		schema := g.typeSchema(v.Type, false)
		param := map[string]any{"name": p.Name, "in": "query", "schema": schema}
		// The rules and default of the argument the variable feeds.
		if arg := argumentFed(c.op.SelectionSet, p.Name); arg != nil {
			if m, ok := schema.(map[string]any); ok {
				if _, isRef := m["$ref"]; !isRef {
					m = applyRules(m, arg.Type, arg.Directives)
					if arg.DefaultValue != nil {
						if d, err := arg.DefaultValue.Value(nil); err == nil {
							m["default"] = d
						}
					}
					param["schema"] = m
				}
			}
			if arg.Description != "" {
				param["description"] = arg.Description
			}
		}
		if p.Kind == List {
			param["style"], param["explode"] = "form", true
			desc, _ := param["description"].(string)
			param["description"] = strings.TrimSpace(desc + " Repeated, or comma-separated.")
		}
		params = append(params, param)
	}
	write := c.Method == http.MethodPost || c.Method == http.MethodPut || c.Method == http.MethodPatch
	if write && !c.Secret {
		params = append(params, map[string]any{"name": "Idempotency-Key", "in": "header", "schema": map[string]any{
			"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[\\x20-\\x7e]+$"},
			"description": "Makes a retry safe: the first answer under this key (per API token, for 24 hours) is sent again " +
				"byte for byte, with Idempotent-Replayed: true, and nothing is written again. The same key with another " +
				"request is 422; a retry while the first request runs is 409."})
	}
	if c.dry != nil {
		params = append(params, map[string]any{"name": "dryRun", "in": "query", "schema": map[string]any{"type": "boolean", "default": false},
			"description": "true: write nothing and answer what the request would do instead (200, " + c.dry.Op + "): " +
				strings.TrimSpace(resultField(c.dry).Definition.Description)})
	}
	if c.IfMatch {
		params = append(params, map[string]any{"name": "If-Match", "in": "header", "schema": map[string]any{"type": "string"},
			"description": "The ETag of a page read (or a revision id) the change is based on: when the content moved since, " +
				"nothing is written and the answer is 412 with the current revision and the pages changed since."})
	}
	if params != nil {
		op["parameters"] = params
	}
	if c.Body {
		v := c.op.VariableDefinitions.ForName("input")
		if v == nil {
			return nil, fmt.Errorf("a body route needs the variable $input")
		}
		op["requestBody"] = map[string]any{
			"required": true,
			"content":  map[string]any{"application/json": map[string]any{"schema": g.typeSchema(v.Type, false)}},
		}
	}
	success := map[string]any{"description": http.StatusText(c.Status), "headers": withHeaders(map[string]any{})}
	switch {
	case c.Status == http.StatusNoContent || c.Status == http.StatusResetContent:
	case c.Empty:
		success["content"] = jsonContent(map[string]any{"type": "object", "maxProperties": 0})
	default:
		body, err := g.result(c)
		if err != nil {
			return nil, err
		}
		if c.dry != nil {
			dry, err := g.result(c.dry)
			if err != nil {
				return nil, err
			}
			body = map[string]any{"oneOf": []any{body, dry}, "description": "The result; with dryRun=true, what the request would do."}
		}
		success["content"] = jsonContent(body)
	}
	if c.Status == http.StatusCreated {
		success["headers"].(map[string]any)["Location"] = map[string]any{
			"description": "The created object's URL.", "schema": map[string]any{"type": "string"},
		}
	}
	if c.ETag != "" {
		success["headers"].(map[string]any)["ETag"] = map[string]any{
			"description": `"<revision>.<hash>": the revision read and a hash of the page; send it as If-Match to guard an edit.`,
			"schema":      map[string]any{"type": "string"},
		}
	}
	if write && !c.Secret {
		success["headers"].(map[string]any)["Idempotent-Replayed"] = map[string]any{
			"description": "true when this is the recorded answer of an earlier request with the same Idempotency-Key.",
			"schema":      map[string]any{"type": "string", "enum": []string{"true"}},
		}
	}
	responses := map[string]any{strconv.Itoa(c.Status): success}
	if c.Absent != 0 {
		responses[strconv.Itoa(c.Absent)] = map[string]any{
			"description": "There was nothing to delete: it was already gone.", "headers": withHeaders(map[string]any{}),
		}
	}
	errorRef := map[string]any{"$ref": "#/components/responses/Error"}
	for _, status := range errorStatuses(c) {
		responses[strconv.Itoa(status)] = errorRef
	}
	responses["default"] = errorRef
	op["responses"] = responses
	if c.Public {
		op["security"] = []any{}
	}
	return op, nil
}

// errorStatuses are the client errors a route can answer, each declared
// (code generators and clients key on the status, and a default alone tells
// them nothing): any request can be invalid (400: a bad parameter, a query
// over the limits), lack a valid token (401), be refused (403), name
// something that is not there or not visible (404) or exceed the rate limit
// (429); a write can meet a state that forbids it (409: taken names, locked
// spaces, merged change requests, the last admin, an Idempotency-Key in
// use); a body can be too large (413); a write's Idempotency-Key can name
// another request (422; Secret routes take none); a guarded edit can find the content moved (412).
func errorStatuses(c *compiled) []int {
	out := []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusTooManyRequests}
	if c.Method != http.MethodGet {
		out = append(out, http.StatusConflict)
	}
	if c.Body {
		out = append(out, http.StatusRequestEntityTooLarge)
	}
	if c.IfMatch {
		out = append(out, http.StatusPreconditionFailed)
	}
	if (c.Method == http.MethodPost || c.Method == http.MethodPut || c.Method == http.MethodPatch) && !c.Secret {
		out = append(out, http.StatusUnprocessableEntity)
	}
	return out
}

// openAPIPath is a route's path as OpenAPI writes it: ServeMux's {name...}
// (the rest of the path) becomes a plain {name}.
func openAPIPath(pattern string) string {
	return strings.ReplaceAll(pattern, "...}", "}")
}

// operationIDs names every route's operation in the document: its GraphQL
// operation's name in lower camel case. Routes that share an operation (the
// comment mutations, served under a space and under a change request) tell
// themselves apart by their scope, which goes after the verb:
// postSpaceComment, postChangeRequestComment. The ids follow from the paths
// alone, not from the order of the route table; two routes left with the
// same id are a mistake in the route table.
func operationIDs(routes []compiled) ([]string, error) {
	byOp := map[string][]int{}
	for i := range routes {
		byOp[routes[i].Op] = append(byOp[routes[i].Op], i)
	}
	ids := make([]string, len(routes))
	for op, group := range byOp {
		if len(group) == 1 {
			ids[group[0]] = lowerFirst(op)
			continue
		}
		paths := make([][]string, len(group))
		for k, i := range group {
			paths[k] = pathSegments(routes[i].Path)
		}
		for k, i := range group {
			ids[i] = lowerFirst(withScope(op, scopeOf(paths, k)))
		}
	}
	seen := map[string]int{}
	for i, id := range ids {
		if j, dup := seen[id]; dup {
			return nil, fmt.Errorf("OpenAPI: %s %s and %s %s would share the operationId %q: give one of them an operation of its own",
				routes[j].Method, routes[j].Path, routes[i].Method, routes[i].Path, id)
		}
		seen[id] = i
	}
	return ids, nil
}

// pathSegments are a path's segments after /v1, with {name...} as {name}.
func pathSegments(path string) []string {
	return strings.Split(strings.Trim(strings.TrimPrefix(openAPIPath(path), "/v1"), "/"), "/")
}

// scopeOf is what sets path k of a group apart: the parameter of the part
// where the paths differ (the thing the route is under: {changeRequestId} ->
// ChangeRequest) or its literal segments; for the path with nothing of its
// own, the last parameter before the part all of them share ({spaceId} ->
// Space).
func scopeOf(paths [][]string, k int) string {
	// shared: whether every path has the same segment at = seg(path).
	shared := func(seg func(p []string) (string, bool)) bool {
		first, ok := seg(paths[0])
		for _, p := range paths[1:] {
			if s, has := seg(p); !ok || !has || s != first {
				return false
			}
		}
		return ok
	}
	path := paths[k]
	suffix := 0 // segments at the end that all paths share
	for suffix < len(path) && shared(func(p []string) (string, bool) {
		if suffix >= len(p) {
			return "", false
		}
		return p[len(p)-1-suffix], true
	}) {
		suffix++
	}
	rest := path[:len(path)-suffix]
	prefix := 0 // segments at the start that all paths share
	for prefix < len(rest) && shared(func(p []string) (string, bool) {
		if prefix >= len(p) {
			return "", false
		}
		return p[prefix], true
	}) {
		prefix++
	}
	own := rest[prefix:]
	if scope := lastParam(own); scope != "" {
		return scope
	}
	if len(own) > 0 {
		var b strings.Builder
		for _, seg := range own {
			b.WriteString(camel(seg))
		}
		return b.String()
	}
	if scope := lastParam(rest); scope != "" {
		return scope
	}
	if len(rest) > 0 {
		return camel(rest[len(rest)-1])
	}
	return ""
}

// lastParam is the last {name} of segs as a scope: {changeRequestId} ->
// ChangeRequest.
func lastParam(segs []string) string {
	for i := len(segs) - 1; i >= 0; i-- {
		if name, ok := strings.CutPrefix(segs[i], "{"); ok {
			name = strings.TrimSuffix(strings.TrimSuffix(name, "}"), "Id")
			return strings.ToUpper(name[:1]) + name[1:]
		}
	}
	return ""
}

// camel is a literal segment in upper camel case: change-requests ->
// ChangeRequests.
func camel(seg string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(seg, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// withScope puts a scope after an operation name's verb (PostComment ->
// PostSpaceComment), or at its end when it has no verb to put it after.
func withScope(op, scope string) string {
	if scope == "" {
		return op
	}
	if w := camelWords(op); len(w) > 1 && strings.ToUpper(w[0]) != w[0] {
		return w[0] + scope + op[len(w[0]):]
	}
	return op + scope
}

func lowerFirst(s string) string { return strings.ToLower(s[:1]) + s[1:] }

// camelWords splits a camel-case name into its words, an acronym being one
// word: ListSAMLProviders -> List SAML Providers.
func camelWords(s string) []string {
	var out []string
	start := 0
	isUpper := func(b byte) bool { return b >= 'A' && b <= 'Z' }
	isLower := func(b byte) bool { return b >= 'a' && b <= 'z' }
	for i := 1; i < len(s); i++ {
		switch {
		case isUpper(s[i]) && !isUpper(s[i-1]): // fooBar
		case isUpper(s[i]) && i+1 < len(s) && isLower(s[i+1]): // SAMLProviders
		default:
			continue
		}
		out = append(out, s[start:i])
		start = i
	}
	return append(out, s[start:])
}

// acronyms are the words that keep their capitals in a summary.
var acronyms = map[string]string{"api": "API", "openapi": "OpenAPI", "saml": "SAML", "sso": "SSO", "url": "URL"}

// words is an operation id as a summary: getSpacePageByPath -> Get space
// page by path; listSAMLProviders -> List SAML providers.
func words(id string) string {
	w := camelWords(id)
	for i := 0; i < len(w); i++ {
		if i+1 < len(w) && w[i] == "Open" && w[i+1] == "API" {
			w = append(w[:i+1], w[i+2:]...)
			w[i] = "OpenAPI"
		}
		switch a, ok := acronyms[strings.ToLower(w[i])]; {
		case ok:
			w[i] = a
		case i == 0:
			w[i] = strings.ToUpper(w[i][:1]) + w[i][1:]
		default:
			w[i] = strings.ToLower(w[i])
		}
	}
	return strings.Join(w, " ")
}

func jsonContent(schema any) map[string]any {
	return map[string]any{"application/json": map[string]any{"schema": schema}}
}

// tagOf groups routes by what they are about: the segment after the
// organization (members, teams, ...), or the first one.
func tagOf(seg []string) string {
	if seg[0] == "orgs" && len(seg) > 2 {
		return seg[2]
	}
	if seg[0] == "" {
		return "api"
	}
	return seg[0]
}

// argumentFed finds the definition of the argument a variable is passed to.
func argumentFed(set ast.SelectionSet, variable string) *ast.ArgumentDefinition {
	for _, f := range collectFields(set) {
		for _, a := range f.Arguments {
			if a.Value != nil && a.Value.Kind == ast.Variable && a.Value.Raw == variable && f.Definition != nil {
				if def := f.Definition.Arguments.ForName(a.Name); def != nil {
					return def
				}
			}
		}
		if def := argumentFed(f.SelectionSet, variable); def != nil {
			return def
		}
	}
	return nil
}

// result is the schema of a route's body: the field at its result path.
func (g *openapi) result(c *compiled) (any, error) {
	field := resultField(c)
	if field == nil || field.Definition == nil {
		return nil, fmt.Errorf("result path %v not selected", c.result)
	}
	return g.selection(field.Definition.Type, field.SelectionSet), nil
}

// resultField is the field at a route's result path, or nil.
func resultField(c *compiled) *ast.Field {
	set := c.op.SelectionSet
	var field *ast.Field
	for _, name := range c.result {
		field = nil
		for _, f := range collectFields(set) {
			if f.Alias == name {
				field = f
				break
			}
		}
		if field == nil {
			return nil
		}
		set = field.SelectionSet
	}
	return field
}

// collectFields lists the fields of a selection set, through fragments.
func collectFields(set ast.SelectionSet) []*ast.Field {
	var out []*ast.Field
	for _, sel := range set {
		switch sel := sel.(type) {
		case *ast.Field:
			out = append(out, sel)
		case *ast.InlineFragment:
			out = append(out, collectFields(sel.SelectionSet)...)
		case *ast.FragmentSpread:
			if sel.Definition != nil {
				out = append(out, collectFields(sel.Definition.SelectionSet)...)
			}
		}
	}
	return out
}

// selection is the schema of a value of type t with these fields selected.
// A selection that is one fragment becomes a named component.
func (g *openapi) selection(t *ast.Type, set ast.SelectionSet) any {
	if t.Elem != nil {
		return map[string]any{"type": "array", "items": g.selection(t.Elem, set)}
	}
	def := g.schema.Types[t.NamedType]
	if def == nil || (def.Kind != ast.Object && def.Kind != ast.Interface && def.Kind != ast.Union) {
		return g.typeSchema(t, false)
	}
	if len(set) == 1 {
		if spread, ok := set[0].(*ast.FragmentSpread); ok && spread.Definition != nil {
			return ref(g.fragment(spread.Definition))
		}
	}
	return g.object(def, set)
}

// fragment makes the component of a fragment, named after its type when
// that name is free.
func (g *openapi) fragment(f *ast.FragmentDefinition) string {
	if name, ok := g.fragmentNames[f.Name]; ok {
		return name
	}
	name := f.TypeCondition
	if _, taken := g.components[name]; taken {
		name = f.Name
	}
	g.fragmentNames[f.Name] = name
	g.components[name] = nil // claimed before recursing
	g.components[name] = g.object(g.schema.Types[f.TypeCondition], f.SelectionSet)
	return name
}

func (g *openapi) object(def *ast.Definition, set ast.SelectionSet) any {
	props := map[string]any{}
	var required []string
	for _, f := range collectFields(set) {
		if f.Definition == nil || props[f.Alias] != nil {
			continue
		}
		s := g.selection(f.Definition.Type, f.SelectionSet)
		keepNull := f.Definition.Directives.ForName("keepNull") != nil
		switch {
		case f.Definition.Type.NonNull:
			required = append(required, f.Alias)
		case keepNull:
			required = append(required, f.Alias)
			s = map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
		}
		if f.Definition.Description != "" {
			s = describe(s, f.Definition.Description)
		}
		props[f.Alias] = s
	}
	sort.Strings(required)
	out := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		out["required"] = required
	}
	if def.Description != "" {
		out["description"] = def.Description
	}
	return out
}

// describe gives a property the description of the GraphQL field or input
// field it is; a $ref gets one through allOf (siblings of $ref are allowed
// in 3.1, but not every tool reads them). An inline object already carries
// its type's description: the field's goes first, since it says what the
// value is where it stands (Site.permissions: what the caller may do with
// the site), and the type's, which says what such values are, follows.
func describe(s any, desc string) any {
	m, ok := s.(map[string]any)
	if !ok {
		return s
	}
	if _, isRef := m["$ref"]; isRef {
		return map[string]any{"allOf": []any{m}, "description": desc}
	}
	cp := make(map[string]any, len(m)+1)
	for k, v := range m {
		cp[k] = v
	}
	if typeDesc, _ := m["description"].(string); typeDesc != "" && typeDesc != desc {
		desc += "\n\n" + typeDesc
	}
	cp["description"] = desc
	return cp
}

// typeSchema is the schema of a scalar, enum, input object or list type.
// nullable: whether JSON null is accepted too (nullable input fields).
func (g *openapi) typeSchema(t *ast.Type, nullable bool) any {
	var s any
	if t.Elem != nil {
		s = map[string]any{"type": "array", "items": g.typeSchema(t.Elem, false)}
	} else {
		s = g.named(t.NamedType)
	}
	if nullable && !t.NonNull {
		return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
	}
	return s
}

func (g *openapi) named(name string) any {
	switch name {
	case "ID", "String":
		return map[string]any{"type": "string"}
	case "Int":
		return map[string]any{"type": "integer", "format": "int32"}
	case "Float":
		return map[string]any{"type": "number"}
	case "Boolean":
		return map[string]any{"type": "boolean"}
	case "DateTime":
		return map[string]any{"type": "string", "format": "date-time"}
	case "JSON":
		return map[string]any{}
	}
	def := g.schema.Types[name]
	if def == nil {
		return map[string]any{}
	}
	if _, done := g.components[name]; !done {
		g.components[name] = nil // claimed before recursing
		switch def.Kind {
		case ast.Enum:
			var values []string
			for _, v := range def.EnumValues {
				values = append(values, v.Name)
			}
			g.components[name] = withDescription(map[string]any{"type": "string", "enum": values}, enumDescription(def))
		case ast.InputObject:
			g.components[name] = g.input(def)
		default:
			shape, ok := scalarSchemas[name]
			if !ok {
				shape = map[string]any{"type": "string"}
			}
			g.components[name] = withDescription(shape, def.Description)
		}
	}
	return ref(name)
}

// scalarSchemas are the JSON Schemas of the schema's own scalars whose
// values are not strings (the others, like Visibility, are strings).
var scalarSchemas = map[string]map[string]any{
	// createSite's spaces: space ids, or "new" (model.UnmarshalSiteSpacesScalar).
	"SiteSpacesInput": {"oneOf": []any{
		map[string]any{"type": "array", "items": map[string]any{"type": "string", "minLength": 1}, "maxItems": 100},
		map[string]any{"const": "new"},
	}},
}

// enumDescription is an enum's description followed by its values' own,
// one line each: JSON Schema's enum has no place for a value's description.
func enumDescription(def *ast.Definition) string {
	var lines []string
	for _, v := range def.EnumValues {
		if d := strings.TrimSpace(v.Description); d != "" {
			lines = append(lines, "- `"+v.Name+"`: "+d)
		}
	}
	return strings.TrimSpace(strings.TrimSpace(def.Description) + "\n\n" + strings.Join(lines, "\n"))
}

func withDescription(m map[string]any, desc string) map[string]any {
	if desc != "" {
		m["description"] = desc
	}
	return m
}

// input is the schema of an input object, with its input rules.
func (g *openapi) input(def *ast.Definition) any {
	props := map[string]any{}
	var required []string
	for _, f := range def.Fields {
		s := g.typeSchema(f.Type, false)
		if m, ok := s.(map[string]any); ok {
			if _, isRef := m["$ref"]; !isRef {
				s = applyRules(m, f.Type, f.Directives)
			}
		}
		if f.Type.NonNull && f.DefaultValue == nil {
			required = append(required, f.Name)
		} else if !f.Type.NonNull {
			s = map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
		}
		if f.Description != "" {
			s = describe(s, f.Description)
		}
		props[f.Name] = s
	}
	out := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		out["required"] = required
	}
	return withDescription(out, def.Description)
}

// applyRules turns the schema's input-rule directives into JSON Schema.
func applyRules(m map[string]any, t *ast.Type, dirs ast.DirectiveList) map[string]any {
	intArg := func(d *ast.Directive, name string) (int, bool) {
		a := d.Arguments.ForName(name)
		if a == nil || a.Value == nil {
			return 0, false
		}
		n, err := strconv.Atoi(a.Value.Raw)
		return n, err == nil
	}
	for _, d := range dirs {
		switch d.Name {
		case "length":
			minKey, maxKey := "minLength", "maxLength"
			if t.Elem != nil {
				minKey, maxKey = "minItems", "maxItems"
			}
			if n, ok := intArg(d, "min"); ok {
				m[minKey] = n
			}
			if n, ok := intArg(d, "max"); ok {
				m[maxKey] = n
			}
		case "range":
			if n, ok := intArg(d, "min"); ok {
				m["minimum"] = n
			}
			if n, ok := intArg(d, "max"); ok {
				m["maximum"] = n
			}
		case "pattern":
			if a := d.Arguments.ForName("regexp"); a != nil && a.Value != nil {
				m["pattern"] = a.Value.Raw
			}
		case "url":
			m["format"] = "uri"
		}
	}
	return m
}

// eventTypes documents the change feed's event types (store.EventTypes,
// with what each one's objectId and payload hold) as the EventType schema,
// which the type of events and of webhook deliveries refer to.
func (g *openapi) eventTypes() {
	var one []any
	for _, t := range store.EventTypes {
		one = append(one, map[string]any{"const": string(t), "title": string(t), "description": store.EventDocs[t]})
	}
	g.components["EventType"] = map[string]any{
		"type":        "string",
		"description": "What an event says happened, as <object>.<verb> (docs/api/change-feed.md). Each value says what objectId and payload hold.",
		"oneOf":       one,
	}
	for name, field := range map[string]string{"Event": "type", "WebhookDelivery": "eventType"} {
		c, _ := g.components[name].(map[string]any)
		props, _ := c["properties"].(map[string]any)
		if old, ok := props[field]; ok {
			// The field's own description stays, beside the values'.
			var s any = ref("EventType")
			if m, _ := old.(map[string]any); m != nil {
				if d, _ := m["description"].(string); d != "" {
					s = describe(s, d)
				}
			}
			props[field] = s
		}
	}
}
