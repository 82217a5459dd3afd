package metrics_test

import (
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"folio/internal/metrics"
)

func scrape(t *testing.T, m *metrics.Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestJobs(t *testing.T) {
	m := metrics.New(nil)
	done := m.JobStarted("import")
	failed := m.JobStarted("import")
	if s := scrape(t, m); !strings.Contains(s, `folio_jobs_running{kind="import"} 2`) {
		t.Fatalf("two running jobs not shown:\n%s", s)
	}
	done(nil)
	failed(errors.New("boom"))
	s := scrape(t, m)
	for _, want := range []string{
		`folio_jobs_running{kind="import"} 0`,
		`folio_jobs_total{kind="import",outcome="ok"} 1`,
		`folio_jobs_total{kind="import",outcome="error"} 1`,
		`folio_job_duration_seconds_count{kind="import"} 2`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestNilMetricsRecordNothing(t *testing.T) {
	var m *metrics.Metrics
	m.Request("GET", "/v1/", 200, 0, 1)
	m.RateLimited("ip")
	m.JobStarted("publish")(nil) // must not panic
}

// Every counter and gauge is there at zero before its first event.
func TestZeroSeries(t *testing.T) {
	s := scrape(t, metrics.New(nil))
	for _, want := range []string{
		`folio_http_rate_limited_total{bucket="ip"} 0`,
		`folio_http_rate_limited_total{bucket="token"} 0`,
		`folio_jobs_running{kind="openapi_spec_process"} 0`,
		`folio_jobs_total{kind="openapi_spec_process",outcome="ok"} 0`,
		`folio_jobs_total{kind="openapi_spec_process",outcome="error"} 0`,
		`folio_job_duration_seconds_count{kind="openapi_spec_process"} 0`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// TestRequests: each request is counted in its series, the second time
// too, and a method outside HTTP's standard ones is recorded as "other".
func TestRequests(t *testing.T) {
	m := metrics.New(nil)
	for range 2 {
		m.Request("GET", "/v1/orgs/{organizationId}", 200, 3*time.Millisecond, 2)
	}
	m.Request("GET", "/v1/orgs/{organizationId}", 404, time.Millisecond, 1)
	m.Request("BREW", "unmatched", 405, time.Millisecond, 0)
	m.Request("TEAPOT1", "unmatched", 405, time.Millisecond, 0)
	s := scrape(t, m)
	for _, want := range []string{
		`folio_http_requests_total{method="GET",route="/v1/orgs/{organizationId}",status="200"} 2`,
		`folio_http_requests_total{method="GET",route="/v1/orgs/{organizationId}",status="404"} 1`,
		`folio_http_requests_total{method="other",route="unmatched",status="405"} 2`,
		`folio_http_request_duration_seconds_count{method="GET",route="/v1/orgs/{organizationId}"} 3`,
		`folio_http_request_sql_statements_sum{method="GET",route="/v1/orgs/{organizationId}"} 5`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(s, "BREW") || strings.Contains(s, "TEAPOT1") {
		t.Error("a made-up method has a series of its own")
	}
}
