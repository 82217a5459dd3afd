package rest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"folio/rest/resttest"
)

// nullyOpenAPI is an OpenAPI document full of nulls: examples, defaults, a
// nullable enum listing null, null inside arrays and nested objects. It is
// compact JSON, so the stored file (JSON, key order kept) must come back
// byte for byte.
const nullyOpenAPI = `{"openapi":"3.0.3","info":{"title":"Nulls","version":"1.0.0","description":null},` +
	`"paths":{"/pets":{"get":{"operationId":"listPets","parameters":[{"name":"tag","in":"query","schema":{"type":"string","nullable":true,"default":null,"example":null}}],` +
	`"responses":{"200":{"description":"The pets","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Pet"}},"example":null}}}}}}},` +
	`"components":{"schemas":{"Pet":{"type":"object","properties":{` +
	`"name":{"type":"string","example":null,"default":null},` +
	`"kind":{"type":"string","nullable":true,"enum":["cat","dog",null],"default":null},` +
	`"tags":{"type":"array","items":{"type":"string","nullable":true},"example":["a",null,"b"]},` +
	`"meta":{"type":"object","nullable":true,"example":{"a":null,"b":{"c":null,"d":[null,{"e":null}]}}}}}}}}`

// TestShapeKeepsNullsInOpenAPIContent: the filesystem of a specification
// version is a JSON scalar and comes back exactly as stored, every null
// member included (the REST shaper left them out).
func TestShapeKeepsNullsInOpenAPIContent(t *testing.T) {
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	base := "/v1/orgs/" + org + "/openapi"

	alice.Post(base, map[string]any{"slug": "nulls", "source": map[string]any{"text": nullyOpenAPI}}).Expect(http.StatusCreated)
	spec := waitSpec(t, alice, base+"/nulls", complete)
	if spec["lastProcessErrorCode"] != nil {
		t.Fatalf("the document did not process: %v", spec)
	}
	for _, path := range []string{base + "/nulls/versions/latest/content", base + "/nulls/versions/" + resttest.Str(spec, "lastVersion") + "/content"} {
		var content struct {
			Filesystem struct {
				Entrypoint string                     `json:"entrypoint"`
				Files      map[string]json.RawMessage `json:"files"`
			} `json:"filesystem"`
		}
		alice.Get(path).Expect(http.StatusOK).Decode(&content)
		got := content.Filesystem.Files[content.Filesystem.Entrypoint]
		if !bytes.Equal(got, []byte(nullyOpenAPI)) {
			t.Errorf("%s: the document came back altered:\n got %s\nwant %s", path, got, nullyOpenAPI)
		}
	}
}

// TestShapeKeepsNullsInAdaptiveSchema: a site's adaptive schema is a JSON
// scalar; a null default (and other nulls) are read back unchanged.
//
// GitBook's own schema of an adaptive schema admits no null anywhere (every
// level is additionalProperties: false, enums are of strings), while Folio
// stores any draft-07 object schema; so these two responses are read
// without the GitBook response hook, which would refuse any schema that
// could show the bug.
func TestShapeKeepsNullsInAdaptiveSchema(t *testing.T) {
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	site := sitesPath(org) + "/" + resttest.Str(createSite(t, alice, org, map[string]any{"title": "Docs"}), "id")

	const schema = `{"type":"object","properties":{` +
		`"plan":{"type":["string","null"],"enum":["free","pro",null],"default":null,"description":"The plan"},` +
		`"flags":{"type":"object","default":{"beta":null},"properties":{"beta":{"type":["boolean","null"],"default":null}}},` +
		`"seats":{"type":["integer","null"],"examples":[1,null]}},"additionalProperties":false}`
	want := decodeJSON(t, []byte(schema))
	for _, body := range [][]byte{
		unhooked(t, srv, alice, http.MethodPut, site+"/adaptive-schema", `{"jsonSchema":`+schema+`}`),
		unhooked(t, srv, alice, http.MethodGet, site+"/adaptive-schema", ""),
	} {
		var got struct {
			JSONSchema json.RawMessage `json:"jsonSchema"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("decode %s: %v", body, err)
		}
		if !reflect.DeepEqual(decodeJSON(t, got.JSONSchema), want) {
			t.Errorf("jsonSchema came back altered:\n got %s\nwant %s", got.JSONSchema, schema)
		}
	}
}

// unhooked sends a request as c without the GitBook schema check of
// resttest's client, expects 200 and returns the body.
func unhooked(t *testing.T, srv *resttest.Server, c *resttest.Client, method, path, body string) []byte {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	return raw
}

func decodeJSON(t *testing.T, raw []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return v
}
