package main

import (
	"fmt"
	"strconv"
	"time"

	"folio/internal/fetch"
	"folio/service/jobs"
	"folio/store"
)

// jobsConfig reads the workers' settings from the environment.
func jobsConfig() (jobs.Config, error) {
	allow, err := strconv.ParseBool(env("FOLIO_FETCH_ALLOW_PRIVATE", "false"))
	if err != nil {
		return jobs.Config{}, fmt.Errorf("FOLIO_FETCH_ALLOW_PRIVATE: %w", err)
	}
	timeout, err := time.ParseDuration(env("FOLIO_FETCH_TIMEOUT", fetch.DefaultTimeout.String()))
	if err != nil || timeout <= 0 {
		return jobs.Config{}, fmt.Errorf("FOLIO_FETCH_TIMEOUT: want a positive duration such as 30s")
	}
	maxBytes, err := strconv.ParseInt(env("FOLIO_FETCH_MAX_BYTES", strconv.Itoa(fetch.DefaultMaxBytes)), 10, 64)
	if err != nil || maxBytes <= 0 {
		return jobs.Config{}, fmt.Errorf("FOLIO_FETCH_MAX_BYTES: want a positive number of bytes")
	}
	retention, err := time.ParseDuration(env("FOLIO_EVENTS_RETENTION", store.DefaultEventRetention.String()))
	if err != nil || retention <= 0 {
		return jobs.Config{}, fmt.Errorf("FOLIO_EVENTS_RETENTION: want a positive duration such as 720h")
	}
	insights, err := time.ParseDuration(env("FOLIO_INSIGHTS_RETENTION", store.DefaultInsightsRetention.String()))
	if err != nil || insights <= 0 {
		return jobs.Config{}, fmt.Errorf("FOLIO_INSIGHTS_RETENTION: want a positive duration such as 2160h")
	}
	// A dead server's jobs wait this long; each run is cut to half of it,
	// which must leave room for a fetch (a webhook delivery's) to time out.
	rescue, err := time.ParseDuration(env("FOLIO_JOBS_RESCUE_AFTER", jobs.DefaultRescueAfter.String()))
	if err != nil || rescue < 2*timeout {
		return jobs.Config{}, fmt.Errorf("FOLIO_JOBS_RESCUE_AFTER: want a duration such as 10m, at least twice FOLIO_FETCH_TIMEOUT (%s)", timeout)
	}
	return jobs.Config{Fetch: fetch.Config{AllowPrivate: allow, Timeout: timeout, MaxBytes: maxBytes},
		EventsRetention: retention, InsightsRetention: insights, RescueAfter: rescue}, nil
}
