package store

import (
	"context"

	"github.com/uptrace/bun"

	"folio/domain"
)

// ImportedPage is a page made by an import. ID is chosen by the importer
// (NewID), so pages can link to each other before they are stored; Parent
// is another imported page's ID, or "" for the top level. Pages come in
// order: parents before children, siblings in their order.
type ImportedPage struct {
	ID, Parent, Slug, Title, Description string
	Markdown                             string
}

// ImportedFile is a file made by an import; its bytes are in the blob
// store and its ID (NewID) is what the pages' markdown refers to.
type ImportedFile struct {
	ID string
	NewFile
}

// ImportResult is the revision an import wrote.
type ImportResult struct {
	Revision string
}

// ImportContent adds imported pages (after the existing top-level pages)
// and files to a space's content as one new revision: the space's current
// revision when crID is empty, else the change request's head. All or
// nothing; a locked space, or a merged or archived change request, is
// CONFLICT.
func (s *Store) ImportContent(ctx context.Context, spaceID, crID string, pages []ImportedPage, files []ImportedFile) (*ImportResult, error) {
	out := &ImportResult{}
	err := s.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var orgID, headID string
		var cr *ChangeRequest
		if crID == "" {
			var sp struct {
				OrganizationID string `bun:"organization_id"`
				Revision       string `bun:"revision_id"`
			}
			// Locking the space row serialises imports with merges.
			if err := tx.NewSelect().Table("spaces").Column("organization_id", "revision_id").Where("id = ?", spaceID).For("UPDATE").Scan(ctx, &sp); err != nil {
				return dbError(err, "space")
			}
			if err := RequireLive(ctx, tx, spaceID); err != nil {
				return err
			}
			orgID, headID = sp.OrganizationID, sp.Revision
		} else {
			var err error
			if cr, err = editable(ctx, tx, spaceID, crID); err != nil {
				return err
			}
			orgID, headID = cr.OrganizationID, cr.RevisionID
		}
		head, err := revisionFor(ctx, tx, headID)
		if err != nil {
			return err
		}
		prev, err := loadTree(ctx, tx, orgID, head.Root)
		if err != nil {
			return err
		}
		t := prev.clone()
		now := s.Now()
		docs := map[string]string{}
		last := map[string]string{} // parent -> position of its last child
		for _, e := range t.Pages() {
			if e.Position > last[e.Parent] {
				last[e.Parent] = e.Position
			}
		}
		for _, p := range pages {
			e := &Entry{Kind: EntryPage, ID: p.ID, Parent: p.Parent, Type: PageDocument, Title: p.Title, Slug: p.Slug,
				Description: p.Description, CreatedAt: now, UpdatedAt: now}
			e.Position = keyBetween(last[p.Parent], "")
			last[p.Parent] = e.Position
			if p.Markdown != "" {
				e.Document = DocumentHash(p.Markdown)
				docs[e.Document] = p.Markdown
			}
			t.Entries[e.Key()] = e
		}
		// Imported slugs follow the site's paths; a top-level one that an
		// existing page has gets a suffix.
		ed := &editor{t: t}
		for _, p := range pages {
			if e := t.Entries[EntryPage+":"+p.ID]; p.Parent == "" {
				e.Slug = ed.freeSlug(e, e.Slug)
			}
		}
		if err := checkPageTree(t, "url"); err != nil {
			return err
		}
		entries := make([]Entry, len(files))
		for i, f := range files {
			entries[i] = Entry{Kind: EntryFile, ID: f.ID, Name: f.Name, ContentType: f.ContentType, Size: f.Size,
				Width: f.Width, Height: f.Height, Blob: f.Blob, CreatedAt: now, UpdatedAt: now}
			t.Entries[entries[i].Key()] = &entries[i]
		}
		if err := insertSpaceFiles(ctx, tx, orgID, spaceID, entries); err != nil {
			return err
		}
		if err := writeDocuments(ctx, tx, orgID, docs, nil); err != nil {
			return err
		}
		root, err := writeTree(ctx, tx, orgID, prev, t.Entries, nil)
		if err != nil {
			return err
		}
		rev := &Revision{ID: domain.NewID(), OrganizationID: orgID, SpaceID: spaceID, Type: RevisionEdits,
			Parents: []string{headID}, Root: root, CreatedAt: now}
		if cr != nil {
			rev.ChangeRequestID = &cr.ID
		}
		if err := insertRevision(ctx, tx, rev); err != nil {
			return err
		}
		out.Revision = rev.ID
		imported := ev{org: orgID, typ: EventContentImported, object: spaceID, space: spaceID,
			payload: P{"revision": rev.ID, "pages": len(pages), "files": len(files)}}
		if cr != nil {
			cr.RevisionID, cr.UpdatedAt = rev.ID, now
			if _, err := tx.NewUpdate().Model(cr).Column("revision_id", "updated_at").WherePK().Exec(ctx); err != nil {
				return dbError(err, "change request")
			}
			imported.payload["changeRequest"] = cr.ID
			return s.emit(ctx, tx, imported)
		}
		if _, err := tx.NewUpdate().Table("spaces").Set("revision_id = ?, updated_at = ?", rev.ID, now).Where("id = ?", spaceID).Exec(ctx); err != nil {
			return dbError(err, "space")
		}
		if err := setCurrentContent(ctx, tx, orgID, spaceID, root); err != nil {
			return err
		}
		return s.emit(ctx, tx, imported)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
