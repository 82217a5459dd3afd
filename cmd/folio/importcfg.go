package main

import (
	"fmt"
	"strconv"
	"time"

	"folio/internal/fetch"
	"folio/service/siteimport"
)

// importConfig reads the website import settings from the environment.
// Each request of an import is a fetch like the jobs' (FOLIO_FETCH_TIMEOUT,
// FOLIO_FETCH_MAX_BYTES); FOLIO_IMPORT_ALLOW_PRIVATE, when set, overrides
// FOLIO_FETCH_ALLOW_PRIVATE for imports only.
func importConfig(f fetch.Config) (siteimport.Config, error) {
	allow, err := strconv.ParseBool(env("FOLIO_IMPORT_ALLOW_PRIVATE", strconv.FormatBool(f.AllowPrivate)))
	if err != nil {
		return siteimport.Config{}, fmt.Errorf("FOLIO_IMPORT_ALLOW_PRIVATE: %w", err)
	}
	f.AllowPrivate = allow
	pages, err := strconv.Atoi(env("FOLIO_IMPORT_MAX_PAGES", strconv.Itoa(siteimport.DefaultMaxPages)))
	if err != nil || pages <= 0 {
		return siteimport.Config{}, fmt.Errorf("FOLIO_IMPORT_MAX_PAGES: want a positive number of pages")
	}
	timeout, err := time.ParseDuration(env("FOLIO_IMPORT_TIMEOUT", siteimport.DefaultTimeout.String()))
	if err != nil || timeout <= 0 {
		return siteimport.Config{}, fmt.Errorf("FOLIO_IMPORT_TIMEOUT: want a positive duration such as 2m")
	}
	return siteimport.Config{Fetch: f, MaxPages: pages, Timeout: timeout}, nil
}
