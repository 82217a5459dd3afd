package store

import (
	"context"

	"github.com/uptrace/bun"
)

// copyContent gives a duplicated space the source's current content: a
// revision pointing at the same tree (nodes and documents are shared, so
// nothing is copied but one revision row) and the rows of its files.
func copyContent(ctx context.Context, tx bun.Tx, src, cp *Space) error {
	var cur struct {
		Revision string `bun:"revision_id"`
	}
	if err := tx.NewSelect().Table("spaces").Column("revision_id").Where("id = ?", src.ID).Scan(ctx, &cur); err != nil {
		return dbError(err, "space")
	}
	rev, err := revisionFor(ctx, tx, cur.Revision)
	if err != nil {
		return err
	}
	err = insertRevision(ctx, tx, &Revision{ID: cp.RevisionID, OrganizationID: cp.OrganizationID, SpaceID: cp.ID,
		Type: RevisionEdits, Parents: []string{rev.ID}, Root: rev.Root, CreatedAt: cp.CreatedAt})
	if err != nil {
		return err
	}
	_, err = tx.NewRaw(`INSERT INTO space_files (organization_id, space_id, id, name, content_type, blob)
		SELECT organization_id, ?, id, name, content_type, blob FROM space_files WHERE space_id = ?`, cp.ID, src.ID).Exec(ctx)
	if err != nil {
		return dbError(err, "file")
	}
	return copySearchIndex(ctx, tx, src.ID, cp.ID)
}

// setCurrentContent does what a space needs when root becomes the tree of
// its current revision (the caller has set spaces.revision_id): its search
// rows follow the new content.
func setCurrentContent(ctx context.Context, tx bun.IDB, orgID, spaceID, root string) error {
	t, err := loadTree(ctx, tx, orgID, root)
	if err != nil {
		return err
	}
	return indexSpace(ctx, tx, orgID, spaceID, t)
}

// moveContent carries the content of spaces transferred to another
// organization: their revisions, change requests, files and comments change owner,
// and the tree nodes and documents they reach are copied into the target
// organization (content-addressed rows are shared only inside one).
func moveContent(ctx context.Context, tx bun.Tx, spaceIDs []string, fromOrg, toOrg string) error {
	if len(spaceIDs) == 0 {
		return nil
	}
	_, err := tx.NewRaw(`WITH RECURSIVE t (hash) AS (
			SELECT DISTINCT root FROM revisions WHERE space_id IN (?) AND root <> ''
			UNION
			SELECT c.hash FROM tree_nodes AS n JOIN t ON n.organization_id = ? AND n.hash = t.hash
			CROSS JOIN LATERAL unnest(n.children) AS c (hash)
		), copied AS (
			INSERT INTO tree_nodes (organization_id, hash, children, entries)
			SELECT ?, n.hash, n.children, n.entries FROM tree_nodes AS n JOIN t ON n.organization_id = ? AND n.hash = t.hash
			ON CONFLICT DO NOTHING
		)
		INSERT INTO documents (organization_id, hash, markdown, links)
		SELECT ?, d.hash, d.markdown, d.links FROM documents AS d
		WHERE d.organization_id = ? AND d.hash IN (
			SELECT e->>'doc' FROM tree_nodes AS n JOIN t ON n.organization_id = ? AND n.hash = t.hash
			CROSS JOIN LATERAL jsonb_array_elements(n.entries) AS e
			WHERE n.entries IS NOT NULL)
		ON CONFLICT DO NOTHING`,
		bun.In(spaceIDs), fromOrg, toOrg, fromOrg, toOrg, fromOrg, fromOrg).Exec(ctx)
	if err != nil {
		return dbError(err, "revision content")
	}
	for _, table := range []string{"revisions", "change_requests", "space_files", "comments", "search_pages", "search_sections"} {
		if _, err := tx.NewUpdate().Table(table).Set("organization_id = ?", toOrg).Where("space_id IN (?)", bun.In(spaceIDs)).Exec(ctx); err != nil {
			return dbError(err, table)
		}
	}
	// Replies and reactions follow their comments.
	for _, table := range []string{"comment_replies", "comment_reactions"} {
		_, err := tx.NewUpdate().Table(table).Set("organization_id = ?", toOrg).
			Where("comment_id IN (SELECT id FROM comments WHERE space_id IN (?))", bun.In(spaceIDs)).Exec(ctx)
		if err != nil {
			return dbError(err, table)
		}
	}
	return nil
}

// SpaceFile is a file uploaded into a space, for downloads.
type SpaceFile struct {
	bun.BaseModel `bun:"table:space_files,alias:f"`

	OrganizationID string `bun:"organization_id"`
	SpaceID        string `bun:"space_id"`
	ID             string `bun:"id"`
	Name           string `bun:"name"`
	ContentType    string `bun:"content_type"`
	Blob           string `bun:"blob"`
}

// SpaceFile loads a file of a space.
func (s *Store) SpaceFile(ctx context.Context, spaceID, fileID string) (*SpaceFile, error) {
	f := new(SpaceFile)
	err := s.DB.NewSelect().Model(f).Where("f.space_id = ? AND f.id = ?", spaceID, fileID).Scan(ctx)
	return f, dbError(err, "file")
}

// insertSpaceFiles records uploaded files for downloads.
func insertSpaceFiles(ctx context.Context, tx bun.IDB, orgID, spaceID string, files []Entry) error {
	if len(files) == 0 {
		return nil
	}
	rows := make([]SpaceFile, len(files))
	for i, f := range files {
		rows[i] = SpaceFile{OrganizationID: orgID, SpaceID: spaceID, ID: f.ID, Name: f.Name, ContentType: f.ContentType, Blob: f.Blob}
	}
	_, err := tx.NewInsert().Model(&rows).Exec(ctx)
	return dbError(err, "file")
}
