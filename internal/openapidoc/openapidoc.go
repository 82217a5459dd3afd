// Package openapidoc turns the source of an OpenAPI specification (a URL or
// a text) into a validated document: it fetches the document and the files
// its $refs point to (through internal/fetch), parses and validates them with
// kin-openapi (OpenAPI 3.0, 3.1 and Swagger 2.0), and returns them as a
// filesystem with a content hash, or a failure with the reference
// document's error code.
package openapidoc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/goccy/go-yaml"

	"folio/internal/fetch"
)

// Error codes of a failed processing (OpenAPISpecProcessingErrorCode).
const (
	FetchTimeout = "FETCH_TIMEOUT"
	FetchError   = "FETCH_ERROR"
	ParseError   = "PARSE_ERROR"
)

// MaxFiles caps how many files one split specification may span.
const MaxFiles = 100

// Source is where a specification comes from: exactly one of URL and Text.
type Source struct {
	URL  string
	Text string
}

// Filesystem is a parsed specification: every file as JSON (key order
// kept), keyed by its path relative to the entrypoint's directory (or its
// full URL when it lives elsewhere).
type Filesystem struct {
	Entrypoint string                     `json:"entrypoint"`
	Files      map[string]json.RawMessage `json:"files"`
}

// Result is a processed specification.
type Result struct {
	Filesystem json.RawMessage // the Filesystem, encoded
	Hash       string          // sha256 of Filesystem: equal hashes, same document
}

// Failure is a specification that could not be processed: the source's
// fault (unreachable, too slow, not a valid document), not the server's.
type Failure struct {
	Code    string // FetchTimeout, FetchError or ParseError
	Message string // safe to show to the spec's owner
}

func (f *Failure) Error() string { return f.Code + ": " + f.Message }

// Process fetches, parses and validates a specification. It returns a
// *Failure for a bad source; any other error (ctx ended) means try again.
func Process(ctx context.Context, f *fetch.Fetcher, src Source) (*Result, error) {
	p := &processor{ctx: ctx, fetcher: f, files: map[string]json.RawMessage{}, bodies: map[string][]byte{}}
	root, entry, err := p.root(src)
	if err != nil {
		return nil, err
	}
	if err := p.validate(root); err != nil {
		return nil, err
	}
	fs := Filesystem{Entrypoint: p.name(entry), Files: map[string]json.RawMessage{}}
	for u, doc := range p.files {
		fs.Files[p.name(u)] = doc
	}
	raw, err := json.Marshal(fs)
	if err != nil {
		return nil, fmt.Errorf("encode filesystem: %w", err)
	}
	sum := sha256.Sum256(raw)
	return &Result{Filesystem: raw, Hash: hex.EncodeToString(sum[:])}, nil
}

// processor holds the state of one Process call.
type processor struct {
	ctx     context.Context
	fetcher *fetch.Fetcher
	base    *url.URL                   // the entrypoint's URL; nil for a text source
	files   map[string]json.RawMessage // by absolute URL (or the entry name for a text)
	bodies  map[string][]byte          // the same files as fetched
	failure error                      // the first fetch failure, which decides the code
}

// textEntry names the entrypoint of a text source.
const textEntry = "openapi"

// root reads the entrypoint document and records it as the first file.
func (p *processor) root(src Source) ([]byte, string, error) {
	if src.URL == "" {
		doc, err := toJSON(textEntry, []byte(src.Text))
		if err != nil {
			return nil, "", err
		}
		p.files[textEntry] = doc
		return []byte(src.Text), textEntry, nil
	}
	u, err := url.Parse(src.URL)
	if err != nil {
		return nil, "", &Failure{Code: FetchError, Message: "the source URL does not parse"}
	}
	u.Fragment = ""
	p.base = u
	body, err := p.fetch(u)
	if err != nil {
		return nil, "", err
	}
	return body, u.String(), nil
}

// fetch reads one file through the safe fetcher and records it.
func (p *processor) fetch(u *url.URL) ([]byte, error) {
	key := u.String()
	if len(p.files) >= MaxFiles {
		return nil, &Failure{Code: ParseError, Message: fmt.Sprintf("the specification spans more than %d files", MaxFiles)}
	}
	resp, err := p.fetcher.Get(p.ctx, key)
	if err != nil {
		if p.ctx.Err() != nil {
			return nil, p.ctx.Err()
		}
		code := FetchError
		if errors.Is(err, fetch.ErrTimeout) {
			code = FetchTimeout
		}
		f := &Failure{Code: code, Message: err.Error()}
		if p.failure == nil {
			p.failure = f
		}
		return nil, f
	}
	doc, err := toJSON(p.name(key), resp.Body)
	if err != nil {
		return nil, err
	}
	p.files[key] = doc
	p.bodies[key] = resp.Body
	return resp.Body, nil
}

// validate parses the entrypoint as OpenAPI 3.x or Swagger 2.0 and validates it.
func (p *processor) validate(root []byte) error {
	var head struct {
		OpenAPI string `json:"openapi"`
		Swagger string `json:"swagger"`
	}
	entry := p.files[p.entryKey()]
	if err := json.Unmarshal(entry, &head); err != nil {
		return &Failure{Code: ParseError, Message: "the document is not an object"}
	}
	switch {
	case strings.HasPrefix(head.OpenAPI, "3."):
		return guard("invalid OpenAPI document", func() error { return p.validate3(root) })
	case head.Swagger == "2.0":
		return guard("invalid Swagger 2.0 document", func() error { return p.validate2(entry) })
	default:
		return &Failure{Code: ParseError, Message: `the document is neither OpenAPI 3.x ("openapi": "3.x.y") nor Swagger 2.0 ("swagger": "2.0")`}
	}
}

// guard runs a validation by kin-openapi, which assumes shapes that an
// untrusted document need not have (it panicked on a Swagger 2.0 path item
// that is null): a panic in it is the document's fault, a parse error, not
// the server's.
func guard(what string, validate func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			// The panic's own text is the library's, not the author's:
			// it stays out of the message shown to clients.
			err = &Failure{Code: ParseError, Message: what + ": a part of it does not have the shape the specification gives it"}
		}
	}()
	return validate()
}

func (p *processor) entryKey() string {
	if p.base == nil {
		return textEntry
	}
	return p.base.String()
}

func (p *processor) validate3(root []byte) error {
	loader := openapi3.NewLoader()
	loader.Context = p.ctx
	// The loader reads every $ref'd file through us: the safe fetcher, the
	// file cap, and a record of each file for the filesystem.
	loader.ReadFromURIFunc = func(_ *openapi3.Loader, u *url.URL) ([]byte, error) {
		if p.base == nil {
			return nil, &Failure{Code: ParseError, Message: "a specification given as text cannot refer to other files: " + u.String()}
		}
		abs := p.base.ResolveReference(u)
		abs.Fragment = ""
		if abs.String() == p.base.String() {
			return root, nil
		}
		if body, seen := p.bodies[abs.String()]; seen {
			return body, nil // a file referred to from several places is fetched once
		}
		return p.fetch(abs)
	}
	location := &url.URL{Path: textEntry}
	if p.base != nil {
		location = p.base
	}
	doc, err := loader.LoadFromDataWithPath(root, location)
	if err != nil {
		return p.loadFailure(err)
	}
	if err := doc.Validate(p.ctx, openapi3.DisableExamplesValidation()); err != nil {
		return &Failure{Code: ParseError, Message: "invalid OpenAPI document: " + err.Error()}
	}
	return nil
}

func (p *processor) validate2(entry json.RawMessage) error {
	var doc2 openapi2.T
	if err := json.Unmarshal(entry, &doc2); err != nil {
		return &Failure{Code: ParseError, Message: "invalid Swagger 2.0 document: " + err.Error()}
	}
	for path, item := range doc2.Paths {
		if item == nil {
			return &Failure{Code: ParseError, Message: fmt.Sprintf("invalid Swagger 2.0 document: path %q is not an object", path)}
		}
	}
	doc3, err := openapi2conv.ToV3(&doc2)
	if err != nil {
		return &Failure{Code: ParseError, Message: "invalid Swagger 2.0 document: " + err.Error()}
	}
	if err := doc3.Validate(p.ctx, openapi3.DisableExamplesValidation()); err != nil {
		return &Failure{Code: ParseError, Message: "invalid Swagger 2.0 document: " + err.Error()}
	}
	return nil
}

// loadFailure classifies a loader error: a fetch failure of a $ref'd file
// keeps its own code, anything else is a parse error.
func (p *processor) loadFailure(err error) error {
	if p.ctx.Err() != nil {
		return p.ctx.Err()
	}
	if p.failure != nil {
		return p.failure
	}
	var f *Failure
	if errors.As(err, &f) {
		return f
	}
	return &Failure{Code: ParseError, Message: "invalid OpenAPI document: " + err.Error()}
}

// name is a file's key in the filesystem: relative to the entrypoint's
// directory when it lives under it, its full URL otherwise.
func (p *processor) name(key string) string {
	if p.base == nil {
		return key
	}
	u, err := url.Parse(key)
	if err != nil || u.Scheme != p.base.Scheme || u.Host != p.base.Host || u.RawQuery != "" {
		return key
	}
	if key == p.base.String() {
		if b := path.Base(u.Path); b != "/" && b != "." {
			return b
		}
		return textEntry
	}
	dir := path.Dir(p.base.Path) + "/"
	if rel, ok := strings.CutPrefix(u.Path, dir); ok && p.base.RawQuery == "" {
		return rel
	}
	return key
}

// toJSON parses a JSON or YAML file into JSON, keeping key order.
func toJSON(name string, data []byte) (json.RawMessage, error) {
	out, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, &Failure{Code: ParseError, Message: fmt.Sprintf("%s is neither JSON nor YAML: %v", name, firstLine(err.Error()))}
	}
	if !json.Valid(out) {
		return nil, &Failure{Code: ParseError, Message: name + " is neither JSON nor YAML"}
	}
	return out, nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
