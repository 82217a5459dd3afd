package main

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"os"
	"sync"

	"folio/store"
)

var tmpOnce sync.Once
var tmpDir string

func (r *run) tmp() string {
	tmpOnce.Do(func() {
		var err error
		if tmpDir, err = os.MkdirTemp("", "folio-bench-files-"); err != nil {
			log.Fatal(err)
		}
	})
	return tmpDir
}

func writeFile(path, s string) error { return os.WriteFile(path, []byte(s), 0o644) }

// writeWorkloads measures a page update through a change request, and merges
// of change requests prepared beforehand (each touching its own page, so every
// merge after the first is a three-way merge without conflict).
func (r *run) writeWorkloads(ctx context.Context) []measurement {
	s, d := r.store, r.data
	n := int(r.cfg.writeRate*r.cfg.measure.Seconds()) + 1
	sp, err := s.CreateSpace(ctx, d.orgID, store.NewSpace{Title: "Writes", Visibility: store.VisibilityPrivate})
	if err != nil {
		log.Fatal(err)
	}
	// n pages to edit, merged into the space.
	pages := r.addPages(ctx, sp, n)
	if sp, err = s.Space(ctx, sp.ID); err != nil {
		log.Fatal(err)
	}
	edit, err := s.CreateChangeRequest(ctx, sp, d.userID, "edits")
	if err != nil {
		log.Fatal(err)
	}
	update := r.fixedRate(ctx, "POST .../change-requests/{id}/content (update_page)", r.cfg.writeRate,
		r.post(r.folio, "/v1/spaces/"+sp.ID+"/change-requests/"+edit.ID+"/content", func(i int) string {
			return fmt.Sprintf(`{"changes":[{"operation":"update_page","page":"%s","document":{"markdown":"# Page %d\n\nEdited %d.\n"}}]}`,
				pages[i%len(pages)], i%len(pages), i)
		}))

	// One change request per merge, each editing its own page.
	log.Printf("preparing %d change requests to merge", n)
	crs := r.prepareMerges(ctx, sp, pages)
	merge := r.fixedRate(ctx, "POST .../change-requests/{id}/merge", r.cfg.writeRate, func(i int) *http.Request {
		return r.post(r.folio, "/v1/spaces/"+sp.ID+"/change-requests/"+crs[i%len(crs)]+"/merge", func(int) string { return "" })(i)
	})
	return []measurement{update, merge}
}
