package resttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"folio/rest"
)

// Golden files hold one response of every REST route (rest.Routes), ids,
// times and tokens normalised, so that any change to a body shows in
// review. Each names the test whose response it holds; that test checks it
// when it ends (golden_check.go). Rest's TestGoldenFiles checks the files
// themselves: one per route, each naming a test of the package.

// Golden is one golden file: the test whose response it holds, and that
// response.
type Golden struct {
	Route  string          `json:"route"` // "GET /v1/orgs/{organizationId}"
	Test   string          `json:"test"`
	Status int             `json:"status"`
	Body   json.RawMessage `json:"body,omitempty"`

	raw []byte // the file's text, when read from one
}

// RouteName names a route in golden files: its method and path template.
func RouteName(r rest.Route) string { return r.Method + " " + r.Path }

// GoldenFile is the name of a route's golden file under testdata/golden.
func GoldenFile(r rest.Route) string {
	p := strings.NewReplacer("/v1/", "", "/", "_", "{", "", "}", "", "...", "").Replace(r.Path)
	return r.Method + "_" + p + ".json"
}

// emptyList is a normalised list body without items.
var emptyList = regexp.MustCompile(`"items": \[\]`)

var (
	idPattern   = regexp.MustCompile(`\b[0-9A-Za-z]{20}\b`)
	timePattern = regexp.MustCompile(`\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	// No \b at the end: a token may end in "-", and "-" before a quote is
	// no word boundary (the greedy class takes the whole token anyway).
	tokenPattern = regexp.MustCompile(`\b[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{16,}`) // page tokens, JWTs' parts
	portPattern  = regexp.MustCompile(`(127\.0\.0\.1|localhost):\d+`)
	queryPattern = regexp.MustCompile(`([?&](share|token|key|signature|jwt_token|visitor)=)[^&"\\]+`)
	secretKeys   = regexp.MustCompile(`(?i)^(token|secret|shareKey|password|signature|nonce)$`)
)

// NormalizeBody makes a JSON body comparable from run to run: indented with
// sorted keys; ids become id-1, id-2, ... in order of first appearance;
// times, page tokens, secrets and local ports become placeholders. Arrays
// of objects are sorted (by their text with ids masked): lists ordered by
// random ids, or by times equal to the microsecond, come in any order.
func NormalizeBody(body []byte) json.RawMessage {
	var v any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		b, _ := json.Marshal(map[string]string{"notJSON": string(body)})
		return b
	}
	v = sortArrays(hideSecrets(v))
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf) // maps encode with sorted keys
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
	s := placeholders(strings.TrimSuffix(buf.String(), "\n"))
	ids := map[string]string{}
	s = idPattern.ReplaceAllStringFunc(s, func(id string) string {
		if ids[id] == "" {
			ids[id] = fmt.Sprintf("id-%d", len(ids)+1)
		}
		return ids[id]
	})
	return json.RawMessage(s)
}

// placeholders replaces what changes from run to run, but ids.
func placeholders(s string) string {
	s = tokenPattern.ReplaceAllString(s, "<token>")
	s = timePattern.ReplaceAllString(s, "<time>")
	s = portPattern.ReplaceAllString(s, "$1:<port>")
	return queryPattern.ReplaceAllString(s, "$1<secret>")
}

// sortArrays sorts every array of objects by the text of its elements with
// ids masked.
func sortArrays(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = sortArrays(e)
		}
	case []any:
		keys := make([]string, len(x))
		objects := true
		for i, e := range x {
			x[i] = sortArrays(e)
			_, ok := e.(map[string]any)
			objects = objects && ok
			b, _ := json.Marshal(x[i])
			keys[i] = idPattern.ReplaceAllString(placeholders(string(b)), "<id>")
		}
		if objects {
			idx := make([]int, len(x))
			for i := range idx {
				idx[i] = i
			}
			sort.SliceStable(idx, func(a, b int) bool { return keys[idx[a]] < keys[idx[b]] })
			out := make([]any, len(x))
			for i, j := range idx {
				out[i] = x[j]
			}
			return out
		}
	}
	return v
}

// hideSecrets replaces the values of secret-looking string fields (random
// on every run) with a placeholder.
func hideSecrets(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && s != "" && secretKeys.MatchString(k) {
				x[k] = "<secret>"
				continue
			}
			x[k] = hideSecrets(e)
		}
	case []any:
		for i, e := range x {
			x[i] = hideSecrets(e)
		}
	}
	return v
}

// ReadGolden reads a golden file; nil when there is none.
func ReadGolden(dir string, r rest.Route) (*Golden, error) {
	b, err := os.ReadFile(filepath.Join(dir, GoldenFile(r)))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	g := Golden{raw: b}
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("%s: %w", GoldenFile(r), err)
	}
	return &g, nil
}

// Encode is a golden file's text.
func (g *Golden) Encode() []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"route\": %q,\n  \"test\": %q,\n  \"status\": %d", g.Route, g.Test, g.Status)
	if len(g.Body) > 0 {
		body := strings.ReplaceAll(string(NormalizeBody(g.Body)), "\n", "\n  ")
		fmt.Fprintf(&buf, ",\n  \"body\": %s", body)
	}
	buf.WriteString("\n}\n")
	return buf.Bytes()
}

// Canonical reports whether a golden file read from disk is in the form
// Encode writes.
func (g *Golden) Canonical() bool { return bytes.Equal(g.raw, g.Encode()) }

// Same reports whether two golden responses are the same.
func (g *Golden) Same(o *Golden) bool {
	return g.Status == o.Status && bytes.Equal(NormalizeBody(g.Body), NormalizeBody(o.Body))
}
