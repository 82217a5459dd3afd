package rest_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"folio/internal/npmcache"
	"folio/rest/resttest"
)

// graphqlHTTPPackages is the GraphQL over HTTP audit suite, pinned, with
// the graphql-js it needs (its peer dependency allows 16 or 17).
var graphqlHTTPPackages = []string{"graphql-http@1.23.1", "graphql@16.15.0"}

// TestGraphQLOverHTTPAudit runs graphql-http's auditServer, the GraphQL
// over HTTP specification's own conformance suite, against /graphql of a
// real server: every audit, MUST, SHOULD and MAY alike, must pass. Node.js
// and npm are required (make test installs them): without them this test
// fails, it does not skip.
func TestGraphQLOverHTTPAudit(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("Node.js is needed to run the GraphQL over HTTP audit: %v", err)
	}
	dir, err := npmcache.Package(graphqlHTTPPackages...)
	if err != nil {
		t.Fatal(err)
	}
	srv := resttest.New(t)
	alice := srv.User("alice@example.com")

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "graphql-http", "audit.mjs"))
	cmd.Env = append(os.Environ(),
		"NODE_PATH="+filepath.Join(dir, "node_modules"),
		"FOLIO_GRAPHQL="+srv.URL+"/graphql",
		"FOLIO_TOKEN="+alice.Token,
	)
	cmd.Stderr = os.Stderr
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.Output()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatalf("audit.mjs did not finish within a minute; output:\n%s", out)
	}
	if err != nil {
		t.Fatalf("audit.mjs: %v; output:\n%s", err, out)
	}
	var results []struct {
		ID, Name, Status, Reason string
		Response                 struct {
			Status      int
			ContentType string
			Body        string
		}
	}
	if err := json.Unmarshal(out, &results); err != nil {
		t.Fatalf("audit output is not JSON: %v\n%s", err, out)
	}
	// graphql-http 1.23.1 has 61 audits; fewer means the script lost some.
	if len(results) < 61 {
		t.Errorf("%d audit results, want at least 61", len(results))
	}
	ok := 0
	for _, r := range results {
		if r.Status == "ok" {
			ok++
			continue
		}
		t.Errorf("%s %s [%s]: %s\n\tanswered %d %s: %.500s", r.ID, r.Name, r.Status, r.Reason,
			r.Response.Status, r.Response.ContentType, r.Response.Body)
	}
	t.Logf("%d of %d audits ok", ok, len(results))
}
