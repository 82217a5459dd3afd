package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
)

// Request hygiene. Every string a request brings (path segments, query
// parameters, the members and values of a JSON body, GraphQL variables and
// the GraphQL document) must be valid UTF-8 without NUL, and a JSON \u
// escape must not be an unpaired UTF-16 surrogate. Such input is refused
// with 400 naming where it was, never stored altered: PostgreSQL refuses
// NUL in text (a 500), and encoding/json would silently turn invalid UTF-8
// and lone surrogates into U+FFFD.
//
// The HTTP check (withInputChecks) sees the raw bytes of every request; the
// GraphQL extension (inputHygiene) is the same rule inside both engines,
// for what the raw bytes cannot show: escapes in the document's string
// literals. (There is no WebSocket transport, whose messages would reach
// an operation without passing the HTTP check: see graph.NewHTTPHandler.)

// The problems, as the end of an error message ("title: must not contain NUL").
const (
	problemNUL       = "must not contain NUL"
	problemUTF8      = "invalid UTF-8"
	problemSurrogate = `unpaired UTF-16 surrogate escape (\ud800-\udfff not in a valid pair)`
	// gqlparser decodes each \uXXXX of a string literal on its own, so even
	// a well-formed pair would be stored as two U+FFFD.
	problemLiteralSurrogate = `string literals cannot carry UTF-16 surrogate escapes; write the character itself or pass the text in a variable`
)

// graphQLPattern is the ServeMux pattern of the GraphQL endpoint.
const graphQLPattern = "/graphql"

// withInputChecks refuses requests carrying NUL, invalid UTF-8 or an
// unpaired surrogate escape in the path, the query or a JSON body, before
// any route runs. REST routes answer with the API's error body; /graphql
// answers in GraphQL's error shape with 400, as for a malformed body.
func withInputChecks(mux *http.ServeMux, routes []compiled, next http.Handler) http.Handler {
	jsonBody := map[string]bool{}
	for _, c := range routes {
		if c.Body {
			jsonBody[c.Method+" "+muxPattern(c.Path)] = true
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pattern := r.Pattern // withRequest's route, when it matched one
		if pattern == "" {
			_, pattern = mux.Handler(r)
		}
		isGraphQL := pattern == graphQLPattern
		msg := checkURL(r.URL, pattern, isGraphQL)
		if msg == "" && r.Body != nil && r.Body != http.NoBody && (jsonBody[pattern] || isGraphQL && r.Method == http.MethodPost) {
			raw, err := io.ReadAll(r.Body)
			var tooLarge *http.MaxBytesError
			switch {
			case isGraphQL && errors.As(err, &tooLarge):
				// gqlgen would answer 200 with an error: the limit is 413.
				writeGraphQLBody(w, http.StatusRequestEntityTooLarge, &gqlerror.Error{
					Message:    fmt.Sprintf("the request body is larger than %d bytes", MaxBody),
					Extensions: map[string]any{"code": string(domain.CodeTooLarge)},
				})
				return
			case err != nil:
				// Too large or cut short: the route reports it, as before.
				r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(raw), errReader{err}))
			default:
				r.Body = io.NopCloser(bytes.NewReader(raw))
				msg = checkJSON(raw, "")
			}
		}
		if msg != "" {
			if isGraphQL {
				writeGraphQLInputError(w, msg)
			} else {
				writeError(w, http.StatusBadRequest, msg)
			}
			return
		}
		next.ServeHTTP(w, r)
	})
}

// checkURL is the check of a request's path (its route's pattern names
// the parameters) and query; "" when both are clean.
func checkURL(u *url.URL, pattern string, isGraphQL bool) string {
	if msg := checkPath(u, pattern); msg != "" {
		return msg
	}
	return checkQuery(u.RawQuery, isGraphQL)
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// writeGraphQLInputError answers /graphql as gqlgen answers a body it cannot
// decode (400, GraphQL's error shape), with the code of invalid input.
func writeGraphQLInputError(w http.ResponseWriter, msg string) {
	writeGraphQLBody(w, http.StatusBadRequest, invalidInput(msg))
}

// writeGraphQLBody answers /graphql with one error in GraphQL's shape, and
// no data entry: nothing was executed.
func writeGraphQLBody(w http.ResponseWriter, status int, e *gqlerror.Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	body, _ := json.Marshal(struct {
		Errors gqlerror.List `json:"errors"`
	}{gqlerror.List{e}})
	w.Write(body)
}

func invalidInput(msg string) *gqlerror.Error {
	return &gqlerror.Error{Message: msg, Extensions: map[string]any{"code": string(domain.CodeInvalid)}}
}

// stringProblem is what is wrong with a decoded string, or "".
func stringProblem(s string) string {
	if strings.IndexByte(s, 0) >= 0 {
		return problemNUL
	}
	if !utf8.ValidString(s) {
		return problemUTF8
	}
	return ""
}

// checkPath checks every segment of the path, naming the route's path
// parameter when the segment is one.
func checkPath(u *url.URL, pattern string) string {
	if stringProblem(u.Path) == "" {
		return ""
	}
	var names []string
	if _, p, ok := strings.Cut(pattern, " "); ok {
		pattern = p
	}
	if strings.HasPrefix(pattern, "/") {
		names = strings.Split(pattern, "/")
	}
	rest := "" // a trailing {name...} takes the rest of the path
	for i, seg := range strings.Split(u.EscapedPath(), "/") {
		v, err := url.PathUnescape(seg)
		if err != nil {
			v = seg
		}
		name := rest
		if i < len(names) && rest == "" {
			if n, ok := strings.CutPrefix(names[i], "{"); ok && n != "$}" {
				name = strings.TrimSuffix(n, "}")
				if n, ok := strings.CutSuffix(name, "..."); ok {
					name, rest = n, n
				}
			}
		}
		if p := stringProblem(v); p != "" {
			if name != "" {
				return fmt.Sprintf("path parameter %q: %s", name, p)
			}
			return "path: " + p
		}
	}
	return "path: " + stringProblem(u.Path)
}

// checkQuery checks every query parameter, name and value, in order, as
// url.ParseQuery reads them. GraphQL's variables and extensions parameters
// are JSON, checked like a body.
func checkQuery(raw string, isGraphQL bool) string {
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		if pair == "" || strings.Contains(pair, ";") {
			continue // ParseQuery skips these too
		}
		k, v, _ := strings.Cut(pair, "=")
		key, err1 := url.QueryUnescape(k)
		value, err2 := url.QueryUnescape(v)
		if err1 != nil || err2 != nil {
			continue
		}
		if p := stringProblem(key); p != "" {
			return "query parameter name: " + p
		}
		if p := stringProblem(value); p != "" {
			return fmt.Sprintf("query parameter %q: %s", key, p)
		}
		if isGraphQL && (key == "variables" || key == "extensions") {
			if msg := checkJSON([]byte(value), key); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// maxDepth is encoding/json's nesting limit: deeper documents are refused
// as invalid JSON by whoever decodes them.
const maxDepth = 10000

// checkJSON checks every string (member names included) of the JSON text
// src on its raw bytes, and names the first bad one by its path, under
// prefix. Text that is not JSON is left to the decoder to refuse.
func checkJSON(src []byte, prefix string) string {
	s := &jsonScan{src: src}
	if prefix != "" {
		s.path = append(s.path, pathElem{key: prefix, isKey: true})
	}
	s.value(0)
	return s.problem
}

type jsonScan struct {
	src     []byte
	i       int
	path    []pathElem
	problem string // the first problem, as a message
	stop    bool   // a problem, or text that is not JSON
}

// pathElem is one step of a path: a member name or an array index. A
// member name of the body is kept as its JSON text (raw), decoded only
// when a problem is reported: most bodies have none.
type pathElem struct {
	key   string
	raw   []byte
	index int
	isKey bool
}

func (e pathElem) name() string {
	if e.raw == nil {
		return e.key
	}
	var key string
	if json.Unmarshal(e.raw, &key) != nil {
		return string(e.raw)
	}
	return key
}

func (s *jsonScan) where() string {
	var b strings.Builder
	for _, e := range s.path {
		if e.isKey {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(e.name())
		} else {
			fmt.Fprintf(&b, "[%d]", e.index)
		}
	}
	if b.Len() == 0 {
		return "request body"
	}
	return b.String()
}

func (s *jsonScan) fail(problem string) {
	s.problem, s.stop = problem, true
}

func (s *jsonScan) space() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// expect consumes c after white space, or stops the scan.
func (s *jsonScan) expect(c byte) bool {
	s.space()
	if s.i < len(s.src) && s.src[s.i] == c {
		s.i++
		return true
	}
	s.stop = true
	return false
}

func (s *jsonScan) value(depth int) {
	s.space()
	if s.i >= len(s.src) || depth > maxDepth {
		s.stop = true
		return
	}
	switch s.src[s.i] {
	case '{':
		s.i++
		s.space()
		if s.i < len(s.src) && s.src[s.i] == '}' {
			s.i++
			return
		}
		for !s.stop {
			s.space()
			if s.i >= len(s.src) || s.src[s.i] != '"' {
				s.stop = true
				return
			}
			start := s.i
			if p := s.str(); p != "" {
				at := "member name"
				if len(s.path) > 0 {
					at = s.where() + ": member name"
				}
				s.fail(at + ": " + p)
				return
			}
			if s.stop {
				return
			}
			name := s.src[start:s.i]
			if !s.expect(':') {
				return
			}
			s.path = append(s.path, pathElem{raw: name, isKey: true})
			s.value(depth + 1)
			s.path = s.path[:len(s.path)-1]
			if s.stop {
				return
			}
			s.space()
			if s.i < len(s.src) && s.src[s.i] == '}' {
				s.i++
				return
			}
			if !s.expect(',') {
				return
			}
		}
	case '[':
		s.i++
		s.space()
		if s.i < len(s.src) && s.src[s.i] == ']' {
			s.i++
			return
		}
		for n := 0; !s.stop; n++ {
			s.path = append(s.path, pathElem{index: n})
			s.value(depth + 1)
			s.path = s.path[:len(s.path)-1]
			if s.stop {
				return
			}
			s.space()
			if s.i < len(s.src) && s.src[s.i] == ']' {
				s.i++
				return
			}
			if !s.expect(',') {
				return
			}
		}
	case '"':
		if p := s.str(); p != "" {
			s.fail(s.where() + ": " + p)
		}
	default: // number, true, false, null: the decoder checks them
		for s.i < len(s.src) && !strings.ContainsRune(",]} \t\r\n", rune(s.src[s.i])) {
			s.i++
		}
	}
}

// str consumes the JSON string at s.i and returns its problem, if any.
func (s *jsonScan) str() string {
	src := s.src
	for j := s.i + 1; j < len(src); {
		c := src[j]
		switch {
		case c == '"':
			s.i = j + 1
			return ""
		case c == '\\':
			if j+1 >= len(src) {
				s.stop = true
				return ""
			}
			if src[j+1] != 'u' {
				j += 2
				continue
			}
			r, ok := hex4(src[j+2:])
			switch {
			case !ok:
				s.stop = true
				return ""
			case r == 0:
				return problemNUL
			case r >= 0xdc00 && r <= 0xdfff:
				return problemSurrogate
			case r >= 0xd800 && r <= 0xdbff:
				if len(src) < j+12 || src[j+6] != '\\' || src[j+7] != 'u' {
					return problemSurrogate
				}
				if lo, ok := hex4(src[j+8:]); !ok || lo < 0xdc00 || lo > 0xdfff {
					return problemSurrogate
				}
				j += 12
			default:
				j += 6
			}
		case c == 0:
			return problemNUL
		case c < 0x20:
			s.stop = true // a control character: not JSON
			return ""
		case c < utf8.RuneSelf:
			j++
		default:
			r, size := utf8.DecodeRune(src[j:])
			if r == utf8.RuneError && size == 1 {
				return problemUTF8
			}
			j += size
		}
	}
	s.stop = true // unterminated
	return ""
}

// hex4 decodes the four hex digits at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// checkDocument checks a GraphQL document: its text, and the \u escapes of
// its string literals (outside comments and block strings, where a
// backslash is only a backslash).
func checkDocument(q string) string {
	if p := stringProblem(q); p != "" {
		return p
	}
	for i := 0; i < len(q); {
		switch {
		case q[i] == '#':
			for i < len(q) && q[i] != '\n' && q[i] != '\r' {
				i++
			}
		case strings.HasPrefix(q[i:], `"""`):
			i += 3
			for i < len(q) && !strings.HasPrefix(q[i:], `"""`) {
				if strings.HasPrefix(q[i:], `\"""`) {
					i += 4
				} else {
					i++
				}
			}
			i += 3
		case q[i] == '"':
			for i++; i < len(q) && q[i] != '"' && q[i] != '\n' && q[i] != '\r'; {
				if q[i] != '\\' {
					i++
					continue
				}
				if i+1 < len(q) && q[i+1] == 'u' {
					if r, ok := hex4([]byte(q[i+2 : min(i+6, len(q))])); ok {
						switch {
						case r == 0:
							return problemNUL
						case r >= 0xd800 && r <= 0xdfff:
							return problemLiteralSurrogate
						}
					}
				}
				i += 2
			}
			i++
		default:
			i++
		}
	}
	return ""
}

// checkValue checks the strings (and member names) of decoded JSON, such
// as GraphQL variables.
func checkValue(v any, where string) string {
	if !hasProblem(v) {
		return "" // nothing to name: no path built, no member names sorted
	}
	return describeProblem(v, where)
}

// hasProblem reports whether a string or member name of v has a problem.
func hasProblem(v any) bool {
	switch v := v.(type) {
	case string:
		return stringProblem(v) != ""
	case map[string]any:
		for k, e := range v {
			if stringProblem(k) != "" || hasProblem(e) {
				return true
			}
		}
	case []any:
		for _, e := range v {
			if hasProblem(e) {
				return true
			}
		}
	}
	return false
}

// describeProblem names the first problem of v and where it is.
func describeProblem(v any, where string) string {
	switch v := v.(type) {
	case string:
		if p := stringProblem(v); p != "" {
			return where + ": " + p
		}
	case map[string]any:
		// Sorted: the first problem is the same every time.
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if msg := describeProblem(k, where+": member name"); msg != "" {
				return msg
			}
			if msg := describeProblem(v[k], where+"."+k); msg != "" {
				return msg
			}
		}
	case []any:
		for i, e := range v {
			if msg := describeProblem(e, fmt.Sprintf("%s[%d]", where, i)); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// inputHygiene applies the rule inside the GraphQL engines (/graphql and
// the REST executor) to every operation's document, name and variables,
// whatever the transport. The REST executor runs only documents written in
// Folio's source (ownDocuments: the routes' operations and the site
// reader's, which checkDocument checks once, when they are loaded), whose
// check would be the same every time: it checks the variables alone.
type inputHygiene struct{ ownDocuments bool }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = inputHygiene{}

func (inputHygiene) ExtensionName() string                   { return "InputHygiene" }
func (inputHygiene) Validate(graphql.ExecutableSchema) error { return nil }

func (h inputHygiene) MutateOperationParameters(_ context.Context, p *graphql.RawParams) *gqlerror.Error {
	if !h.ownDocuments {
		if msg := checkDocument(p.Query); msg != "" {
			return invalidInput("query: " + msg)
		}
	}
	if msg := checkValue(p.OperationName, "operationName"); msg != "" {
		return invalidInput(msg)
	}
	if msg := checkValue(p.Variables, "variables"); msg != "" {
		return invalidInput(msg)
	}
	return nil
}
