package model

import (
	"folio/graph/loader"
	"folio/store"
)

// PageChange is a page that differs between two versions of a space's
// content; its diff reads the two documents (batched by the document
// loader) only when asked.
type PageChange struct {
	store.PageDelta
	Org string // the organization whose documents hold the markdown
	// Docs loads the markdown for diff; nil: the operation's loader.
	Docs *loader.Loader[store.DocumentKey, string]
}

func (p PageChange) Kind() PageChangeKind { return PageChangeKind(p.PageDelta.Kind) }
func (p PageChange) ID() string           { return p.Page.ID }
func (p PageChange) Title() string        { return p.Page.Title }

func (p PageChange) PreviousPath() *string {
	if p.PageDelta.PreviousPath == "" {
		return nil
	}
	return &p.PageDelta.PreviousPath
}

// PageChanges wraps the deltas of an organization's content.
func PageChanges(org string, ds []store.PageDelta) []PageChange {
	out := make([]PageChange, len(ds))
	for i, d := range ds {
		out[i] = PageChange{PageDelta: d, Org: org}
	}
	return out
}
