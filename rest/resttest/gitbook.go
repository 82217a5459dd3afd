package resttest

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"folio/graph"
	"folio/internal/markdown/mdtest"
)

// contractOnly lists the GitBook operations whose bodies follow Folio's
// contract instead of GitBook's document, where the two disagree
// (docs/gitbook-compatibility.md says why): they are not checked against
// GitBook's schemas.
var contractOnly = map[string]string{
	"/orgs/{organizationId}/translations":                 "translation settings keep the contract's shape",
	"/orgs/{organizationId}/translations/{translationId}": "translation settings keep the contract's shape",
}

// deviations are the rules of GitBook's schemas that Folio breaks on
// purpose, following the contract (docs/gitbook-compatibility.md lists
// them with the reason):
// a leaf error whose rule ends with rule and whose message is message is
// not reported.
var deviations = []struct{ rule, message, reason string }{
	{"/components/schemas/OrganizationSAMLProvider/required", "missing property 'ssoURL'",
		"a SAML provider created with a label only has no SSO URL yet: absent, not an empty string that is no URI"},
}

// gitbookSchemas checks response bodies against GitBook's OpenAPI
// document, which the official GitBook API client's package ships
// (mdtest.GitBookAPI): every JSON body a test receives from /v1 is checked
// against the response schema of its operation there, so a body that a
// typed GitBook client would reject fails the test that received it.
type gitbookSchemas struct {
	doc      map[string]any
	paths    []pathTemplate
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	compiled map[string]*jsonschema.Schema
}

type pathTemplate struct {
	path     string
	segments []string
	literals int
}

var (
	schemasOnce sync.Once
	schemas     *gitbookSchemas
	schemasErr  error
)

const specURL = "file:///gitbook/openapi.json"

func loadGitBookSchemas() (*gitbookSchemas, error) {
	schemasOnce.Do(func() {
		path, err := mdtest.GitBookSpecPath()
		if err != nil {
			schemasErr = err
			return
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			schemasErr = err
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			schemasErr = fmt.Errorf("%s: %w", path, err)
			return
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		// GitBook's patterns are ECMAScript's (look-aheads, which Go's
		// RE2 lacks): they are checked as JSON Schema says, not skipped.
		c.UseRegexpEngine(ecmaRegexp)
		// GitBook's document refers only to itself: nothing is loaded.
		c.UseLoader(&graph.RefusingLoader{})
		if err := c.AddResource(specURL, doc); err != nil {
			schemasErr = err
			return
		}
		s := &gitbookSchemas{doc: doc.(map[string]any), compiler: c, compiled: map[string]*jsonschema.Schema{}}
		for p := range s.doc["paths"].(map[string]any) {
			t := pathTemplate{path: p, segments: strings.Split(strings.Trim(p, "/"), "/")}
			for _, seg := range t.segments {
				if !strings.HasPrefix(seg, "{") {
					t.literals++
				}
			}
			s.paths = append(s.paths, t)
		}
		// The most literal template wins (/versions/latest over /versions/{versionId}).
		sort.Slice(s.paths, func(i, j int) bool { return s.paths[i].literals > s.paths[j].literals })
		schemas = s
	})
	return schemas, schemasErr
}

// match finds the document's path template for a request path below /v1.
func (s *gitbookSchemas) match(path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if path == "/" {
		segs = []string{""}
	}
next:
	for _, t := range s.paths {
		n := len(t.segments)
		// A page path is the rest of the URL, slashes and all.
		greedy := t.segments[n-1] == "{pagePath}" && len(segs) > n
		if len(segs) != n && !greedy {
			continue
		}
		for i, seg := range t.segments {
			if !strings.HasPrefix(seg, "{") && seg != segs[i] {
				continue next
			}
		}
		return t.path
	}
	return ""
}

// responseSchema returns the JSON pointer of the schema of a response, or
// "" when the operation declares no JSON body for that status.
func (s *gitbookSchemas) responseSchema(path, method string, status int) string {
	op, _ := s.doc["paths"].(map[string]any)[path].(map[string]any)[strings.ToLower(method)].(map[string]any)
	responses, _ := op["responses"].(map[string]any)
	code := strconv.Itoa(status)
	key := code
	if responses[key] == nil {
		key = code[:1] + "XX"
	}
	if responses[key] == nil {
		key = "default"
	}
	resp, _ := responses[key].(map[string]any)
	if resp == nil {
		return ""
	}
	ptr := "#/paths/" + escapePointer(path) + "/" + strings.ToLower(method) + "/responses/" + key
	if ref, ok := resp["$ref"].(string); ok {
		ptr = ref
		name := strings.TrimPrefix(ref, "#/components/responses/")
		resp, _ = s.doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
	}
	content, _ := resp["content"].(map[string]any)
	if content["application/json"] == nil {
		return ""
	}
	return ptr + "/content/application~1json/schema"
}

func (s *gitbookSchemas) schema(ptr string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[ptr]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(specURL + ptr)
	if err != nil {
		return nil, err
	}
	s.compiled[ptr] = sch
	return sch, nil
}

func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// CheckGitBookSchema validates one REST response against GitBook's document.
// It returns nil for bodies GitBook does not describe (routes of Folio's
// own, statuses the operation does not declare, bodies that are not JSON).
func CheckGitBookSchema(method, path string, status int, contentType string, body []byte) error {
	if !strings.HasPrefix(path, "/v1/") || len(body) == 0 || !strings.HasPrefix(contentType, "application/json") {
		return nil
	}
	s, err := loadGitBookSchemas()
	if err != nil {
		return err
	}
	path, query, _ := strings.Cut(strings.TrimPrefix(path, "/v1"), "?")
	if q, _ := url.ParseQuery(query); q.Get("dryRun") == "true" {
		return nil // a Folio dry run answers what the request would do: GitBook's API has no such body
	}
	tmpl := s.match(path)
	if tmpl == "" || contractOnly[tmpl] != "" {
		return nil
	}
	ptr := s.responseSchema(tmpl, method, status)
	if ptr == "" {
		return nil
	}
	sch, err := s.schema(ptr)
	if err != nil {
		return fmt.Errorf("compile GitBook schema %s: %w", ptr, err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("body is not JSON: %w", err)
	}
	if err := sch.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return err
		}
		if lines := describe(ve); len(lines) > 0 {
			return fmt.Errorf("body breaks GitBook's schema of %s %s (%d):\n%s", method, tmpl, status, strings.Join(lines, "\n"))
		}
	}
	return nil
}

// describe lists the leaf errors of a validation, one per line: where in
// the body, which rule of the schema, and why; deliberate deviations are
// left out.
func describe(ve *jsonschema.ValidationError) []string {
	p := message.NewPrinter(language.English)
	var lines []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		rule := strings.TrimPrefix(e.SchemaURL, specURL+"#")
		if kw := e.ErrorKind.KeywordPath(); len(kw) > 0 {
			rule += "/" + strings.Join(kw, "/")
		}
		msg := e.ErrorKind.LocalizedString(p)
		for _, d := range deviations {
			if strings.HasSuffix(rule, d.rule) && msg == d.message {
				return
			}
		}
		lines = append(lines, fmt.Sprintf("  at /%s: %s (rule %s)", strings.Join(e.InstanceLocation, "/"), msg, rule))
	}
	walk(ve)
	sort.Strings(lines)
	if len(lines) > 40 {
		lines = append(lines[:40], fmt.Sprintf("  ... and %d more", len(lines)-40))
	}
	return lines
}

// ecmaRegexp compiles a schema's pattern as ECMAScript does (JSON Schema's
// dialect of regular expressions).
func ecmaRegexp(s string) (jsonschema.Regexp, error) {
	re, err := regexp2.Compile(s, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	return ecmaPattern{re}, nil
}

type ecmaPattern struct{ re *regexp2.Regexp }

func (p ecmaPattern) String() string { return p.re.String() }

// MatchString reports a match; a pattern that runs out of time matches
// nothing (the body fails its check, loudly).
func (p ecmaPattern) MatchString(s string) bool {
	ok, err := p.re.MatchString(s)
	return ok && err == nil
}
