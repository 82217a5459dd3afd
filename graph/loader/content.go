package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

	"folio/domain"
	"folio/store"
)

// ContentLoaders batch the reads of space content: revisions, their trees
// (one statement each, whatever their size) and page documents.
type ContentLoaders struct {
	Revision *Loader[string, store.Revision]
	Tree     *Loader[store.TreeKey, *store.Tree]
	Document *Loader[store.DocumentKey, string]
}

func newContentLoaders(s *store.Store) *ContentLoaders {
	c := &ContentLoaders{
		Tree: newBatched(func(ctx context.Context, keys []store.TreeKey) []*dataloader.Result[*store.Tree] {
			trees, err := s.Trees(ctx, keys)
			out := make([]*dataloader.Result[*store.Tree], len(keys))
			for i, k := range keys {
				out[i] = &dataloader.Result[*store.Tree]{Data: trees[k], Error: err}
			}
			return out
		}),
		Document: newBatched(func(ctx context.Context, keys []store.DocumentKey) []*dataloader.Result[string] {
			docs, err := s.Documents(ctx, keys)
			out := make([]*dataloader.Result[string], len(keys))
			for i, k := range keys {
				md, ok := docs[k.Hash]
				switch {
				case err != nil:
					out[i] = &dataloader.Result[string]{Error: err}
				case !ok:
					out[i] = &dataloader.Result[string]{Error: domain.NotFound("document")}
				default:
					out[i] = &dataloader.Result[string]{Data: md}
				}
			}
			return out
		}),
	}
	// A batch of revisions announces their trees.
	c.Revision = newLoader(s.RevisionsByID, func(r store.Revision) string { return r.ID }, "revision", func(revs []store.Revision) {
		for _, r := range revs {
			c.Tree.Register(store.TreeKey{OrganizationID: r.OrganizationID, Root: r.Root})
		}
	})
	return c
}
