package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"folio/internal/logs"
	"folio/rest/resttest"
	"folio/store"
)

// logBuffer collects log lines written by concurrent requests.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) lines(t *testing.T) (raw string, lines []map[string]any) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	raw = b.buf.String()
	for _, l := range strings.Split(strings.TrimSpace(raw), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", l)
		}
		lines = append(lines, m)
	}
	return raw, lines
}

func TestLogsCarryRequestIDAndNoSecrets(t *testing.T) {
	var buf logBuffer
	srv := resttest.New(t, resttest.WithLogger(logs.New(&buf, slog.LevelDebug)))
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	ok := alice.Get("/v1/orgs/" + org).Expect(http.StatusOK)

	forged := srv.Anonymous()
	forged.Token = "gb_api_" + strings.Repeat("f", 40)
	forged.Get("/v1/orgs").ExpectError(http.StatusUnauthorized)
	jwt := srv.Anonymous()
	jwt.Token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXZhbHVl"
	jwt.Get("/v1/orgs").ExpectError(http.StatusUnauthorized)
	srv.Anonymous().Get("/v1/share/sk_secret_share_key").ExpectError(http.StatusNotFound)
	alice.GraphQL(`query Release { apiInformation { version } }`, nil)

	raw, lines := buf.lines(t)
	for _, secret := range []string{alice.Token, forged.Token, jwt.Token, "sk_secret_share_key"} {
		if strings.Contains(raw, secret) {
			t.Fatalf("a secret was logged (%q):\n%s", secret, raw)
		}
	}
	var access []map[string]any
	for _, l := range lines {
		if id, _ := l["request_id"].(string); id == "" {
			t.Errorf("line without request_id: %v", l)
		}
		if l["msg"] == "request" {
			access = append(access, l)
		}
	}
	if len(access) != 6 {
		t.Fatalf("%d access lines for 6 requests:\n%s", len(access), raw)
	}
	var get map[string]any
	for _, l := range access {
		if l["request_id"] == ok.Header.Get("X-Request-Id") {
			get = l
		}
	}
	if get == nil {
		t.Fatalf("no access line with the response's X-Request-Id %q:\n%s", ok.Header.Get("X-Request-Id"), raw)
	}
	want := map[string]any{"method": "GET", "route": "/v1/orgs/{organizationId}", "status": float64(200),
		"sql_statements": float64(ok.Statements), "operation": "query GetOrganization",
		"client": "127.0.0.1", "user_id": alice.UserID}
	for k, v := range want {
		if get[k] != v {
			t.Errorf("access line %s = %v, want %v", k, get[k], v)
		}
	}
	if _, ok := get["duration_ms"].(float64); !ok {
		t.Errorf("access line without duration_ms: %v", get)
	}
	if access[5]["route"] != "/graphql" || access[5]["operation"] != "query Release" {
		t.Errorf("a GraphQL request is logged as %v %v, want /graphql and its operation", access[5]["route"], access[5]["operation"])
	}
	if access[4]["route"] != "unmatched" {
		t.Errorf("an unknown path is logged as %v, want the route unmatched", access[4]["route"])
	}
}

func TestMetrics(t *testing.T) {
	srv := resttest.New(t, resttest.WithRateLimit(100, 60e9))
	alice := srv.User("alice@example.com")
	org := createOrg(t, alice, "Acme")
	alice.Get("/v1/orgs/" + org).Expect(http.StatusOK)
	alice.Get("/v1/orgs/" + org).Expect(http.StatusOK)
	alice.Get("/v1/orgs/unknown").ExpectError(http.StatusNotFound)
	srv.Anonymous().Get("/metrics").ExpectError(http.StatusNotFound) // never on the public listener

	m := srv.Metrics()
	for _, want := range []string{
		`folio_http_requests_total{method="GET",route="/v1/orgs/{organizationId}",status="200"} 2`,
		`folio_http_requests_total{method="GET",route="/v1/orgs/{organizationId}",status="404"} 1`,
		`folio_http_requests_total{method="POST",route="/v1/orgs",status="201"} 1`,
		`folio_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`folio_http_request_duration_seconds_count{method="GET",route="/v1/orgs/{organizationId}"} 3`,
		`folio_http_request_sql_statements_count{method="GET",route="/v1/orgs/{organizationId}"} 3`,
		`folio_http_request_sql_statements_bucket{method="GET",route="/v1/orgs/{organizationId}",le="0"} 0`,
		fmt.Sprintf(`go_sql_max_open_connections{db_name="folio"} %d`, store.DefaultMaxConns()),
		`go_sql_open_connections{db_name="folio"}`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(m, "/v1/orgs/"+org) {
		t.Error("a raw path (with an id) became a label")
	}
}
