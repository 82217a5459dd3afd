package graph

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/internal/bufpool"
)

// GraphQL over HTTP (https://graphql.github.io/graphql-over-http/draft/),
// as graphql-http's audit suite checks it (rest/graphql_http_audit_test.go):
//
//   - POST with an application/json body, GET with URL parameters; a GET
//     runs queries only (a mutation is 405 with Allow: POST).
//   - The response is application/graphql-response+json or application/json,
//     whichever of them the Accept header prefers (q-values count);
//     application/json when it names neither but accepts anything, 406 when
//     it accepts neither.
//   - A request that is not one (a body that is not JSON, a parameter of the
//     wrong type, neither a query nor a persisted document's id) is 400.
//   - A GraphQL request error (the document does not parse or validate, a
//     variable does not coerce, a limit or a persisted-document rule refuses
//     it) answers errors and no data: 200 for application/json (the
//     legacy media type, whose clients read errors from 2xx bodies only),
//     4xx for application/graphql-response+json (400; 401, 403, 404, 405 or
//     429 where the error says so).
//   - An operation that ran answers 200 with data, and its field errors;
//     but one that produced nothing because the database (or file store)
//     could not be reached (every error UNAVAILABLE, no root field with a
//     value) is 503 with Retry-After for application/graphql-response+json,
//     which the specification lets a server use when no well-formed result
//     could be made; application/json stays 200, its errors saying
//     UNAVAILABLE. A request error UNAVAILABLE (the check of a persisted
//     document, say) is the same.
//
// gqlgen's own transports answer 422 to request errors of either media type
// and put "data": null in them; they also pass the finished response through
// json.Marshal, which validates and copies again the data the executor has
// just written as JSON (a sixth of the CPU of a 2.8 MB site tree). These
// transports write the response as it is.

const (
	graphqlResponseJSON = "application/graphql-response+json"
	applicationJSON     = "application/json"
)

// Codes of the request errors the transports raise themselves.
const (
	// CodeBadRequest: the request is not a GraphQL-over-HTTP request.
	CodeBadRequest = "BAD_REQUEST"
	// CodeMethodNotAllowed: a mutation (or subscription) sent with GET.
	CodeMethodNotAllowed = "METHOD_NOT_ALLOWED"
	// CodeNotAcceptable: the Accept header accepts no JSON.
	CodeNotAcceptable = "NOT_ACCEPTABLE"
	// CodeUnsupportedMediaType: a POST body that is not application/json.
	CodeUnsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE"
)

// httpRequest is one GraphQL-over-HTTP request's parameters, from a POST
// body or a GET's URL: a document (query), or the id of a persisted one
// (documentId, or extensions.persistedQuery: see persisted.go). The only
// extension read is persistedQuery, decoded as such (no map of maps for
// every request that names a document by its hash); others are ignored.
type httpRequest struct {
	Query         string         `json:"query"`
	OperationName string         `json:"operationName"`
	Variables     map[string]any `json:"variables"`
	Extensions    struct {
		PersistedQuery *persistedQuery `json:"persistedQuery"`
	} `json:"extensions"`
	DocumentID string `json:"documentId"`
}

// post serves POST requests with a JSON body.
type post struct{}

func (post) Supports(r *http.Request) bool {
	if r.Method != http.MethodPost || r.Header.Get("Upgrade") != "" {
		return false
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mediaType == applicationJSON
}

func (post) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	start := graphql.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeBadRequest(w, http.StatusBadRequest, CodeBadRequest, "could not read the request body: %v", err)
		return
	}
	var req httpRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&req); err != nil {
		writeBadRequest(w, http.StatusBadRequest, CodeBadRequest, "the body is not a GraphQL request (a JSON object with query, operationName, variables, extensions): %v", err)
		return
	}
	serve(w, r, exec, &req, graphql.TraceTiming{Start: start, End: graphql.Now()}, false)
}

// get serves GET (and HEAD) requests, whose parameters are in the URL:
// queries only, and cacheable (see writeCacheable).
type get struct{}

func (get) Supports(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && r.Header.Get("Upgrade") == ""
}

func (get) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	start := graphql.Now()
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		writeBadRequest(w, http.StatusBadRequest, CodeBadRequest, "the URL's query is not application/x-www-form-urlencoded: %v", err)
		return
	}
	req := httpRequest{Query: q.Get("query"), OperationName: q.Get("operationName"), DocumentID: q.Get("documentId")}
	// A JSON parameter set to the empty string is absent.
	for name, into := range map[string]any{"variables": &req.Variables, "extensions": &req.Extensions} {
		v := q.Get(name)
		if v == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(v))
		dec.UseNumber()
		if err := dec.Decode(into); err != nil {
			writeBadRequest(w, http.StatusBadRequest, CodeBadRequest, "the %s parameter is not a JSON object: %v", name, err)
			return
		}
	}
	serve(w, r, exec, &req, graphql.TraceTiming{Start: start, End: graphql.Now()}, true)
}

// otherRequests answers what the transports above do not take: OPTIONS
// (the methods allowed), another method (405), a POST whose body is not
// JSON (415), and an upgrade to a WebSocket (400: there is no WebSocket
// transport, see NewHTTPHandler). It takes every request, so it is added last.
type otherRequests struct{}

const allowedMethods = "GET, HEAD, POST, OPTIONS"

func (otherRequests) Supports(*http.Request) bool { return true }

func (otherRequests) Do(w http.ResponseWriter, r *http.Request, _ graphql.GraphExecutor) {
	switch {
	case r.Header.Get("Upgrade") != "":
		writeBadRequest(w, http.StatusBadRequest, CodeBadRequest, "no WebSocket or other upgrade is served at /graphql: send operations with POST (or queries with GET)")
	case r.Method == http.MethodOptions:
		w.Header().Set("Allow", allowedMethods)
		w.WriteHeader(http.StatusNoContent)
	case r.Method == http.MethodPost:
		writeBadRequest(w, http.StatusUnsupportedMediaType, CodeUnsupportedMediaType, "a GraphQL POST body must be JSON: send Content-Type: application/json")
	default:
		w.Header().Set("Allow", allowedMethods)
		writeBadRequest(w, http.StatusMethodNotAllowed, CodeMethodNotAllowed, "%s is not served at /graphql: send operations with POST (or queries with GET)", r.Method)
	}
}

type overGETKey struct{}

// serve runs one request: negotiates the media type, creates the
// operation (persisted documents, limits and every other check run there),
// runs it and writes the response.
func serve(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, req *httpRequest, read graphql.TraceTiming, overGET bool) {
	ctype := responseType(r.Header.Get("Accept"))
	if ctype == "" {
		writeBadRequest(w, http.StatusNotAcceptable, CodeNotAcceptable, "the Accept header accepts neither %s nor %s", graphqlResponseJSON, applicationJSON)
		return
	}
	if req.Query == "" && req.DocumentID == "" && req.Extensions.PersistedQuery == nil {
		writeBadRequest(w, http.StatusBadRequest, CodeBadRequest, "a GraphQL request needs a query, or the id of a persisted document (documentId, or extensions.persistedQuery)")
		return
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	ctx := r.Context()
	if overGET {
		ctx = context.WithValue(ctx, overGETKey{}, true)
		// What a cache must tell apart: the media type and the caller.
		h.Set("Vary", "Accept, Authorization, Cookie")
	}
	if req.DocumentID != "" || req.Extensions.PersistedQuery != nil {
		ctx = withHTTPRequest(ctx, req)
	}
	params := &graphql.RawParams{Query: req.Query, OperationName: req.OperationName, Variables: req.Variables,
		Headers: r.Header, ReadTime: read}
	oc, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		if overGET {
			h.Set("Cache-Control", "no-store")
		}
		status := requestErrorStatus(errs, ctype)
		switch status {
		case http.StatusMethodNotAllowed:
			h.Set("Allow", "POST")
		case http.StatusUnauthorized:
			h.Set("WWW-Authenticate", "Bearer")
		case http.StatusServiceUnavailable:
			h.Set("Retry-After", RetryAfterSeconds)
		}
		w.WriteHeader(status)
		writeResponse(w, exec.DispatchError(graphql.WithOperationContext(ctx, oc), errs), false)
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, oc)
	resp := responses(ctx)
	if ctype == graphqlResponseJSON && unavailableResult(resp) {
		h.Set("Cache-Control", "no-store")
		h.Set("Retry-After", RetryAfterSeconds)
		w.WriteHeader(http.StatusServiceUnavailable)
		writeResponse(w, resp, true)
		bufpool.Put(resp.Data)
		return
	}
	if overGET {
		writeCacheable(w, r, resp)
	} else {
		writeResponse(w, resp, true)
	}
	bufpool.Put(resp.Data) // written: its memory can hold the next operation's data
}

// getRunsQueries refuses an operation other than a query sent with GET,
// before anything else looks at it (the rate limit's count of mutation
// fields included): GET is safe, and caches may repeat it.
type getRunsQueries struct{}

func (getRunsQueries) ExtensionName() string                   { return "GetRunsQueries" }
func (getRunsQueries) Validate(graphql.ExecutableSchema) error { return nil }
func (getRunsQueries) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if ctx.Value(overGETKey{}) == nil || oc.Operation.Operation == ast.Query {
		return nil
	}
	return &gqlerror.Error{
		Message:    fmt.Sprintf("GET runs queries only: send this %s with POST", oc.Operation.Operation),
		Extensions: map[string]any{"code": CodeMethodNotAllowed},
	}
}

// requestErrorStatus is the status of a response that carries request
// errors and no data.
func requestErrorStatus(errs gqlerror.List, ctype string) int {
	code, _ := errs[0].Extensions["code"].(string)
	if code == CodeMethodNotAllowed {
		return http.StatusMethodNotAllowed // GET must not run a mutation, whatever the media type
	}
	if ctype == applicationJSON {
		return http.StatusOK
	}
	switch code {
	case string(domain.CodeUnauthenticated):
		return http.StatusUnauthorized
	case CodePersistedQueryNotAllowed:
		return http.StatusForbidden
	case CodePersistedQueryNotFound:
		return http.StatusNotFound
	case string(domain.CodeRateLimited):
		return http.StatusTooManyRequests
	case string(domain.CodeUnavailable):
		return http.StatusServiceUnavailable
	}
	return http.StatusBadRequest
}

// WriteRequestError answers a GraphQL request refused before it became
// an operation (its credentials could not be checked, say) with one
// request error, in the media type and with the status the transports
// give request errors (503 with Retry-After for UNAVAILABLE, with
// application/graphql-response+json).
func WriteRequestError(w http.ResponseWriter, r *http.Request, e *gqlerror.Error) {
	ctype := responseType(r.Header.Get("Accept"))
	if ctype == "" {
		ctype = applicationJSON
	}
	errs := gqlerror.List{e}
	status := requestErrorStatus(errs, ctype)
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-store")
	switch status {
	case http.StatusUnauthorized:
		h.Set("WWW-Authenticate", "Bearer")
	case http.StatusServiceUnavailable:
		h.Set("Retry-After", RetryAfterSeconds)
	}
	w.WriteHeader(status)
	writeResponse(w, &graphql.Response{Errors: errs}, false)
}

// unavailableResult reports whether an operation that ran produced
// nothing because what it needed could not be reached: every error is
// UNAVAILABLE and no root field has a value.
func unavailableResult(resp *graphql.Response) bool {
	if len(resp.Errors) == 0 {
		return false
	}
	for _, e := range resp.Errors {
		if code, _ := e.Extensions["code"].(string); code != string(domain.CodeUnavailable) {
			return false
		}
	}
	if len(resp.Data) == 0 || string(resp.Data) == "null" {
		return true
	}
	var roots map[string]json.RawMessage
	if json.Unmarshal(resp.Data, &roots) != nil {
		return false
	}
	for _, v := range roots {
		if string(v) != "null" {
			return false
		}
	}
	return true
}

// responseType negotiates the response's media type from an Accept header:
// of application/graphql-response+json and application/json, the one with
// the higher q-value (on a tie, the one listed first); application/json
// when only a wildcard (*/*, application/*) accepts them, or when there is
// no Accept header; "" when neither is acceptable.
func responseType(accept string) string {
	if accept == "" {
		return applicationJSON
	}
	best, bestQ, wildQ := "", 0.0, 0.0
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if q, err = strconv.ParseFloat(v, 64); err != nil {
				continue
			}
		}
		switch mediaType {
		case graphqlResponseJSON, applicationJSON:
			if q > bestQ {
				best, bestQ = mediaType, q
			}
		case "*/*", "application/*":
			wildQ = max(wildQ, q)
		}
	}
	if best != "" && bestQ >= wildQ {
		return best
	}
	if wildQ > 0 {
		return applicationJSON
	}
	return best
}

// writeBadRequest answers a request that did not become an operation: one
// error, no data, as application/json (the status says what went wrong,
// whatever the client accepts).
func writeBadRequest(w http.ResponseWriter, status int, code, format string, args ...any) {
	w.Header().Set("Content-Type", applicationJSON)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	writeResponse(w, &graphql.Response{Errors: gqlerror.List{{
		Message: fmt.Sprintf(format, args...), Extensions: map[string]any{"code": code},
	}}}, false)
}

// writeResponse writes resp in the order json.Marshal would (errors, data,
// extensions), with the data as the executor wrote it. The response to a
// request error (executed false) has no data entry at all, as the GraphQL
// specification says of errors raised before execution; an operation that
// ran always has one (null when the result budget voided it). An
// incremental response part (label, path, hasNext) goes through
// json.Marshal.
func writeResponse(w io.Writer, resp *graphql.Response, executed bool) {
	if resp.Label != "" || resp.Path != nil || resp.HasNext != nil {
		w.Write(marshal(resp))
		return
	}
	// The data is written on its own: copying it next to the rest would
	// cost as much as the compaction this transport saves.
	head := []byte{'{'}
	if len(resp.Errors) > 0 {
		head = append(append(head, `"errors":`...), marshal(resp.Errors)...)
	}
	var data []byte
	if executed {
		if len(resp.Errors) > 0 {
			head = append(head, ',')
		}
		head = append(head, `"data":`...)
		if data = resp.Data; len(data) == 0 {
			data = []byte("null")
		}
	}
	tail := []byte{}
	if len(resp.Extensions) > 0 {
		tail = append(append(tail, `,"extensions":`...), marshal(resp.Extensions)...)
	}
	tail = append(tail, '}')
	if len(data) < 4096 {
		w.Write(append(append(head, data...), tail...))
		return
	}
	w.Write(head)
	w.Write(data)
	w.Write(tail)
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
