package blob

import (
	"context"
	"fmt"
	"os"
	"strconv"
)

// FromEnv builds the blob store every command uses: the S3 store when
// FOLIO_BLOB_S3_ENDPOINT and FOLIO_BLOB_S3_BUCKET are set (see
// S3ConfigFromEnv; the bucket must exist), else the directory store at dir.
func FromEnv(ctx context.Context, dir string) (Store, error) {
	cfg, ok, err := S3ConfigFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	if !ok {
		return Dir{Root: dir}, nil
	}
	return NewS3(ctx, cfg)
}

// S3ConfigFromEnv reads the S3 blob store's settings: FOLIO_BLOB_S3_ENDPOINT,
// FOLIO_BLOB_S3_BUCKET, FOLIO_BLOB_S3_REGION (else AWS_REGION, else
// AWS_DEFAULT_REGION), FOLIO_BLOB_S3_PREFIX, FOLIO_BLOB_S3_ACCESS_KEY_ID and
// FOLIO_BLOB_S3_SECRET_ACCESS_KEY (else AWS_ACCESS_KEY_ID,
// AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN) and FOLIO_BLOB_S3_INSECURE
// (true: plain HTTP). ok is false when neither the endpoint nor the bucket
// is set; one without the other is an error, not a silent fallback to the
// directory store.
func S3ConfigFromEnv(getenv func(string) string) (cfg S3Config, ok bool, err error) {
	cfg = S3Config{
		Endpoint: getenv("FOLIO_BLOB_S3_ENDPOINT"),
		Bucket:   getenv("FOLIO_BLOB_S3_BUCKET"),
		Region:   first(getenv("FOLIO_BLOB_S3_REGION"), getenv("AWS_REGION"), getenv("AWS_DEFAULT_REGION")),
		Prefix:   getenv("FOLIO_BLOB_S3_PREFIX"),
	}
	switch {
	case cfg.Endpoint == "" && cfg.Bucket == "":
		return S3Config{}, false, nil
	case cfg.Endpoint == "":
		return cfg, false, fmt.Errorf("FOLIO_BLOB_S3_BUCKET is set but FOLIO_BLOB_S3_ENDPOINT is not (for AWS: s3.<region>.amazonaws.com)")
	case cfg.Bucket == "":
		return cfg, false, fmt.Errorf("FOLIO_BLOB_S3_ENDPOINT is set but FOLIO_BLOB_S3_BUCKET is not")
	}
	if id, secret := getenv("FOLIO_BLOB_S3_ACCESS_KEY_ID"), getenv("FOLIO_BLOB_S3_SECRET_ACCESS_KEY"); id != "" || secret != "" {
		if id == "" || secret == "" {
			return cfg, false, fmt.Errorf("FOLIO_BLOB_S3_ACCESS_KEY_ID and FOLIO_BLOB_S3_SECRET_ACCESS_KEY go together: set both or neither")
		}
		cfg.AccessKeyID, cfg.SecretAccessKey = id, secret
	} else if id, secret := getenv("AWS_ACCESS_KEY_ID"), getenv("AWS_SECRET_ACCESS_KEY"); id != "" || secret != "" {
		if id == "" || secret == "" {
			return cfg, false, fmt.Errorf("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither")
		}
		cfg.AccessKeyID, cfg.SecretAccessKey, cfg.SessionToken = id, secret, getenv("AWS_SESSION_TOKEN")
	}
	if v := getenv("FOLIO_BLOB_S3_INSECURE"); v != "" {
		b, perr := strconv.ParseBool(v)
		if perr != nil {
			return cfg, false, fmt.Errorf("FOLIO_BLOB_S3_INSECURE=%q: want true or false", v)
		}
		cfg.Insecure = b
	}
	return cfg, true, nil
}

// first is the first non-empty string.
func first(vs ...string) string {
	for _, v := range vs {
		if v != "" {
			return v
		}
	}
	return ""
}
