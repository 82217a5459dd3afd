package rest_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"folio/internal/markdown/mdtest"
	"folio/internal/npmcache"
	"folio/rest/resttest"
	"folio/service/jobs"
)

// gitbookClientAreas are the areas testdata/gitbook-client/e2e.mjs runs a
// flow for; each must report at least one "ok <area>:" line, so a script
// that skips an area fails the test even when it exits cleanly.
var gitbookClientAreas = []string{
	"organizations", "members", "teams", "spaces", "content",
	"search", "sites", "comments", "openapi", "saml",
}

// TestOfficialGitBookClient drives a real Folio with GitBook's own API
// client from npm, unchanged: the wire compatibility the REST API promises
// is whatever that client can do against it.
func TestOfficialGitBookClient(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node not found: install Node.js 18 or later with npm (make test installs it): %v", err)
	}
	dir, err := npmcache.Package(mdtest.GitBookAPI)
	if err != nil {
		t.Fatal(err)
	}

	srv := resttest.New(t)
	// OpenAPI specifications are processed by the background workers.
	srv.StartWorkers(jobs.Config{})
	admin := srv.User("admin@example.com")
	second := srv.User("second@example.com")
	// The client talks to the server through a proxy that checks every
	// answer against GitBook's schemas, as the Go tests' client does.
	proxy := schemaCheckingProxy(t, srv.URL)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "gitbook-client", "e2e.mjs"))
	cmd.Env = append(os.Environ(),
		"NODE_PATH="+filepath.Join(dir, "node_modules"),
		"FOLIO_API="+proxy+"/v1",
		"FOLIO_TOKEN="+admin.Token,
		"FOLIO_TOKEN2="+second.Token,
		"FOLIO_USER2="+second.UserID,
	)
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("e2e.mjs did not finish within 2 minutes; output:\n%s", out)
	}
	if err != nil {
		t.Fatalf("e2e.mjs: %v; output:\n%s", err, out)
	}
	t.Logf("e2e.mjs output:\n%s", out)
	for _, area := range gitbookClientAreas {
		if !strings.Contains(string(out), "\nok "+area+": ") && !strings.HasPrefix(string(out), "ok "+area+": ") {
			t.Errorf("no flow of area %q ran (no \"ok %s:\" line)", area, area)
		}
	}
	if !strings.Contains(string(out), "\nall flows passed\n") {
		t.Error("e2e.mjs did not reach its end")
	}
}

// schemaCheckingProxy forwards to target and fails the test for every
// response that breaks GitBook's schema of its operation.
func schemaCheckingProxy(t *testing.T, target string) string {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ModifyResponse = func(resp *http.Response) error {
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		req := resp.Request
		path := req.URL.Path
		if req.URL.RawQuery != "" {
			path += "?" + req.URL.RawQuery
		}
		if err := resttest.CheckGitBookSchema(req.Method, path, resp.StatusCode, resp.Header.Get("Content-Type"), body); err != nil {
			t.Errorf("%s %s (official client): %v", req.Method, path, err)
		}
		return nil
	}
	ts := httptest.NewServer(rp)
	t.Cleanup(ts.Close)
	return ts.URL
}
