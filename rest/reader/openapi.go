package reader

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"

	"folio/internal/markdown"
	"folio/internal/pagerender"
)

// API reference pages. A page's API reference blocks (internal/markdown's
// OpenAPIBlocks: an operation, schemas or a webhook of one of the
// organization's specifications, by slug) are rendered from the current
// version of the specification, which ReaderPageContent reads with the
// page (openAPISpecs). The document is parsed by kin-openapi, once per
// version (specDocs). Everything a specification says is text escaped by
// html/template, and its descriptions are markdown rendered by Render,
// which sanitizes them like a page's own: a specification cannot put
// script or styles into the page. A block whose specification, path,
// method, webhook or schema is missing renders a notice saying so.

// specVersion is a specification as the page content reads it.
type specVersion struct {
	Slug       string
	VersionID  string `json:"versionId"`
	Filesystem json.RawMessage
}

// specDocs caches parsed specifications by version id (a version never
// changes): a handful of specifications serve many pages.
var specDocs = struct {
	sync.Mutex
	docs map[string]*openapi3.T
}{docs: map[string]*openapi3.T{}}

// maxSpecDocs bounds specDocs; when full it starts over.
const maxSpecDocs = 32

// specDoc parses a version's filesystem into an OpenAPI 3 document (a
// Swagger 2.0 one is converted); an error when it does not parse.
func specDoc(v specVersion) (*openapi3.T, error) {
	specDocs.Lock()
	doc := specDocs.docs[v.VersionID]
	specDocs.Unlock()
	if doc != nil {
		return doc, nil
	}
	doc, err := parseSpec(v.Filesystem)
	if err != nil {
		return nil, err
	}
	specDocs.Lock()
	if len(specDocs.docs) >= maxSpecDocs {
		clear(specDocs.docs)
	}
	specDocs.docs[v.VersionID] = doc
	specDocs.Unlock()
	return doc, nil
}

// parseSpec loads a processed filesystem (internal/openapidoc's:
// {entrypoint, files}, every file as JSON) with kin-openapi, $refs between
// its files resolved from the filesystem itself (nothing is fetched).
func parseSpec(raw json.RawMessage) (doc *openapi3.T, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("the specification does not have the shape OpenAPI gives it")
		}
	}()
	var fs struct {
		Entrypoint string
		Files      map[string]json.RawMessage
	}
	if err := json.Unmarshal(raw, &fs); err != nil {
		return nil, err
	}
	entry, ok := fs.Files[fs.Entrypoint]
	if !ok {
		return nil, fmt.Errorf("the specification has no entrypoint")
	}
	var head struct{ Swagger string }
	_ = json.Unmarshal(entry, &head)
	if head.Swagger == "2.0" {
		var d2 openapi2.T
		if err := json.Unmarshal(entry, &d2); err != nil {
			return nil, err
		}
		return openapi2conv.ToV3(&d2)
	}
	loader := openapi3.NewLoader()
	loader.IsExternalRefsAllowed = true
	loader.ReadFromURIFunc = func(_ *openapi3.Loader, u *url.URL) ([]byte, error) {
		plain := *u
		plain.Fragment = ""
		for _, k := range []string{plain.String(), strings.TrimPrefix(plain.Path, "/"), plain.Path} {
			if b, ok := fs.Files[k]; ok {
				return b, nil
			}
		}
		return nil, fmt.Errorf("the specification has no file %s", plain.String())
	}
	return loader.LoadFromDataWithPath(entry, &url.URL{Path: fs.Entrypoint})
}

// renderPage renders a page's markdown, its API reference blocks from the
// specifications (by slug). Each top-level block is set aside for a
// placeholder paragraph that no document can write (a random token), and
// its HTML goes where the placeholder's paragraph comes out.
func renderPage(md string, opts pagerender.Options, specs []specVersion) Rendered {
	link := opts.Link
	md = markdown.Normalize(md)
	blocks := markdown.OpenAPIBlocks(md)
	if len(blocks) == 0 {
		return pagerender.RenderWith(md, opts)
	}
	bySlug := map[string]specVersion{}
	for _, s := range specs {
		bySlug[s.Slug] = s
	}
	nonce := make([]byte, 12)
	rand.Read(nonce) //nolint:errcheck // never fails
	token := "FOLIOAPI" + hex.EncodeToString(nonce)
	var src strings.Builder
	var parts []template.HTML
	at := 0
	for _, b := range blocks {
		if !b.TopLevel || b.Start < at {
			continue
		}
		src.WriteString(md[at:b.Start])
		fmt.Fprintf(&src, "\n%s%d\n\n", token, len(parts))
		parts = append(parts, renderAPIBlock(b, bySlug, link))
		at = b.End
	}
	src.WriteString(md[at:])
	out := pagerender.RenderWith(src.String(), opts)
	for i, h := range parts {
		out.HTML = bytes.Replace(out.HTML, fmt.Appendf(nil, "<p>%s%d</p>", token, i), []byte(h), 1)
	}
	return out
}

// renderAPIBlock renders one block, or a notice of what is missing.
func renderAPIBlock(b markdown.OpenAPIBlock, specs map[string]specVersion, link LinkFunc) template.HTML {
	if b.Kind == markdown.OpenAPISwagger {
		return apiNotice(fmt.Sprintf("This %s %s operation refers to a specification at %s, which this site does not read: "+
			"add it to the organization's OpenAPI specifications and refer to it by its slug.", strings.ToUpper(b.Method), b.Path, b.Src))
	}
	v, ok := specs[b.Spec]
	if !ok {
		return apiNotice(fmt.Sprintf("The OpenAPI specification %q is not available: the organization has none with this slug, or it has not been processed yet.", b.Spec))
	}
	doc, err := specDoc(v)
	if err != nil {
		return apiNotice(fmt.Sprintf("The OpenAPI specification %q could not be read.", b.Spec))
	}
	r := &apiRenderer{doc: doc, link: link}
	switch b.Kind {
	case markdown.OpenAPIOperation:
		item := doc.Paths.Value(b.Path)
		if item == nil {
			return apiNotice(fmt.Sprintf("The OpenAPI specification %q has no path %s.", b.Spec, b.Path))
		}
		op := item.GetOperation(strings.ToUpper(b.Method))
		if op == nil {
			return apiNotice(fmt.Sprintf("The OpenAPI specification %q has no %s operation at %s.", b.Spec, strings.ToUpper(b.Method), b.Path))
		}
		return r.operation(b.Path, b.Method, item, op, false)
	case markdown.OpenAPIWebhook:
		item := doc.Webhooks[b.Name]
		var op *openapi3.Operation
		if item != nil {
			op = item.GetOperation(strings.ToUpper(b.Method))
		}
		if op == nil {
			return apiNotice(fmt.Sprintf("The OpenAPI specification %q has no %s webhook %q.", b.Spec, strings.ToUpper(b.Method), b.Name))
		}
		return r.operation(b.Name, b.Method, item, op, true)
	case markdown.OpenAPISchemas:
		return r.schemas(b)
	}
	return apiNotice("This API reference block is not supported.")
}

func apiNotice(msg string) template.HTML {
	return execAPI("notice", msg)
}

func execAPI(name string, data any) template.HTML {
	var b bytes.Buffer
	if err := apiTemplate.ExecuteTemplate(&b, name, data); err != nil {
		return template.HTML("<p>" + template.HTMLEscapeString(err.Error()) + "</p>") //nolint:gosec // escaped
	}
	return template.HTML(b.String()) //nolint:gosec // html/template's output
}

// apiRenderer renders parts of one document.
type apiRenderer struct {
	doc  *openapi3.T
	link LinkFunc
}

// markdownHTML renders a description (CommonMark, as OpenAPI says) as a
// page's markdown is rendered: sanitized.
func (r *apiRenderer) markdownHTML(s string) template.HTML {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return template.HTML(Render(s, nil).HTML) //nolint:gosec // sanitized by bluemonday
}

// apiOperation is what the operation template shows.
type apiOperation struct {
	Anchor, Method, Path, Title string
	Webhook, Deprecated         bool
	Description                 template.HTML
	Auth                        []apiAuth
	Params                      []apiParam
	Body                        *apiContent
	Responses                   []apiContent
	Curl                        string
}

type apiAuth struct{ Name, Kind, Detail string }

type apiParam struct {
	Name, In, Type       string
	Required, Deprecated bool
	Description          template.HTML
	Schema               *apiSchema
}

// apiContent is a request body or a response.
type apiContent struct {
	Status, ContentType string
	Required            bool
	Description         template.HTML
	Schema              *apiSchema
	Example             string
}

// apiSchema is a schema as a nested list of properties.
type apiSchema struct {
	Name, Type, Format, Default string
	Required, Deprecated        bool
	Description                 template.HTML
	Enum                        []string
	Props                       []*apiSchema
	Items                       *apiSchema
	Variants                    []apiVariant
}

type apiVariant struct {
	Label   string // "One of", "Any of"
	Options []*apiSchema
}

var methodOrder = []string{"get", "post", "put", "patch", "delete", "head", "options", "trace"}

func (r *apiRenderer) operation(path, method string, item *openapi3.PathItem, op *openapi3.Operation, webhook bool) template.HTML {
	v := apiOperation{Method: strings.ToUpper(method), Path: path, Title: op.Summary, Webhook: webhook, Deprecated: op.Deprecated,
		Description: r.markdownHTML(op.Description)}
	v.Anchor = "op-" + markdown.Anchor(method+" "+path)
	if v.Title == "" {
		v.Title = v.Method + " " + path
	}
	if !webhook {
		v.Auth = r.auth(op) // a webhook's request is the API's to make
	}
	params := slices.Clone(item.Parameters)
	for _, p := range op.Parameters {
		if p.Value == nil {
			continue
		}
		params = slices.DeleteFunc(params, func(q *openapi3.ParameterRef) bool {
			return q.Value != nil && q.Value.Name == p.Value.Name && q.Value.In == p.Value.In
		})
		params = append(params, p)
	}
	for _, p := range params {
		if p.Value == nil {
			continue
		}
		pv := p.Value
		ap := apiParam{Name: pv.Name, In: pv.In, Required: pv.Required, Deprecated: pv.Deprecated, Description: r.markdownHTML(pv.Description)}
		if pv.Schema != nil {
			s := r.schema("", pv.Schema, 0, nil)
			ap.Type, ap.Schema = s.Type, s
			if len(s.Props) == 0 && len(s.Variants) == 0 && s.Items == nil {
				ap.Schema.Type = ""
			}
		}
		v.Params = append(v.Params, ap)
	}
	var bodyExample any
	if rb := op.RequestBody; rb != nil && rb.Value != nil {
		if c, ex, ok := r.content(rb.Value.Content); ok {
			c.Required, c.Description = rb.Value.Required, r.markdownHTML(rb.Value.Description)
			v.Body, bodyExample = &c, ex
		}
	}
	if op.Responses != nil {
		codes := make([]string, 0, op.Responses.Len())
		for code := range op.Responses.Map() {
			codes = append(codes, code)
		}
		slices.Sort(codes)
		for _, code := range codes {
			resp := op.Responses.Value(code)
			if resp == nil || resp.Value == nil {
				continue
			}
			c, _, _ := r.content(resp.Value.Content)
			c.Status = code
			if resp.Value.Description != nil {
				c.Description = r.markdownHTML(*resp.Value.Description)
			}
			v.Responses = append(v.Responses, c)
		}
	}
	if !webhook {
		v.Curl = r.curl(path, method, item, op, params, v.Body, bodyExample)
	}
	return execAPI("operation", v)
}

// content is the first media type of a body (JSON first), with its
// example.
func (r *apiRenderer) content(c openapi3.Content) (apiContent, any, bool) {
	if len(c) == 0 {
		return apiContent{}, nil, false
	}
	types := make([]string, 0, len(c))
	for t := range c {
		types = append(types, t)
	}
	slices.SortFunc(types, func(a, b string) int {
		ja, jb := strings.Contains(a, "json"), strings.Contains(b, "json")
		if ja != jb {
			if ja {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	mt := c[types[0]]
	out := apiContent{ContentType: types[0]}
	var ex any
	switch {
	case mt.Example != nil:
		ex = mt.Example
	case len(mt.Examples) > 0:
		names := make([]string, 0, len(mt.Examples))
		for n := range mt.Examples {
			names = append(names, n)
		}
		slices.Sort(names)
		if e := mt.Examples[names[0]]; e != nil && e.Value != nil {
			ex = e.Value.Value
		}
	}
	if mt.Schema != nil {
		out.Schema = r.schema("", mt.Schema, 0, nil)
		if ex == nil {
			ex = example(mt.Schema, 0, nil)
		}
	}
	if ex != nil {
		if b, err := json.MarshalIndent(ex, "", "  "); err == nil {
			out.Example = string(b)
		}
	}
	return out, ex, true
}

// maxSchemaDepth bounds how deep nested schemas are shown (and examples
// made): a recursive schema stops there too.
const maxSchemaDepth = 6

// schema turns a schema into its nested list; seen holds the schemas
// being shown above it, so that a recursive one stops.
func (r *apiRenderer) schema(name string, ref *openapi3.SchemaRef, depth int, seen []*openapi3.Schema) *apiSchema {
	out := &apiSchema{Name: name}
	if ref == nil || ref.Value == nil {
		return out
	}
	s := ref.Value
	out.Type = typeLabel(ref)
	out.Format, out.Deprecated = s.Format, s.Deprecated
	out.Description = r.markdownHTML(s.Description)
	if s.Default != nil {
		if b, err := json.Marshal(s.Default); err == nil {
			out.Default = string(b)
		}
	}
	for _, e := range s.Enum {
		if b, err := json.Marshal(e); err == nil {
			out.Enum = append(out.Enum, string(b))
		}
	}
	if depth >= maxSchemaDepth || slices.Contains(seen, s) {
		return out
	}
	seen = append(seen, s)
	// allOf: the properties of every part, shown as one object.
	props, required := map[string]*openapi3.SchemaRef{}, map[string]bool{}
	var order []string
	add := func(x *openapi3.Schema) {
		names := make([]string, 0, len(x.Properties))
		for n := range x.Properties {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			if _, dup := props[n]; !dup {
				order = append(order, n)
			}
			props[n] = x.Properties[n]
		}
		for _, n := range x.Required {
			required[n] = true
		}
	}
	add(s)
	for _, part := range s.AllOf {
		if part.Value != nil {
			add(part.Value)
			if out.Description == "" {
				out.Description = r.markdownHTML(part.Value.Description)
			}
		}
	}
	for _, n := range order {
		p := r.schema(n, props[n], depth+1, seen)
		p.Required = required[n]
		out.Props = append(out.Props, p)
	}
	if s.Items != nil {
		out.Items = r.schema("", s.Items, depth+1, seen)
		if len(out.Items.Props) == 0 && len(out.Items.Variants) == 0 && out.Items.Items == nil {
			out.Items = nil // "array of string" says it all
		}
	}
	for _, v := range []struct {
		label string
		refs  openapi3.SchemaRefs
	}{{"One of", s.OneOf}, {"Any of", s.AnyOf}} {
		if len(v.refs) == 0 {
			continue
		}
		av := apiVariant{Label: v.label}
		for _, o := range v.refs {
			av.Options = append(av.Options, r.schema(refName(o.Ref), o, depth+1, seen))
		}
		out.Variants = append(out.Variants, av)
	}
	return out
}

// typeLabel is a schema's type as shown: its $ref's name, "array of …",
// the type names joined by " | ".
func typeLabel(ref *openapi3.SchemaRef) string {
	s := ref.Value
	t := ""
	if s.Type != nil {
		t = strings.Join(s.Type.Slice(), " | ")
	}
	switch {
	case s.Type.Is("array") && s.Items != nil:
		t = "array of " + typeLabel(s.Items)
	case t == "" && len(s.Properties) > 0:
		t = "object"
	case t == "" && len(s.OneOf) > 0:
		t = "one of"
	case t == "" && len(s.AnyOf) > 0:
		t = "any of"
	case t == "" && len(s.AllOf) > 0:
		t = "object"
	}
	if n := refName(ref.Ref); n != "" && (t == "object" || t == "" || t == "one of" || t == "any of") {
		return n
	}
	if s.Nullable {
		t += " | null"
	}
	return t
}

// refName is the last segment of a $ref ("#/components/schemas/Pet": Pet).
func refName(ref string) string {
	if ref == "" {
		return ""
	}
	return ref[strings.LastIndex(ref, "/")+1:]
}

// example makes an example value out of a schema: its example, default or
// first enum value, else one made from its type and properties.
func example(ref *openapi3.SchemaRef, depth int, seen []*openapi3.Schema) any {
	if ref == nil || ref.Value == nil {
		return nil
	}
	s := ref.Value
	switch {
	case s.Example != nil:
		return s.Example
	case s.Default != nil:
		return s.Default
	case len(s.Enum) > 0:
		return s.Enum[0]
	}
	if depth >= maxSchemaDepth || slices.Contains(seen, s) {
		return nil
	}
	seen = append(seen, s)
	if len(s.OneOf) > 0 {
		return example(s.OneOf[0], depth+1, seen)
	}
	if len(s.AnyOf) > 0 {
		return example(s.AnyOf[0], depth+1, seen)
	}
	switch {
	case s.Type.Is("array"):
		if v := example(s.Items, depth+1, seen); v != nil {
			return []any{v}
		}
		return []any{}
	case s.Type.Is("string"):
		switch s.Format {
		case "date-time":
			return "2024-01-01T00:00:00Z"
		case "date":
			return "2024-01-01"
		case "email":
			return "user@example.com"
		case "uuid":
			return "3fa85f64-5717-4562-b3fc-2c963f66afa6"
		case "uri", "url":
			return "https://example.com"
		}
		return "text"
	case s.Type.Is("integer"), s.Type.Is("number"):
		return 0
	case s.Type.Is("boolean"):
		return true
	}
	obj := map[string]any{}
	for _, part := range append(openapi3.SchemaRefs{ref}, s.AllOf...) {
		if part.Value == nil {
			continue
		}
		for n, p := range part.Value.Properties {
			if p.Value != nil && p.Value.ReadOnly {
				continue
			}
			if v := example(p, depth+1, seen); v != nil {
				obj[n] = v
			}
		}
	}
	if len(obj) == 0 && !s.Type.Is("object") {
		return nil
	}
	return obj
}

// auth lists the security schemes an operation takes (its own security,
// else the document's).
func (r *apiRenderer) auth(op *openapi3.Operation) []apiAuth {
	reqs := r.doc.Security
	if op.Security != nil {
		reqs = *op.Security
	}
	var out []apiAuth
	seen := map[string]bool{}
	for _, req := range reqs {
		names := make([]string, 0, len(req))
		for n := range req {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			if seen[n] {
				continue
			}
			seen[n] = true
			a := apiAuth{Name: n, Kind: "security scheme"}
			if r.doc.Components != nil {
				if ss := r.doc.Components.SecuritySchemes[n]; ss != nil && ss.Value != nil {
					a.Kind, a.Detail = schemeText(ss.Value, req[n])
				}
			}
			out = append(out, a)
		}
	}
	return out
}

// schemeText says what a security scheme asks of a request.
func schemeText(s *openapi3.SecurityScheme, scopes []string) (string, string) {
	switch s.Type {
	case "http":
		switch strings.ToLower(s.Scheme) {
		case "bearer":
			return "HTTP bearer", "Authorization: Bearer <token>"
		case "basic":
			return "HTTP basic", "Authorization: Basic <credentials>"
		}
		return "HTTP " + s.Scheme, "Authorization: " + s.Scheme + " <credentials>"
	case "apiKey":
		if s.In == "query" {
			return "API key", "?" + s.Name + "=<api key>"
		}
		if s.In == "cookie" {
			return "API key", "Cookie: " + s.Name + "=<api key>"
		}
		return "API key", s.Name + ": <api key>"
	case "oauth2":
		d := "Authorization: Bearer <token>"
		if len(scopes) > 0 {
			d += " (scopes: " + strings.Join(scopes, ", ") + ")"
		}
		return "OAuth 2.0", d
	case "openIdConnect":
		return "OpenID Connect", "Authorization: Bearer <token>"
	case "mutualTLS":
		return "Mutual TLS", "a client certificate"
	}
	return s.Type, ""
}

// curl is a curl command for the operation: the first server's URL, the
// path with its parameters as written, the required query parameters,
// the credentials the first security scheme asks for, and the body's
// example.
func (r *apiRenderer) curl(path, method string, item *openapi3.PathItem, op *openapi3.Operation, params openapi3.Parameters, body *apiContent, bodyExample any) string {
	servers := r.doc.Servers
	if len(item.Servers) > 0 {
		servers = item.Servers
	}
	if op.Servers != nil && len(*op.Servers) > 0 {
		servers = *op.Servers
	}
	base := ""
	if len(servers) > 0 && servers[0] != nil {
		base = servers[0].URL
		for n, v := range servers[0].Variables {
			if v != nil {
				base = strings.ReplaceAll(base, "{"+n+"}", v.Default)
			}
		}
		base = strings.TrimSuffix(base, "/")
	}
	u := base + path
	var query []string
	var headers []string
	for _, p := range params {
		if p.Value == nil || !p.Value.Required {
			continue
		}
		val := "value"
		if ex := p.Value.Example; ex != nil {
			val = fmt.Sprint(ex)
		} else if p.Value.Schema != nil {
			if ex := example(p.Value.Schema, 0, nil); ex != nil {
				val = fmt.Sprint(ex)
			}
		}
		switch p.Value.In {
		case "query":
			query = append(query, url.QueryEscape(p.Value.Name)+"="+url.QueryEscape(val))
		case "header":
			headers = append(headers, p.Value.Name+": "+val)
		}
	}
	for _, a := range r.auth(op) {
		d := a.Detail
		switch {
		case strings.HasPrefix(d, "?"):
			query = append(query, strings.TrimPrefix(d, "?"))
		case strings.Contains(d, ": "):
			if i := strings.Index(d, " (scopes"); i > 0 {
				d = d[:i]
			}
			headers = append(headers, d)
		default:
			continue
		}
		break // one scheme is enough for an example
	}
	if len(query) > 0 {
		u += "?" + strings.Join(query, "&")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "curl -X %s %s", strings.ToUpper(method), shellQuote(u))
	for _, h := range headers {
		b.WriteString(" \\\n  -H " + shellQuote(h))
	}
	if body != nil {
		b.WriteString(" \\\n  -H " + shellQuote("Content-Type: "+body.ContentType))
		if bodyExample != nil {
			if j, err := json.Marshal(bodyExample); err == nil && strings.Contains(body.ContentType, "json") {
				b.WriteString(" \\\n  -d " + shellQuote(string(j)))
			}
		}
	}
	return b.String()
}

// shellQuote quotes a word for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// schemas renders a schemas block: each named component schema.
func (r *apiRenderer) schemas(b markdown.OpenAPIBlock) template.HTML {
	var parts []template.HTML
	for _, name := range b.Schemas {
		var ref *openapi3.SchemaRef
		if r.doc.Components != nil {
			ref = r.doc.Components.Schemas[name]
		}
		if ref == nil || ref.Value == nil {
			parts = append(parts, apiNotice(fmt.Sprintf("The OpenAPI specification %q has no schema %q.", b.Spec, name)))
			continue
		}
		title := b.Title
		if title == "" || len(b.Schemas) > 1 {
			title = "The " + name + " object"
		}
		s := r.schema(name, ref, 0, nil)
		ex := ""
		if v := example(ref, 0, nil); v != nil {
			if j, err := json.MarshalIndent(v, "", "  "); err == nil {
				ex = string(j)
			}
		}
		parts = append(parts, execAPI("component", map[string]any{"Title": title, "Anchor": "schema-" + markdown.Anchor(name), "Schema": s, "Example": ex}))
	}
	var out strings.Builder
	for _, p := range parts {
		out.WriteString(string(p))
	}
	return template.HTML(out.String()) //nolint:gosec // html/template's output
}

var apiTemplate = template.Must(template.New("api").Parse(`
{{define "notice"}}<div class="api-notice" role="note"><strong>API reference unavailable.</strong> {{.}}</div>{{end}}

{{define "operation"}}<section class="api-op{{if .Deprecated}} api-deprecated{{end}}" aria-labelledby="{{.Anchor}}">
<h2 id="{{.Anchor}}">{{.Title}}{{if .Deprecated}} <span class="api-badge api-badge-deprecated">Deprecated</span>{{end}}</h2>
<p class="api-endpoint">{{if .Webhook}}<span class="api-badge">Webhook</span> {{end}}<span class="api-method api-{{.Method}}">{{.Method}}</span> <code>{{.Path}}</code></p>
{{.Description}}
{{with .Auth}}<h3>Authentication</h3><ul class="api-auth">{{range .}}<li><strong>{{.Kind}}</strong> ({{.Name}}){{with .Detail}}: <code>{{.}}</code>{{end}}</li>{{end}}</ul>{{end}}
{{with .Params}}<h3>Parameters</h3><ul class="api-props">{{range .}}<li><code class="api-name">{{.Name}}</code> <span class="api-type">{{.Type}}</span> <span class="api-in">{{.In}}</span>{{if .Required}} <span class="api-req">required</span>{{end}}{{if .Deprecated}} <span class="api-badge api-badge-deprecated">Deprecated</span>{{end}}{{.Description}}{{with .Schema}}{{template "schema-body" .}}{{end}}</li>{{end}}</ul>{{end}}
{{with .Body}}<h3>{{if $.Webhook}}Payload{{else}}Request body{{end}}</h3>{{template "content" .}}{{end}}
{{with .Responses}}<h3>Responses</h3>{{range .}}<div class="api-response"><p class="api-status"><span class="api-code api-code-{{slice .Status 0 1}}">{{.Status}}</span>{{with .ContentType}} <code>{{.}}</code>{{end}}</p>{{template "content" .}}</div>{{end}}{{end}}
{{with .Curl}}<h3>Example request</h3><pre class="api-curl" tabindex="0"><code>{{.}}</code></pre>{{end}}
</section>{{end}}

{{define "content"}}{{.Description}}{{if .Required}}<p><span class="api-req">required</span></p>{{end}}{{with .Schema}}{{if or .Props .Variants .Items}}{{template "schema-body" .}}{{else if .Type}}<p><span class="api-type">{{.Type}}</span></p>{{end}}{{end}}{{with .Example}}<details class="api-example"><summary>Example</summary><pre><code>{{.}}</code></pre></details>{{end}}{{end}}

{{define "schema-body"}}{{with .Props}}<ul class="api-props">{{range .}}{{template "prop" .}}{{end}}</ul>{{end}}{{with .Items}}{{template "schema-body" .}}{{end}}{{range .Variants}}<div class="api-variants"><p class="api-variant-label">{{.Label}}:</p><ul class="api-props">{{range .Options}}<li><span class="api-type">{{if .Name}}{{.Name}}{{else}}{{.Type}}{{end}}</span>{{.Description}}{{template "schema-body" .}}</li>{{end}}</ul></div>{{end}}{{end}}

{{define "prop"}}<li><code class="api-name">{{.Name}}</code> <span class="api-type">{{.Type}}{{with .Format}} ({{.}}){{end}}</span>{{if .Required}} <span class="api-req">required</span>{{end}}{{if .Deprecated}} <span class="api-badge api-badge-deprecated">Deprecated</span>{{end}}{{.Description}}{{with .Enum}}<p class="api-enum">One of: {{range $i, $e := .}}{{if $i}}, {{end}}<code>{{$e}}</code>{{end}}</p>{{end}}{{with .Default}}<p class="api-enum">Default: <code>{{.}}</code></p>{{end}}{{template "schema-body" .}}</li>{{end}}

{{define "component"}}<section class="api-op api-schema" aria-labelledby="{{.Anchor}}"><h2 id="{{.Anchor}}">{{.Title}}</h2>{{with .Schema}}{{.Description}}{{if or .Props .Variants .Items}}{{template "schema-body" .}}{{else}}<p><span class="api-type">{{.Type}}</span></p>{{end}}{{end}}{{with .Example}}<details class="api-example"><summary>Example</summary><pre><code>{{.}}</code></pre></details>{{end}}</section>{{end}}
`))
