package rest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"folio/rest"
	"folio/rest/resttest"
)

func openAPIDocument(t *testing.T, srv *resttest.Server) []byte {
	t.Helper()
	r := srv.Anonymous().Get("/v1/openapi.json").Expect(http.StatusOK)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q", ct)
	}
	return r.Body
}

func TestOpenAPIDocumentIsValid(t *testing.T) {
	srv := resttest.New(t)
	raw := openAPIDocument(t, srv)
	doc, err := libopenapi.NewDocument(raw)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if v := doc.GetVersion(); v != "3.1.0" {
		t.Fatalf("openapi %q, want 3.1.0", v)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("validator: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, e := range verrs {
			t.Errorf("%s: %s", e.Message, e.Reason)
			for _, se := range e.SchemaValidationErrors {
				t.Errorf("  %s at %s", se.Reason, se.FieldPath+" "+se.KeywordLocation)
			}
		}
	}

	// Every route is in the document, under its method; ServeMux's
	// {name...} is written {name}.
	var parsed struct {
		Info struct {
			License *struct {
				Name string `json:"name"`
			} `json:"license"`
		} `json:"info"`
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			Summary     string `json:"summary"`
			Responses   map[string]struct {
				Ref string `json:"$ref"`
			} `json:"responses"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(raw, &parsed); err != nil {
		t.Fatal(err)
	}
	for _, r := range rest.Routes() {
		if parsed.Paths[strings.ReplaceAll(r.Path, "...}", "}")][strings.ToLower(r.Method)].OperationID == "" {
			t.Errorf("%s %s missing from the document", r.Method, r.Path)
		}
	}

	// What code generators and linters need: unique operation ids, plain
	// path templates, a summary and the client errors of every operation,
	// and a license.
	if l := parsed.Info.License; l == nil || l.Name == "" {
		t.Errorf("info.license missing")
	}
	ids := map[string]string{}
	for path, ops := range parsed.Paths {
		if strings.Contains(path, "...") {
			t.Errorf("path %s: ServeMux syntax in an OpenAPI path template", path)
		}
		for method, op := range ops {
			at := strings.ToUpper(method) + " " + path
			if other, dup := ids[op.OperationID]; dup {
				t.Errorf("operationId %q of both %s and %s", op.OperationID, other, at)
			}
			ids[op.OperationID] = at
			if strings.TrimSpace(op.Summary) == "" {
				t.Errorf("%s: no summary", at)
			}
			for _, status := range []string{"400", "401", "403", "404", "429"} {
				if res, ok := op.Responses[status]; !ok {
					t.Errorf("%s: no %s response", at, status)
				} else if res.Ref != "#/components/responses/Error" {
					t.Errorf("%s: %s response is not the Error response: %+v", at, status, res)
				}
			}
		}
	}
	if len(ids) != len(rest.Routes()) {
		t.Errorf("%d operations in the document, %d routes", len(ids), len(rest.Routes()))
	}
}

// The document describes what the server really answers: real requests and
// responses validate against it (bodies with absent optional fields, kept
// nulls, request bodies with the input rules).
func TestOpenAPIDescribesRealTraffic(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(1000, time.Minute)) // its headers too
	doc, err := libopenapi.NewDocument(openAPIDocument(t, srv))
	if err != nil {
		t.Fatal(err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("validator: %v", errs)
	}
	alice := srv.User("alice@example.com")
	bob := srv.User("bob@example.com")
	org := createOrg(t, alice, "Acme")
	invite := resttest.Str(alice.Post("/v1/orgs/"+org+"/link-invites", map[string]any{"role": "edit"}).Expect(http.StatusCreated).JSON(), "id")
	bob.Post("/v1/orgs/"+org+"/invites/"+invite, nil).Expect(http.StatusOK)
	team := resttest.Str(alice.Put("/v1/orgs/"+org+"/teams", map[string]any{"title": "Docs"}).Expect(http.StatusCreated).JSON(), "id")

	calls := []struct {
		method, path string
		body         any
	}{
		{"GET", "/v1/", nil},
		{"GET", "/v1/user", nil},
		{"GET", "/v1/orgs?limit=10", nil},
		{"POST", "/v1/orgs", map[string]any{"title": "Second", "emailDomains": []string{"example.com"}}},
		{"GET", "/v1/orgs/" + org, nil},
		{"PATCH", "/v1/orgs/" + org, map[string]any{"defaultRole": nil, "hostname": "acme"}},
		{"GET", "/v1/orgs/" + org + "/members", nil},
		{"GET", "/v1/orgs/" + org + "/members/" + bob.UserID, nil},
		{"GET", "/v1/orgs/" + org + "/link-invites", nil},
		{"GET", "/v1/orgs/" + org + "/teams", nil},
		{"GET", "/v1/orgs/" + org + "/teams/" + team, nil},
		{"PUT", "/v1/orgs/" + org + "/teams/" + team + "/members/" + bob.UserID, map[string]any{}},
		{"GET", "/v1/orgs/" + org + "/teams/" + team + "/members", nil},
		{"POST", "/v1/orgs/" + org + "/saml", map[string]any{"label": "Okta"}},
		{"GET", "/v1/orgs/" + org + "/sso", nil},
		{"GET", "/v1/user/tokens", nil},
		{"POST", "/v1/user/tokens", map[string]any{"name": "CI", "readOnly": true, "expiresAt": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}},
		{"GET", "/v1/user/sessions", nil},
		{"DELETE", "/v1/user/sessions", nil},
		{"POST", "/v1/user/password", map[string]any{"current": "none yet", "new": "a long enough sentence"}}, // 400: no password
		{"GET", "/v1/orgs/unknown", nil}, // an error body
	}
	for _, c := range calls {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			var body []byte
			if c.body != nil {
				body, _ = json.Marshal(c.body)
			}
			req, _ := http.NewRequest(c.method, srv.URL+c.path, bytes.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+alice.Token)
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode >= 500 {
				t.Fatalf("status %d: %s", resp.StatusCode, raw)
			}
			resp.Body = io.NopCloser(bytes.NewReader(raw))
			check, _ := http.NewRequest(c.method, "http://folio.test"+c.path, bytes.NewReader(body))
			check.Header = req.Header
			if ok, verrs := v.ValidateHttpRequestResponse(check, resp); !ok {
				for _, e := range verrs {
					t.Errorf("%s: %s", e.Message, e.Reason)
					for _, se := range e.SchemaValidationErrors {
						t.Errorf("  %s at %s", se.Reason, se.FieldPath+" "+se.KeywordLocation)
					}
				}
				t.Logf("body: %s", raw)
			}
		})
	}
}
