package openapidoc_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"testing"

	"folio/internal/openapidoc"
)

// FuzzProcessText: any text given as a specification (JSON or YAML,
// OpenAPI 3.x or Swagger 2.0) is processed or refused with a *Failure
// whose code is PARSE_ERROR; never a panic. A text source never fetches:
// the fetcher is nil, so a fetch would panic. What is processed is one
// file, "openapi", of valid JSON, hashed as the reference says. Run with
//
//	go test -run x -fuzz FuzzProcessText -fuzztime 1m ./internal/openapidoc
//
// or with every other target by `make fuzz`.
func FuzzProcessText(f *testing.F) {
	for _, s := range []string{
		doc,
		`{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{}}`,
		`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a":{"get":{"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/A"}}}}}}}},"components":{"schemas":{"A":{"type":"object","properties":{"a":{"$ref":"#/components/schemas/A"}}}}}}`,
		`{"swagger":"2.0","info":{"title":"t","version":"1"},"paths":{"/p":{"get":{"responses":{"200":{"description":"ok","schema":{"$ref":"#/definitions/D"}}}}}},"definitions":{"D":{"type":"string"}}}`,
		"openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    $ref: 'other.yaml#/x'\n",
		"openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/A'}\n",
		"a: &a [*a]\n",
		"a: &a {b: 1}\nc: *a\n",
		"openapi: 3\n",
		"swagger: '2.0'\npaths: []\n",
		"- 1\n- 2\n",
		"",
		"{",
		"\t",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if len(text) > 64<<10 {
			t.Skip()
		}
		res, err := openapidoc.Process(context.Background(), nil, openapidoc.Source{Text: string(text)})
		if err != nil {
			var failure *openapidoc.Failure
			if !errors.As(err, &failure) || failure.Code != openapidoc.ParseError || failure.Message == "" {
				t.Fatalf("refused with %T %v, want a PARSE_ERROR failure", err, err)
			}
			return
		}
		var fs openapidoc.Filesystem
		if err := json.Unmarshal(res.Filesystem, &fs); err != nil {
			t.Fatalf("filesystem is not JSON: %v", err)
		}
		if fs.Entrypoint != "openapi" || len(fs.Files) != 1 || fs.Files["openapi"] == nil {
			t.Fatalf("a text source made filesystem %s", res.Filesystem)
		}
		if !json.Valid(fs.Files["openapi"]) {
			t.Fatalf("file is not JSON: %s", fs.Files["openapi"])
		}
		sum := sha256.Sum256(res.Filesystem)
		if res.Hash != hex.EncodeToString(sum[:]) {
			t.Fatalf("hash %s is not of the filesystem", res.Hash)
		}
	})
}
