// Package metrics is Folio's Prometheus instrumentation: HTTP requests by
// route template and status, their latency and SQL statement counts, the
// database connection pool, and background jobs. Each server builds one
// Metrics over its own registry (so several servers can live in one test
// process) and serves it on a listener of its own, never the public one.
package metrics

import (
	"database/sql"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the collectors of one server. A nil *Metrics records
// nothing, so code paths that run without metrics (commands, some tests)
// need no checks.
type Metrics struct {
	registry    *prometheus.Registry
	requests    *prometheus.CounterVec
	latency     *prometheus.HistogramVec
	statements  *prometheus.HistogramVec
	rateLimited *prometheus.CounterVec
	jobsRunning *prometheus.GaugeVec
	jobsTotal   *prometheus.CounterVec
	jobLatency  *prometheus.HistogramVec

	series sync.Map // requestKey → *requestSeries
}

// standardMethods are the methods recorded by name.
var standardMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPost: true, http.MethodPut: true,
	http.MethodPatch: true, http.MethodDelete: true, http.MethodOptions: true,
}

// requestKey names the series one request records into.
type requestKey struct {
	method, route string
	status        int
}

// requestSeries are a request's three series, looked up once per key:
// WithLabelValues hashes every label on every call, and the keys are few
// (the route templates times the methods and statuses they answer).
type requestSeries struct {
	requests   prometheus.Counter
	latency    prometheus.Observer
	statements prometheus.Observer
}

// New registers Folio's collectors, the Go runtime and process collectors,
// and db's connection pool statistics when db is not nil.
func New(db *sql.DB) *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "folio_http_requests_total",
			Help: "HTTP requests answered, by method, route template and status code.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "folio_http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by method and route template.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route"}),
		statements: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "folio_http_request_sql_statements",
			Help: "SQL statements run to answer one HTTP request, by method and route template.",
			// A request's statement count must not grow with the data;
			// the upper buckets exist to show when one does.
			Buckets: []float64{0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100},
		}, []string{"method", "route"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "folio_http_rate_limited_total",
			Help: "Requests refused with 429, by kind of bucket (token or ip).",
		}, []string{"bucket"}),
		jobsRunning: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "folio_jobs_running",
			Help: "Background jobs running now, by kind.",
		}, []string{"kind"}),
		jobsTotal: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "folio_jobs_total",
			Help: "Background jobs finished, by kind and outcome (ok or error).",
		}, []string{"kind", "outcome"}),
		jobLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "folio_job_duration_seconds",
			Help:    "Time a background job ran, by kind.",
			Buckets: prometheus.ExponentialBuckets(0.01, 4, 10),
		}, []string{"kind"}),
	}
	m.registry.MustRegister(m.requests, m.latency, m.statements, m.rateLimited,
		m.jobsRunning, m.jobsTotal, m.jobLatency,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if db != nil {
		m.registry.MustRegister(collectors.NewDBStatsCollector(db, "folio"))
	}
	// Zero series from the start: a rate or an alert over a counter that
	// appears only at its first event sees nothing before it.
	for _, bucket := range []string{"token", "ip"} {
		m.rateLimited.WithLabelValues(bucket)
	}
	m.JobKinds(JobKinds...)
	return m
}

// JobKinds are the kinds of background job the server runs; each has its
// series at zero before its first job.
var JobKinds = []string{"openapi_spec_process", "mail_send"}

// JobKinds starts the job series of these kinds at zero.
func (m *Metrics) JobKinds(kinds ...string) {
	if m == nil {
		return
	}
	for _, k := range kinds {
		m.jobsRunning.WithLabelValues(k)
		m.jobsTotal.WithLabelValues(k, "ok")
		m.jobsTotal.WithLabelValues(k, "error")
		m.jobLatency.WithLabelValues(k)
	}
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// Registry is where other areas register collectors of their own.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

// Request records one answered HTTP request. route is the route template
// (never the raw path, whose ids would make one series per object).
func (m *Metrics) Request(method, route string, status int, took time.Duration, statements int64) {
	if m == nil {
		return
	}
	if !standardMethods[method] {
		method = "other" // any token is a method: one series each would never end
	}
	key := requestKey{method, route, status}
	s, ok := m.series.Load(key)
	if !ok {
		s, _ = m.series.LoadOrStore(key, &requestSeries{
			requests:   m.requests.WithLabelValues(method, route, strconv.Itoa(status)),
			latency:    m.latency.WithLabelValues(method, route),
			statements: m.statements.WithLabelValues(method, route),
		})
	}
	series := s.(*requestSeries)
	series.requests.Inc()
	series.latency.Observe(took.Seconds())
	series.statements.Observe(float64(statements))
}

// RateLimited records a request refused by the rate limiter.
func (m *Metrics) RateLimited(bucket string) {
	if m == nil {
		return
	}
	m.rateLimited.WithLabelValues(bucket).Inc()
}

// JobStarted records the start of a background job of a kind (say
// "import" or "publish") and returns the function to call when it ends,
// with its error:
//
//	done := m.JobStarted("import")
//	err := run()
//	done(err)
func (m *Metrics) JobStarted(kind string) (done func(error)) {
	if m == nil {
		return func(error) {}
	}
	start := time.Now()
	m.jobsRunning.WithLabelValues(kind).Inc()
	return func(err error) {
		m.jobsRunning.WithLabelValues(kind).Dec()
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		m.jobsTotal.WithLabelValues(kind, outcome).Inc()
		m.jobLatency.WithLabelValues(kind).Observe(time.Since(start).Seconds())
	}
}
