package graph

import (
	"context"

	"folio/graph/loader"
	"folio/graph/model"
	"folio/store"
)

// history lists a page of a space's revision history. The revisions share
// one model.HistoryPage, so whatever the operation asks of them (changes,
// change requests, authors) loads in a fixed number of statements for the
// whole page rather than a few per revision.
func (r *Resolver) history(ctx context.Context, sp *model.Space, first int, after *string) (*model.RevisionHistory, error) {
	if err := readableSpace(sp); err != nil {
		return nil, err
	}
	args := store.PageArgs{Limit: first}
	if after != nil {
		args.Page = *after
	}
	p, err := r.Store.SpaceHistory(ctx, sp.ID, counted(ctx, args))
	if err != nil {
		return nil, err
	}
	page := &model.HistoryPage{}
	out := &model.RevisionHistory{Items: make([]model.Revision, len(p.Items)), Count: p.Count}
	if p.Next != "" {
		out.Next = &p.Next
	}
	l := loader.For(ctx).Content()
	for i, rev := range p.Items {
		out.Items[i] = model.Revision{Revision: rev, Space: *sp, History: page}
		// The first parents the changes will compare, announced so they
		// load in one batch.
		if len(rev.Parents) > 0 {
			l.Revision.Register(rev.Parents[0])
		}
	}
	page.Items = out.Items
	return out, nil
}

// fillHistory loads, once for a page of history, what its revisions'
// fields need: the first parents and every tree (a statement each), the
// merged change requests (one), and it announces the documents the diffs
// may read (one statement when the first diff loads).
func (r *Resolver) fillHistory(ctx context.Context, items []model.Revision, page *model.HistoryPage) error {
	page.Once.Do(func() {
		page.Err = r.loadHistory(ctx, items, page)
	})
	return page.Err
}

func (r *Resolver) loadHistory(ctx context.Context, items []model.Revision, page *model.HistoryPage) error {
	l := loader.For(ctx).Content()
	page.Changes = make(map[string][]model.PageChange, len(items))
	page.Merged = map[string]*model.ChangeRequest{}
	var crIDs []string
	for _, rev := range items {
		if rev.Type == store.RevisionMerge && rev.ChangeRequestID != nil {
			crIDs = append(crIDs, *rev.ChangeRequestID)
		}
	}
	if len(crIDs) > 0 {
		crs, err := r.Store.ChangeRequestsByID(ctx, crIDs)
		if err != nil {
			return err
		}
		for _, cr := range crs {
			page.Merged[cr.ID] = &model.ChangeRequest{ChangeRequest: cr, InSpace: items[0].Space}
		}
		users := loader.For(ctx).People().User
		for _, cr := range crs {
			if cr.MergedBy != nil {
				users.Register(*cr.MergedBy)
			}
		}
	}
	// The parents first (one batch, which announces their trees), then
	// every tree in one batch.
	parents := make([]store.Revision, len(items))
	for i, rev := range items {
		l.Tree.Register(store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root})
		if len(rev.Parents) > 0 {
			p, err := l.Revision.Load(ctx, rev.Parents[0])
			if err != nil {
				return err
			}
			parents[i] = p
		}
	}
	for i, rev := range items {
		after, err := l.Tree.Load(ctx, store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root})
		if err != nil {
			return err
		}
		before := &store.Tree{Entries: map[string]*store.Entry{}}
		if len(rev.Parents) > 0 {
			p := parents[i]
			if before, err = l.Tree.Load(ctx, store.TreeKey{OrganizationID: p.OrganizationID, Root: p.Root}); err != nil {
				return err
			}
		}
		ds := store.PageDeltas(before, after)
		announceDiffDocuments(ctx, rev.OrganizationID, ds)
		page.Changes[rev.ID] = model.PageChanges(rev.OrganizationID, ds)
	}
	return nil
}

// revisionChanges compares a revision with its first parent.
func (r *Resolver) revisionChanges(ctx context.Context, rev *model.Revision) ([]model.PageChange, error) {
	page := rev.History
	items := []model.Revision{*rev}
	if page == nil {
		page = &model.HistoryPage{}
	} else {
		items = page.Items
	}
	if err := r.fillHistory(ctx, items, page); err != nil {
		return nil, err
	}
	return page.Changes[rev.ID], nil
}

// mergedChangeRequest is the change request a merge revision merged; nil
// for other revisions.
func (r *Resolver) mergedChangeRequest(ctx context.Context, rev *model.Revision) (*model.ChangeRequest, error) {
	if rev.Type != store.RevisionMerge || rev.ChangeRequestID == nil {
		return nil, nil
	}
	if rev.History == nil {
		return r.changeRequestIn(ctx, rev.Space, *rev.ChangeRequestID)
	}
	if err := r.fillHistory(ctx, rev.History.Items, rev.History); err != nil {
		return nil, err
	}
	return rev.History.Merged[*rev.ChangeRequestID], nil
}

// revisionAuthor is who made a revision, when known: the person who
// merged a merge revision.
func (r *Resolver) revisionAuthor(ctx context.Context, rev *model.Revision) (*model.User, error) {
	cr, err := r.mergedChangeRequest(ctx, rev)
	if err != nil || cr == nil || cr.MergedBy == nil {
		return nil, err
	}
	return r.user(ctx, *cr.MergedBy)
}
