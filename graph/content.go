package graph

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"folio/domain"
	"folio/graph/loader"
	"folio/graph/model"
	"folio/internal/blob"
	"folio/internal/markdown"
	"folio/store"
)

// Reading content needs the space's view permission (seeSpace already
// hides spaces the caller cannot view); editing a change request needs its
// edit permission and merging its merge permission (store.SpaceRequire and
// its table in store/permissions.go).

// revisionOf loads a revision of a space; revisions of other spaces are NOT_FOUND.
func (r *Resolver) revisionOf(ctx context.Context, sp model.Space, id string) (*model.Revision, error) {
	rev, err := loader.For(ctx).Content().Revision.Load(ctx, id)
	if err != nil {
		return nil, err
	}
	if rev.SpaceID != sp.ID {
		return nil, domain.NotFound("revision")
	}
	return &model.Revision{Revision: rev, Space: sp}, nil
}

// tree loads a revision's content (one statement, cached for the operation).
func tree(ctx context.Context, rev *model.Revision) (*store.Tree, error) {
	return loader.For(ctx).Content().Tree.Load(ctx, store.TreeKey{OrganizationID: rev.OrganizationID, Root: rev.Root})
}

// pageTree builds a revision's page tree in memory: top-level pages with
// their subpages, in order, with paths; index finds any page by id.
type pageTree struct {
	top   []model.RevisionPage
	index map[string]*model.RevisionPage
}

func buildPages(rev *model.Revision, t *store.Tree, markdown bool) *pageTree {
	children := map[string][]*store.Entry{}
	for _, e := range t.Pages() {
		children[e.Parent] = append(children[e.Parent], e)
	}
	app := rev.Space.Urls().App
	pt := &pageTree{index: map[string]*model.RevisionPage{}}
	var build func(parent, prefix string, depth int) []model.RevisionPage
	build = func(parent, prefix string, depth int) []model.RevisionPage {
		kids := children[parent]
		slices.SortFunc(kids, cmpEntries)
		out := make([]model.RevisionPage, len(kids))
		for i, e := range kids {
			p := model.RevisionPage{Entry: e, Org: rev.OrganizationID, WithMarkdown: markdown, FullPath: prefix + e.Slug, AppURL: app}
			switch {
			case e.Type == store.PageLink:
			case depth < store.MaxPageDepth:
				p.Pages = build(e.ID, p.FullPath+"/", depth+1)
			default:
				p.Pages = []model.RevisionPage{} // nothing nests deeper
			}
			out[i] = p
		}
		for i := range out {
			pt.index[out[i].Entry.ID] = &out[i]
		}
		return out
	}
	pt.top = build("", "", 1)
	return pt
}

// cmpEntries orders sibling pages by position, then id.
func cmpEntries(a, b *store.Entry) int {
	if c := strings.Compare(a.Position, b.Position); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// byPath finds a page by its path: slugs from the top level, joined by '/'.
func (pt *pageTree) byPath(path string) *model.RevisionPage {
	level := pt.top
	var found *model.RevisionPage
	for _, slug := range strings.Split(strings.Trim(path, "/"), "/") {
		found = nil
		for i := range level {
			if level[i].Entry.Slug == slug && level[i].Entry.Type != store.PageLink {
				found = &level[i]
				break
			}
		}
		if found == nil {
			return nil
		}
		level = found.Pages
	}
	return found
}

func wantMarkdown(format *model.DocumentFormat) bool {
	return format != nil && *format == model.DocumentFormatMarkdown
}

// changeRequestIn loads a change request of a space the caller sees.
func (r *Resolver) changeRequestIn(ctx context.Context, sp model.Space, idOrNumber string) (*model.ChangeRequest, error) {
	cr, err := r.Store.ChangeRequest(ctx, sp.ID, idOrNumber)
	if err != nil {
		return nil, err
	}
	return &model.ChangeRequest{ChangeRequest: *cr, InSpace: sp}, nil
}

// OpenFile opens a file of a space for download, with the space's read
// rules: NOT_FOUND when the caller cannot see the space or the file is not
// the space's. It runs outside any GraphQL operation, so it brings its own
// loaders.
func (r *Resolver) OpenFile(ctx context.Context, spaceID, fileID string) (*store.SpaceFile, io.ReadSeekCloser, error) {
	viewerID := ""
	if u := Viewer(ctx); u != nil {
		viewerID = u.ID
	}
	ctx = loader.With(ctx, loader.New(r.Store, viewerID))
	if _, err := r.space(ctx, spaceID); err != nil {
		return nil, nil, err
	}
	f, err := r.Store.SpaceFile(ctx, spaceID, fileID)
	if err != nil {
		return nil, nil, err
	}
	rc, err := r.Blobs.Open(ctx, f.Blob)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, nil, domain.NotFound("file")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("open file %s: %w", f.ID, err)
	}
	return f, rc, nil
}

// announceDocuments registers the documents of these pages and their
// subpages with the document loader, so the markdown or document fields of
// a whole tree load in one statement.
func announceDocuments(ctx context.Context, pages []model.RevisionPage) {
	docs := loader.For(ctx).Content().Document
	var walk func([]model.RevisionPage)
	walk = func(ps []model.RevisionPage) {
		for i := range ps {
			if ps[i].Entry.Document != "" {
				docs.Register(store.DocumentKey{OrganizationID: ps[i].Org, Hash: ps[i].Entry.Document})
			}
			walk(ps[i].Pages)
		}
	}
	walk(pages)
}

// pageMarkdown loads the markdown of a document page ("" for an empty page).
func pageMarkdown(ctx context.Context, p *model.RevisionPage) (string, error) {
	if p.Entry.Document == "" {
		return "", nil
	}
	return loader.For(ctx).Content().Document.Load(ctx, store.DocumentKey{OrganizationID: p.Org, Hash: p.Entry.Document})
}

// documentJSON converts stored markdown to GitBook's JSON document.
func documentJSON(md string) (json.RawMessage, error) {
	b, err := json.Marshal(markdown.ToDocument(md))
	if err != nil {
		return nil, fmt.Errorf("encode document: %w", err)
	}
	return b, nil
}
