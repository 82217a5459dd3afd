// Package rest serves Folio's REST API (/v1), wire-compatible with the
// GitBook API, as a thin mapping onto the GraphQL schema: a route is data
// (method, path, a named operation, how the request becomes variables, the
// success status), and every request executes its operation in-process.
package rest

import (
	"embed"
	"fmt"
	"net/http"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"folio/rest/inprocess"
)

// Route maps one REST endpoint onto a GraphQL operation.
type Route struct {
	Method string
	Path   string // with {name} segments, each passed as the variable of that name
	Op     string // the operation's name in operations/*.graphql
	// Result is the dotted path of the response body inside the operation's
	// data; empty means the operation's single root field.
	Result string
	Query  []Param // query parameters, each passed as the variable of that name
	Body   bool    // the JSON body is passed as the variable "input"
	Status int     // success status; 204 and 205 send no body
	// Absent, when set, is the status instead of Status when the result is
	// false: a delete of something that was already gone (sends no body).
	Absent int
	Empty  bool // the success body is {} whatever the operation returns
	Public bool // needs no token
	// ETag, when set, is the dotted path (in the operation's data) of the
	// revision the body was read from: the answer's ETag is that revision
	// and a hash of the body ("<revision>.<hash>").
	ETag string
	// IfMatch passes the revision of an If-Match header (an ETag as ETag
	// makes them, or a bare revision id) as the variable "baseRevision".
	IfMatch bool
	// Secret marks a route whose request or answer carries a secret (a
	// password, a new API token): nothing of it is ever stored, so it
	// takes no Idempotency-Key (whose answers are recorded), and its answer
	// is not to be cached (secretRoute).
	Secret bool
	// DryRun, when set, names the operation run instead when the query
	// says dryRun=true: a query answering what the route would do, writing
	// nothing (the merge's previewMerge). It takes the route's path
	// variables only, and its root field is the body (200).
	DryRun string
}

// Param is a query parameter and how to read it.
type Param struct {
	Name string
	Kind Kind
}

// Kind is the type a query parameter is read as.
type Kind int

const (
	String Kind = iota
	Int
	Bool
	List // repeated, or comma-separated
)

//go:embed operations/*.graphql
var operationFiles embed.FS

// compiled is a route ready to serve: its operation (validated once, at
// start-up) and the shape of its response body.
type compiled struct {
	Route
	run      *inprocess.Op
	op       *ast.OperationDefinition // validated, for the OpenAPI document
	pathVars []string
	result   []string
	etag     []string // ETag, split at its dots once
	shape    *shape
	root     *shape    // the shape of the operation's whole data
	dry      *compiled // the DryRun route, when there is one
}

// compile validates every route's operation against the schema and prepares
// its shape. Any mistake in the route table stops the server from starting.
func compile(schema *ast.Schema, routes []Route) ([]compiled, error) {
	// The executor checks no route's document again (inputHygiene's
	// ownDocuments): checkDocument checks each here, once.
	ops, err := inprocess.Load(schema, operationFiles, "operations/*.graphql", checkDocument)
	if err != nil {
		return nil, fmt.Errorf("REST operations: %w", err)
	}
	out := make([]compiled, 0, len(routes))
	for _, r := range routes {
		c, err := compileRoute(ops, r)
		if err != nil {
			return nil, err
		}
		if r.DryRun != "" {
			dry, err := compileRoute(ops, Route{Method: r.Method, Path: r.Path, Op: r.DryRun, Status: http.StatusOK})
			if err != nil {
				return nil, err
			}
			if dry.op.Operation != ast.Query {
				return nil, fmt.Errorf("route %s %s: the dry run %s must be a query", r.Method, r.Path, r.DryRun)
			}
			c.dry = &dry
		}
		out = append(out, c)
	}
	return out, nil
}

// compileRoute validates one route's operation and prepares its shape.
func compileRoute(ops *inprocess.Set, r Route) (compiled, error) {
	op, err := ops.Op(r.Op)
	if err != nil {
		return compiled{}, fmt.Errorf("route %s %s: %w", r.Method, r.Path, err)
	}
	c := compiled{Route: r, run: op, op: op.Def, pathVars: pathNames(r.Path)}
	set := op.Def.SelectionSet
	if r.Result == "" {
		if len(set) != 1 {
			return compiled{}, fmt.Errorf("route %s %s: operation %s needs one root field or a Result path", r.Method, r.Path, r.Op)
		}
		c.result = []string{set[0].(*ast.Field).Alias}
	} else {
		c.result = strings.Split(r.Result, ".")
	}
	// Descend the selection to the shape of the body itself.
	s := shapeOf(set, ops.Doc.Fragments)
	c.root = s
	for _, k := range c.result {
		if s = s.fields[k]; s == nil {
			return compiled{}, fmt.Errorf("route %s %s: result path %q not selected", r.Method, r.Path, r.Result)
		}
	}
	c.shape = s
	if r.ETag != "" {
		c.etag = strings.Split(r.ETag, ".")
	}
	return c, nil
}

// dryRun is the route to serve for r: the dry run when the route has one
// and the query asks for it (dryRun=true; a value other than true or false
// is INVALID).
func (c *compiled) dryRun(r *http.Request) (*compiled, error) {
	if c.dry == nil {
		return c, nil
	}
	v, err := queryValue(r.URL.Query(), Param{"dryRun", Bool})
	if err != nil {
		return nil, err
	}
	if v == true {
		return c.dry, nil
	}
	return c, nil
}
