package graph

import (
	"context"
	"slices"

	"folio/domain"
	"folio/graph/model"
	"folio/store"
)

// refContext is the organization, space and version every reference of a
// revision's links carries: a change request's own revisions are read in
// its context, others as revisions of the space.
func refContext(rev *model.Revision) model.RefContext {
	v := model.VersionContext{Type: "revision", Revision: rev.ID}
	if rev.Type == store.RevisionEdits && rev.ChangeRequestID != nil {
		v.Type, v.ChangeRequest = "change-request", rev.ChangeRequestID
	}
	return model.RefContext{Organization: rev.OrganizationID, Space: rev.SpaceID, Version: v}
}

// revisionLinks lists a revision's links (of one page when pageID is set)
// with their stats; an unknown page is NOT_FOUND.
func (r *Resolver) revisionLinks(ctx context.Context, rev *model.Revision, pageID, status string, args store.PageArgs) (*model.ContentLinkList, error) {
	t, err := tree(ctx, rev)
	if err != nil {
		return nil, err
	}
	if pageID != "" && t.Entries[store.EntryPage+":"+pageID] == nil {
		return nil, domain.NotFound("page")
	}
	links, st, err := r.Store.RevisionLinks(ctx, rev.OrganizationID, t, pageID, string(r.Base))
	if err != nil {
		return nil, err
	}
	if status != "" {
		links = slices.DeleteFunc(links, func(l store.ContentLink) bool { return l.Status != status })
	}
	p, err := store.SlicePage(r.Store, "links", rev.SpaceID, links, args, func(l store.ContentLink) string { return l.Key })
	if err != nil {
		return nil, err
	}
	rc := refContext(rev)
	stats := model.ContentLinkStats{Total: st.Total, Broken: &model.ContentLinkBrokenStats{Total: st.Broken}}
	if rc.Version.Type == "change-request" {
		stats.Broken.ChangeRequest = st.Broken
	}
	return &model.ContentLinkList{Items: mapItems(p.Items, func(l store.ContentLink) model.ContentLink {
		return model.ContentLink{Status: l.Status, Relation: l.Relation, TargetReference: ptr(rc.TargetRef(l.Target)),
			LocationReferences: mapItems(l.Pages, rc.PageRef)}
	}), Count: p.Count, Next: next(p.Next), Stats: &stats}, nil
}

// fileBacklinks lists the pages of a revision that use a file.
func (r *Resolver) fileBacklinks(ctx context.Context, rev *model.Revision, fileID string, args store.PageArgs) (*model.BacklinkList, error) {
	t, err := tree(ctx, rev)
	if err != nil {
		return nil, err
	}
	pages, err := r.Store.FileBacklinks(ctx, rev.OrganizationID, t, fileID)
	if err != nil {
		return nil, err
	}
	p, err := store.SlicePage(r.Store, "backlinks", rev.SpaceID+"\x00"+fileID, pages, args, func(id string) string { return id })
	if err != nil {
		return nil, err
	}
	rc := refContext(rev)
	return &model.BacklinkList{Items: mapItems(p.Items, func(id string) model.ContentReference {
		ref := rc.PageRef(id)
		ref.File = &fileID
		return ref
	}), Count: p.Count, Next: next(p.Next)}, nil
}

func ptr[T any](v T) *T { return &v }

// strOr is *s, or "" for nil.
func strOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
