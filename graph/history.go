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
	page := &model.HistoryPage{Loaders: privateLoaders(ctx, r.Store)}
	out := &model.RevisionHistory{Items: make([]model.Revision, len(p.Items)), Count: p.Count}
	if p.Next != "" {
		out.Next = &p.Next
	}
	for i, rev := range p.Items {
		out.Items[i] = model.Revision{Revision: rev, Space: *sp, History: page}
	}
	page.Items = out.Items
	return out, nil
}

// historyPage is the page rev belongs to; a revision read alone gets one
// of its own, with private loaders (see model.HistoryPage).
func (r *Resolver) historyPage(ctx context.Context, rev *model.Revision) *model.HistoryPage {
	if rev.History != nil {
		return rev.History
	}
	return &model.HistoryPage{Items: []model.Revision{*rev}, Loaders: privateLoaders(ctx, r.Store)}
}

// privateLoaders are loaders of a page of history's own: what it loads
// batches within the page, never with the rest of the operation, whose
// resolvers run concurrently, so its statements are the same count every
// time (a fixed few per page, whatever the page holds).
func privateLoaders(ctx context.Context, s *store.Store) *loader.Loaders {
	viewerID := ""
	if u := Viewer(ctx); u != nil {
		viewerID = u.ID
	}
	return loader.New(s, viewerID)
}

// mergedOf loads, once for a page, the change requests its merges merged
// (one statement) and announces who merged them.
func (r *Resolver) mergedOf(ctx context.Context, page *model.HistoryPage) (map[string]*model.ChangeRequest, error) {
	page.MergedOnce.Do(func() {
		page.Merged = map[string]*model.ChangeRequest{}
		var ids []string
		for _, rev := range page.Items {
			if rev.Type == store.RevisionMerge && rev.ChangeRequestID != nil {
				ids = append(ids, *rev.ChangeRequestID)
			}
		}
		if len(ids) == 0 {
			return
		}
		crs, err := r.Store.ChangeRequestsByID(ctx, ids)
		if err != nil {
			page.MergedErr = err
			return
		}
		users := page.Loaders.People().User
		for _, cr := range crs {
			if cr.SpaceID != page.Items[0].Space.ID {
				continue
			}
			page.Merged[cr.ID] = &model.ChangeRequest{ChangeRequest: cr, InSpace: page.Items[0].Space}
			if cr.MergedBy != nil {
				users.Register(*cr.MergedBy)
			}
		}
	})
	return page.Merged, page.MergedErr
}

// changesOf computes, once for a page, each revision's changes against its
// first parent: the parents in one batch, then every tree in one; the
// documents the diffs may read are announced so they load in one batch.
func (r *Resolver) changesOf(ctx context.Context, page *model.HistoryPage) (map[string][]model.PageChange, error) {
	page.ChangesOnce.Do(func() {
		page.Changes, page.ChangesErr = r.loadChanges(ctx, page)
	})
	return page.Changes, page.ChangesErr
}

func (r *Resolver) loadChanges(ctx context.Context, page *model.HistoryPage) (map[string][]model.PageChange, error) {
	l := page.Loaders.Content()
	out := make(map[string][]model.PageChange, len(page.Items))
	parents := make([]store.Revision, len(page.Items))
	for _, rev := range page.Items {
		l.Tree.Register(store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root})
		if len(rev.Parents) > 0 {
			l.Revision.Register(rev.Parents[0])
		}
	}
	for i, rev := range page.Items {
		if len(rev.Parents) > 0 {
			p, err := l.Revision.Load(ctx, rev.Parents[0])
			if err != nil {
				return nil, err
			}
			parents[i] = p
		}
	}
	for i, rev := range page.Items {
		after, err := l.Tree.Load(ctx, store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root})
		if err != nil {
			return nil, err
		}
		before := &store.Tree{Entries: map[string]*store.Entry{}}
		if len(rev.Parents) > 0 {
			p := parents[i]
			if before, err = l.Tree.Load(ctx, store.TreeKey{OrganizationID: p.OrganizationID, Root: p.Root}); err != nil {
				return nil, err
			}
		}
		ds := store.PageDeltas(before, after)
		registerDiffDocuments(l.Document, rev.OrganizationID, ds)
		cs := model.PageChanges(rev.OrganizationID, ds)
		for j := range cs {
			cs[j].Docs = l.Document
		}
		out[rev.ID] = cs
	}
	return out, nil
}

// revisionChanges compares a revision with its first parent.
func (r *Resolver) revisionChanges(ctx context.Context, rev *model.Revision) ([]model.PageChange, error) {
	cs, err := r.changesOf(ctx, r.historyPage(ctx, rev))
	if err != nil {
		return nil, err
	}
	return cs[rev.ID], nil
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
	merged, err := r.mergedOf(ctx, rev.History)
	if err != nil {
		return nil, err
	}
	return merged[*rev.ChangeRequestID], nil
}

// revisionAuthor is who made a revision, when known: the person who
// merged a merge revision.
func (r *Resolver) revisionAuthor(ctx context.Context, rev *model.Revision) (*model.User, error) {
	if rev.Type != store.RevisionMerge || rev.ChangeRequestID == nil {
		return nil, nil
	}
	page := r.historyPage(ctx, rev)
	merged, err := r.mergedOf(ctx, page)
	if err != nil {
		return nil, err
	}
	cr := merged[*rev.ChangeRequestID]
	if cr == nil || cr.MergedBy == nil {
		return nil, nil
	}
	return r.userFrom(ctx, page.Loaders.People().User, *cr.MergedBy)
}
