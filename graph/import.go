package graph

import (
	"context"

	"folio/graph/model"
	"folio/store"
)

// importSite imports a website into a space (crID empty) or a change
// request. It needs the edit permission (so a locked space is refused
// before anything is fetched; the store checks the lock again in its
// transaction). The crawl runs before the transaction, which then writes
// every page and file or nothing; images already in the blob store are
// harmless when it fails (content addressing stores them once).
func (r *Resolver) importSite(ctx context.Context, spaceID, crID string, in model.ContentImportInput) (*model.ContentImportResult, error) {
	sp, err := r.space(ctx, spaceID)
	if err != nil {
		return nil, err
	}
	if err := store.SpaceRequire(sp.Role(), sp.EditMode, store.PermEdit); err != nil {
		return nil, err
	}
	if crID != "" {
		if _, err := r.changeRequestIn(ctx, sp, crID); err != nil {
			return nil, err
		}
	}
	site, err := r.Importer.Import(ctx, in.URL)
	if err != nil {
		return nil, err
	}
	res, err := r.Store.ImportContent(ctx, sp.ID, crID, site.Pages, site.Files)
	if err != nil {
		return nil, err
	}
	return &model.ContentImportResult{Revision: res.Revision, ImportedResources: site.Imported, TotalResources: site.Total}, nil
}
