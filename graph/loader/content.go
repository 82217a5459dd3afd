package loader

import (
	"context"

	"github.com/graph-gophers/dataloader/v7"

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
	return &ContentLoaders{
		Revision: newLoader(s.RevisionsByID, func(r store.Revision) string { return r.ID }, "revision", nil),
		Tree: newBatched(func(ctx context.Context, keys []store.TreeKey) []*dataloader.Result[*store.Tree] {
			out := make([]*dataloader.Result[*store.Tree], len(keys))
			for i, k := range keys { // one revision per operation in practice
				t, err := s.Tree(ctx, k)
				out[i] = &dataloader.Result[*store.Tree]{Data: t, Error: err}
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
					out[i] = &dataloader.Result[string]{Error: store.NotFound("document")}
				default:
					out[i] = &dataloader.Result[string]{Data: md}
				}
			}
			return out
		}),
	}
}
