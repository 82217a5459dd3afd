package main

import (
	"fmt"
	"os"
	"time"

	"folio/rest/session"
)

// Bounds of the session lifetimes. A session's last use is written at
// most once a minute, so an idle lifetime of a few minutes would end
// sessions in use; browsers keep no cookie longer than 400 days.
const (
	minSessionLifetime = 5 * time.Minute
	maxSessionLifetime = 400 * 24 * time.Hour
)

// sessionLifetimesFromEnv reads FOLIO_SESSION_IDLE (a session unused for
// that long ends; default session.DefaultIdle, 7 days) and
// FOLIO_SESSION_MAX (any session ends that long after sign-in; default
// session.DefaultMax, 30 days), Go durations from 5m to 400 days. The
// idle lifetime may not exceed the absolute one: it could never apply.
func sessionLifetimesFromEnv() (idle, maxAge time.Duration, err error) {
	read := func(name string, def time.Duration) (time.Duration, error) {
		v := os.Getenv(name)
		if v == "" {
			return def, nil
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < minSessionLifetime || d > maxSessionLifetime {
			return 0, fmt.Errorf("%s=%q: want a duration from %s to %s, such as 24h or 168h", name, v, minSessionLifetime, maxSessionLifetime)
		}
		return d, nil
	}
	if idle, err = read("FOLIO_SESSION_IDLE", session.DefaultIdle); err != nil {
		return 0, 0, err
	}
	if maxAge, err = read("FOLIO_SESSION_MAX", session.DefaultMax); err != nil {
		return 0, 0, err
	}
	if idle > maxAge {
		return 0, 0, fmt.Errorf("FOLIO_SESSION_IDLE (%s) is longer than FOLIO_SESSION_MAX (%s): a session would always end at its maximum first", idle, maxAge)
	}
	return idle, maxAge, nil
}
