package main

import (
	"testing"

	"folio/store"
	"folio/store/pgtest"
)

// TestMaxConnsFromEnv: FOLIO_DB_MAX_CONNS sizes the pool, unset keeps the
// default, and a pool too small for a migration (or not a number) is an
// error that names the variable.
func TestMaxConnsFromEnv(t *testing.T) {
	s := pgtest.New(t)
	if got, want := s.DB.Stats().MaxOpenConnections, store.DefaultMaxConns(); got != want {
		t.Fatalf("a new store keeps %d connections, want the default %d", got, want)
	}
	for _, c := range []struct {
		env     string
		want    int
		wantErr bool
	}{
		{"", store.DefaultMaxConns(), false},
		{"6", 6, false},
		{"2", 2, false},
		{"1", 2, true},
		{"0", 2, true},
		{"many", 2, true},
	} {
		t.Setenv("FOLIO_DB_MAX_CONNS", c.env)
		err := maxConnsFromEnv(s)
		if (err != nil) != c.wantErr {
			t.Errorf("FOLIO_DB_MAX_CONNS=%q: error %v, want error %v", c.env, err, c.wantErr)
		}
		if got := s.DB.Stats().MaxOpenConnections; got != c.want {
			t.Errorf("FOLIO_DB_MAX_CONNS=%q: pool of %d, want %d", c.env, got, c.want)
		}
	}
}
