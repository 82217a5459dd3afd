package main

import (
	"context"
	"path/filepath"

	"folio/internal/blob"
)

// blobStore is where every command keeps file bytes (blob.FromEnv): the
// S3 bucket of FOLIO_BLOB_S3_ENDPOINT and FOLIO_BLOB_S3_BUCKET when they are
// set, which several servers share; else the directory FOLIO_DATA_DIR/blobs.
func blobStore(ctx context.Context) (blob.Store, error) {
	return blob.FromEnv(ctx, filepath.Join(env("FOLIO_DATA_DIR", ".folio"), "blobs"))
}
