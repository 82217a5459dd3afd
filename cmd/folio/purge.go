package main

import (
	"context"
	"log/slog"
	"time"

	"folio/store"
)

// purgeEvery is how often a server removes spaces past their retention.
const purgeEvery = time.Hour

// purgeDeletedSpaces runs the purge now and then every purgeEvery until ctx
// ends. Every server runs it: the purge is one DELETE statement, so servers
// running it at once never conflict.
func purgeDeletedSpaces(ctx context.Context, s *store.Store) {
	t := time.NewTicker(purgeEvery)
	defer t.Stop()
	for {
		if n, err := s.PurgeDeletedSpaces(ctx); err != nil && ctx.Err() == nil {
			slog.Error("purge deleted spaces", "err", err)
		} else if n > 0 {
			slog.Info("purged deleted spaces", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
