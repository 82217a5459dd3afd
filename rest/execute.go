package rest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/domain"
	"folio/graph"
	"folio/internal/bufpool"
)

// MaxBody is the largest request body accepted.
const MaxBody = 1 << 20

// serve handles one request for route c: variables from the path, query and
// body; the operation executed in-process; the result shaped as REST.
func (c *compiled) serve(exec *executor.Executor, w http.ResponseWriter, r *http.Request) {
	vars, err := c.variables(r)
	if err != nil {
		writeDomainError(w, err)
		return
	}
	ctx := r.Context()
	var sp *splices
	if c.splicing() {
		sp = &splices{segs: &graph.Segments{Shape: c.shapeAt}}
		ctx = graph.WithSegments(ctx, sp.segs)
	}
	resp := c.run.Run(ctx, exec, vars)
	defer bufpool.Put(resp.Data) // every use below copies what it keeps
	if len(resp.Errors) > 0 {
		writeGraphQLError(w, resp.Errors[0])
		return
	}
	if c.Absent != 0 && bytes.Equal(resultOf(resp.Data, c.result), []byte("false")) {
		w.WriteHeader(c.Absent)
		return
	}
	if c.Status == http.StatusNoContent || c.Status == http.StatusResetContent {
		w.WriteHeader(c.Status)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if c.Empty {
		w.WriteHeader(c.Status)
		w.Write([]byte("{}"))
		return
	}
	data := resultOf(resp.Data, c.result)
	body := bytes.NewBuffer(bufpool.Get(len(data)))
	defer func() { bufpool.Put(body.Bytes()) }() // the buffer's memory as it grew
	if _, err := shapeSpliced(body, data, c.shape, sp); err != nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	if sp != nil {
		w.Header().Set("Content-Length", strconv.Itoa(body.Len()+sp.len()))
		w.WriteHeader(c.Status)
		sp.writeTo(w, body.Bytes())
		return
	}
	if c.etag != nil {
		var rev string
		if json.Unmarshal(resultOf(resp.Data, c.etag), &rev) == nil && rev != "" {
			sum := sha256.Sum256(body.Bytes())
			w.Header().Set("ETag", `"`+rev+"."+hex.EncodeToString(sum[:8])+`"`)
		}
	}
	if c.Status == http.StatusCreated {
		if loc := member(member(body.Bytes(), "urls"), "location"); len(loc) > 2 {
			var s string
			if json.Unmarshal(loc, &s) == nil {
				w.Header().Set("Location", s)
			}
		}
	}
	w.WriteHeader(c.Status)
	w.Write(body.Bytes())
}

// splicing reports whether c's body may splice in cached renderings
// (graph.Segments): a plain 200 answer to a read whose body nothing reads
// again (no ETag to hash, no result compared).
func (c *compiled) splicing() bool {
	return c.Method == http.MethodGet && c.Status == http.StatusOK && c.etag == nil && c.Absent == 0 && !c.Empty && !noSplicing.Load()
}

// shapeAt is the segments' Shape: the REST body of the field at path.
func (c *compiled) shapeAt(path ast.Path, raw []byte) ([]byte, bool) {
	s, ok := c.root.at(path)
	if !ok {
		return nil, false
	}
	buf := bytes.NewBuffer(make([]byte, 0, len(raw)))
	rest, err := writeShaped(buf, raw, s)
	if err != nil || len(rest) != 0 {
		return nil, false
	}
	return bytes.Clone(buf.Bytes()), true
}

// noSplicing turns splicing off (tests compare a spliced body with one
// made without the cache's segments).
var noSplicing atomic.Bool

// resultOf is the value at path inside an operation's data.
func resultOf(data []byte, path []string) []byte {
	for _, k := range path {
		data = member(data, k)
	}
	return data
}

// variables gathers the operation's variables from the request.
func (c *compiled) variables(r *http.Request) (map[string]any, error) {
	vars := map[string]any{}
	for _, name := range c.pathVars {
		vars[name] = r.PathValue(name)
	}
	q := r.URL.Query()
	for _, p := range c.Query {
		if v, err := queryValue(q, p); err != nil {
			return nil, err
		} else if v != nil {
			vars[p.Name] = v
		}
	}
	if c.Body {
		input, err := readBody(r)
		if err != nil {
			return nil, err
		}
		vars["input"] = input
	}
	if c.IfMatch {
		if h := r.Header.Get("If-Match"); h != "" {
			rev, err := ifMatchRevision(h)
			if err != nil {
				return nil, err
			}
			vars["baseRevision"] = rev
		}
	}
	return vars, nil
}

// ifMatchRevision reads the revision out of an If-Match header: its first
// entity tag, weak or strong, quoted or not, up to the first dot (ETags of
// page reads are "<revision>.<hash>"). "*" guards nothing.
func ifMatchRevision(h string) (any, error) {
	tag, _, _ := strings.Cut(h, ",")
	tag = strings.TrimSpace(tag)
	if tag == "*" {
		return nil, nil
	}
	tag = strings.TrimPrefix(tag, "W/")
	tag = strings.Trim(tag, `"`)
	rev, _, _ := strings.Cut(tag, ".")
	if rev == "" {
		return nil, domain.Invalid("If-Match", "must be an ETag of a page read or a revision id")
	}
	return rev, nil
}

// readBody decodes the JSON body; an empty body is an empty object.
func readBody(r *http.Request) (any, error) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return nil, domain.Errorf(domain.CodeTooLarge, "the request body is larger than %d bytes", MaxBody)
		}
		return nil, domain.Errorf(domain.CodeInvalid, "the request body could not be read")
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return nil, domain.Errorf(domain.CodeInvalid, "the request body is not valid JSON")
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, domain.Errorf(domain.CodeInvalid, "the request body must be a JSON object")
	}
	return numbers(v), nil
}

// numbers turns the body's json.Numbers into int64 when they are integers
// (gqlgen's Int inputs refuse float64) and float64 otherwise; strings stay
// apart from numbers, so a number given for a String is still refused.
func numbers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = numbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = numbers(e)
		}
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return n
		}
		f, _ := v.Float64()
		return f
	}
	return v
}

func queryValue(q url.Values, p Param) (any, error) {
	vals, ok := q[p.Name]
	if !ok || len(vals) == 0 {
		return nil, nil
	}
	v := vals[0]
	switch p.Kind {
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, domain.Invalid(p.Name, "must be an integer")
		}
		return n, nil
	case Bool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, domain.Invalid(p.Name, "must be true or false")
		}
		return b, nil
	case List:
		var out []any
		for _, v := range vals {
			for _, item := range strings.Split(v, ",") {
				if item != "" {
					out = append(out, item)
				}
			}
		}
		return out, nil
	}
	return v, nil
}

// pathNames lists the {name} segments of a path pattern; a trailing
// {name...} (ServeMux's wildcard for the rest of the path, slashes
// included) passes the rest of the path as name.
func pathNames(pattern string) []string {
	var out []string
	for _, seg := range strings.Split(pattern, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			out = append(out, strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(seg, "{"), "}"), "..."))
		}
	}
	return out
}
