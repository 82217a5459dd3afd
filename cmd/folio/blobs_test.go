package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"folio/internal/blob"
	"folio/internal/blob/blobtest"
)

// unsetS3 clears the S3 settings for one test.
func unsetS3(t *testing.T) {
	for _, k := range []string{"FOLIO_BLOB_S3_ENDPOINT", "FOLIO_BLOB_S3_BUCKET", "FOLIO_BLOB_S3_REGION", "FOLIO_BLOB_S3_PREFIX",
		"FOLIO_BLOB_S3_ACCESS_KEY_ID", "FOLIO_BLOB_S3_SECRET_ACCESS_KEY", "FOLIO_BLOB_S3_INSECURE"} {
		t.Setenv(k, "")
	}
}

func TestBlobStoreFromEnv(t *testing.T) {
	ctx := context.Background()
	unsetS3(t)
	dir := t.TempDir()
	t.Setenv("FOLIO_DATA_DIR", dir)
	if st, err := blobStore(ctx); err != nil || st != (blob.Dir{Root: filepath.Join(dir, "blobs")}) {
		t.Fatalf("without S3 settings: %#v, %v", st, err)
	}
	srv := blobtest.New(t)
	t.Setenv("FOLIO_BLOB_S3_ENDPOINT", srv.Config.Endpoint)
	t.Setenv("FOLIO_BLOB_S3_BUCKET", blobtest.Bucket)
	t.Setenv("FOLIO_BLOB_S3_ACCESS_KEY_ID", "k")
	t.Setenv("FOLIO_BLOB_S3_SECRET_ACCESS_KEY", "s")
	if st, err := blobStore(ctx); err != nil {
		t.Fatal(err)
	} else if _, ok := st.(*blob.S3); !ok {
		t.Fatalf("with S3 settings: %T", st)
	}
}

// A missing bucket stops folio serve before anything starts.
func TestServeRefusesMissingBucket(t *testing.T) {
	unsetS3(t)
	srv := blobtest.New(t)
	t.Setenv("FOLIO_DATA_DIR", t.TempDir())
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none") // never reached
	t.Setenv("FOLIO_BLOB_S3_ENDPOINT", srv.Config.Endpoint)
	t.Setenv("FOLIO_BLOB_S3_BUCKET", "no-such-bucket")
	t.Setenv("FOLIO_BLOB_S3_ACCESS_KEY_ID", "k")
	t.Setenv("FOLIO_BLOB_S3_SECRET_ACCESS_KEY", "s")
	err := serve(context.Background())
	if err == nil || !strings.Contains(err.Error(), `bucket "no-such-bucket" does not exist`) {
		t.Fatalf("serve = %v", err)
	}
	t.Setenv("FOLIO_BLOB_S3_BUCKET", "")
	if err := serve(context.Background()); err == nil || !strings.Contains(err.Error(), "FOLIO_BLOB_S3_BUCKET is not") {
		t.Fatalf("serve with an endpoint and no bucket = %v", err)
	}
}
