package graph

import (
	"context"
	"fmt"

	"folio/graph/loader"
	"folio/graph/model"
	"folio/internal/linediff"
	"folio/store"
)

// previewMerge answers what merging a change request would do, under the
// merge's own permission check, writing nothing (store.PreviewMerge).
func (r *Resolver) previewMerge(ctx context.Context, spaceID, changeRequestID string) (*model.MergePreview, error) {
	sp, err := r.space(ctx, spaceID)
	if err != nil {
		return nil, err
	}
	if err := store.SpaceRequire(sp.Role(), sp.EditMode, store.PermMerge); err != nil {
		return nil, err
	}
	p, err := r.Store.PreviewMerge(ctx, sp.ID, changeRequestID)
	if err != nil {
		return nil, err
	}
	out := &model.MergePreview{Object: "merge-preview", ChangeRequest: p.ChangeRequest.ID, Revision: p.SpaceRevision,
		ChangeRequestRevision: p.ChangeRequest.RevisionID, FastForward: p.FastForward,
		Mergeable: len(p.Conflicts) == 0 && p.Problem == "",
		Changes:   model.PageChanges(p.ChangeRequest.OrganizationID, p.Changes), Conflicts: make([]model.MergeConflict, len(p.Conflicts))}
	announceDiffDocuments(ctx, p.ChangeRequest.OrganizationID, p.Changes)
	if p.Problem != "" {
		out.Problem = &p.Problem
	}
	for i, c := range p.Conflicts {
		out.Conflicts[i] = mergeConflict(c)
	}
	return out, nil
}

// mergeConflict describes a conflict, in words with the way out: the
// merge takes an entry only when one side left it as it was, so the
// change has to be made again on top of the space's content.
func mergeConflict(c store.MergeConflict) model.MergeConflict {
	e := c.Entry
	out := model.MergeConflict{Object: e.Kind, ID: e.ID, Title: e.Title, Reason: model.MergeConflictReason(c.Reason)}
	what := fmt.Sprintf("the page %q", e.Title)
	if e.Kind == store.EntryFile {
		out.Title, what = e.Name, fmt.Sprintf("the file %q", e.Name)
	} else {
		out.Path = &c.Path
	}
	const way = "open a new change request from the space's current content, make the change there, and archive this one"
	switch c.Reason {
	case store.ConflictChangedOnBothSides:
		out.Message = fmt.Sprintf("%s was changed in this change request and, differently, in the space since it started: %s", what, way)
	case store.ConflictDeletedInSpace:
		out.Message = fmt.Sprintf("%s was changed in this change request but deleted in the space since it started: %s (or delete the page here too)", what, way)
	case store.ConflictDeletedInChangeRequest:
		out.Message = fmt.Sprintf("%s was deleted in this change request but changed in the space since it started: %s", what, way)
	case store.ConflictParentDeleted:
		out.Parent = &c.Parent
		out.Message = fmt.Sprintf("%s would be left under a page the other side deleted: move it elsewhere in this change request, or %s", what, way)
	}
	return out
}

// changeRequestPages lists what a change request changed since it started: its
// head against the revision it started from (two revisions and two trees,
// each batched by the content loaders).
func (r *Resolver) changeRequestPages(ctx context.Context, cr *model.ChangeRequest) ([]model.PageChange, error) {
	l := loader.For(ctx).Content()
	l.Revision.Register(cr.RevisionInitial, cr.RevisionID)
	trees := make([]*store.Tree, 2)
	for i, id := range []string{cr.RevisionInitial, cr.RevisionID} {
		rev, err := l.Revision.Load(ctx, id)
		if err != nil {
			return nil, err
		}
		if trees[i], err = l.Tree.LoadNow(ctx, store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root}); err != nil {
			return nil, err
		}
	}
	ds := store.PageDeltas(trees[0], trees[1])
	announceDiffDocuments(ctx, cr.OrganizationID, ds)
	return model.PageChanges(cr.OrganizationID, ds), nil
}

// announceDiffDocuments tells the document loader which documents the diffs
// of these changes may read, so they load in one statement.
func announceDiffDocuments(ctx context.Context, org string, ds []store.PageDelta) {
	registerDiffDocuments(loader.For(ctx).Content().Document, org, ds)
}

// registerDiffDocuments announces them to docs.
func registerDiffDocuments(docs *loader.Loader[store.DocumentKey, string], org string, ds []store.PageDelta) {
	for _, d := range ds {
		for _, e := range []*store.Entry{d.Before, d.Page} {
			if e != nil && e.Document != "" {
				docs.Register(store.DocumentKey{OrganizationID: org, Hash: e.Document})
			}
		}
	}
}

// pageDiff diffs a changed page's markdown, before against after; the
// documents of every page asked for in one operation load in one batch.
func pageDiff(ctx context.Context, p *model.PageChange, context int) (*model.PageDiff, error) {
	docs := p.Docs
	if docs == nil {
		docs = loader.For(ctx).Content().Document
	}
	read := func(e *store.Entry) (string, error) {
		if e == nil || e.Document == "" {
			return "", nil
		}
		return docs.Load(ctx, store.DocumentKey{OrganizationID: p.Org, Hash: e.Document})
	}
	var old, new string
	var err error
	if p.PageDelta.Kind != store.PageAdded {
		if old, err = read(p.Before); err != nil {
			return nil, err
		}
	}
	if p.PageDelta.Kind != store.PageRemoved {
		if new, err = read(p.Page); err != nil {
			return nil, err
		}
	}
	d := linediff.Compute(old, new, context)
	out := &model.PageDiff{Added: d.Added, Removed: d.Removed, Truncated: d.Truncated, Hunks: make([]model.DiffHunk, len(d.Hunks))}
	kinds := [...]model.DiffLineKind{linediff.Context: model.DiffLineKindContext, linediff.Added: model.DiffLineKindAdded, linediff.Removed: model.DiffLineKindRemoved}
	for i, h := range d.Hunks {
		lines := make([]model.DiffLine, len(h.Lines))
		for j, l := range h.Lines {
			lines[j] = model.DiffLine{Kind: kinds[l.Kind], Text: l.Text, OldNumber: number(l.Old), NewNumber: number(l.New)}
		}
		out.Hunks[i] = model.DiffHunk{OldStart: h.OldStart, OldLines: h.OldLines, NewStart: h.NewStart, NewLines: h.NewLines, Lines: lines}
	}
	return out, nil
}

func number(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}
