package openapidoc_test

import (
	"context"
	"errors"
	"testing"

	"folio/internal/fetch"
	"folio/internal/openapidoc"
)

const doc = `openapi: 3.0.3
info:
  title: Pets
  version: "1"
paths: {}
`

func process(t *testing.T, text string) (*openapidoc.Result, error) {
	t.Helper()
	return openapidoc.Process(context.Background(), fetch.New(fetch.Config{}), openapidoc.Source{Text: text})
}

// The hash is of the parsed document: formatting, comments and JSON versus
// YAML do not make a new version; a changed value does.
func TestHashFollowsTheDocument(t *testing.T) {
	base, err := process(t, doc)
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"comments": "# the pets API\n" + doc,
		"flow-style": `openapi: 3.0.3
info: {title: Pets, version: "1"}
paths: {}`,
		"json": `{"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"}, "paths": {}}`,
	} {
		r, err := process(t, text)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Hash != base.Hash {
			t.Errorf("%s: hash changed with the same document", name)
		}
	}
	changed, err := process(t, `{"openapi": "3.0.3", "info": {"title": "Pets", "version": "2"}, "paths": {}}`)
	if err != nil {
		t.Fatal(err)
	}
	if changed.Hash == base.Hash {
		t.Error("hash unchanged with a changed document")
	}
}

func TestFailures(t *testing.T) {
	for name, text := range map[string]string{
		"not-yaml":      "{not: [json",
		"not-openapi":   `{"hello": "world"}`,
		"openapi-2":     `{"openapi": "2.0"}`,
		"missing-info":  "openapi: 3.0.0\npaths: {}\n",
		"bad-operation": "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths:\n  /x:\n    get: 12\n",
		"array":         "[1, 2]",
	} {
		_, err := process(t, text)
		var f *openapidoc.Failure
		if !errors.As(err, &f) || f.Code != openapidoc.ParseError || f.Message == "" {
			t.Errorf("%s: error = %v, want a PARSE_ERROR failure", name, err)
		}
	}
}
