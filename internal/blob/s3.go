package blob

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	// minio-go rather than aws-sdk-go-v2: one module (against the SDK's
	// dozen), and it speaks plain S3 to any compatible endpoint (AWS, MinIO,
	// Ceph, R2, Garage, ...) with path-style or virtual-host addressing
	// chosen for the endpoint; its *Object is an io.ReadSeekCloser that turns
	// Seek into ranged GETs, which is what http.ServeContent needs.
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config locates the bucket of an S3-compatible object store.
type S3Config struct {
	// Endpoint is host[:port] ("s3.eu-west-1.amazonaws.com",
	// "minio.internal:9000"), or a URL with scheme http or https and no path.
	Endpoint string
	Bucket   string
	// Region is the bucket's region; empty lets the client ask the endpoint.
	Region string
	// Prefix is put before every object key; a "/" is added when missing.
	Prefix string
	// AccessKeyID and SecretAccessKey sign requests (SessionToken for
	// temporary credentials). Empty: ~/.aws/credentials (AWS_PROFILE), then
	// the instance, container or web-identity role.
	AccessKeyID, SecretAccessKey, SessionToken string
	// Insecure speaks plain HTTP to the endpoint.
	Insecure bool
	// Transport replaces the HTTP transport (nil: the client's default).
	Transport http.RoundTripper
	// MaxRetries bounds how many times the client sends a request that
	// failed for want of an answer (0: the client's default, 10, with
	// backoff: several seconds before an unreachable store is reported).
	MaxRetries int
}

// S3 stores blobs as objects of a bucket, keyed Prefix + hash, so several
// Folio servers share them.
type S3 struct {
	client         *minio.Client
	bucket, prefix string
}

// bucketCheckTimeout bounds NewS3's check of the bucket.
const bucketCheckTimeout = 30 * time.Second

// NewS3 connects to cfg's endpoint and checks that the bucket exists and
// that the credentials can see it.
func NewS3(ctx context.Context, cfg S3Config) (*S3, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("S3 blob store: an endpoint and a bucket are both required")
	}
	host, secure := cfg.Endpoint, !cfg.Insecure
	if strings.Contains(host, "://") {
		u, err := url.Parse(host)
		if err != nil || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
			return nil, fmt.Errorf("S3 blob store: endpoint %q: want host[:port] or http(s)://host[:port]", cfg.Endpoint)
		}
		switch u.Scheme {
		case "http":
			secure = false
		case "https":
			if cfg.Insecure {
				return nil, fmt.Errorf("S3 blob store: endpoint %q is https but plain HTTP (insecure) is asked for", cfg.Endpoint)
			}
		default:
			return nil, fmt.Errorf("S3 blob store: endpoint %q: scheme must be http or https", cfg.Endpoint)
		}
		host = u.Host
	}
	var creds *credentials.Credentials
	switch {
	case cfg.AccessKeyID != "" && cfg.SecretAccessKey != "":
		creds = credentials.NewStaticV4(cfg.AccessKeyID, cfg.SecretAccessKey, cfg.SessionToken)
	case cfg.AccessKeyID != "" || cfg.SecretAccessKey != "":
		return nil, errors.New("S3 blob store: an access key id needs its secret access key, and the other way round")
	default:
		creds = credentials.NewChainCredentials([]credentials.Provider{
			&credentials.FileAWSCredentials{},
			&credentials.IAM{},
		})
	}
	client, err := minio.New(host, &minio.Options{Creds: creds, Secure: secure, Region: cfg.Region, Transport: cfg.Transport, MaxRetries: cfg.MaxRetries})
	if err != nil {
		return nil, fmt.Errorf("S3 blob store: %w", err)
	}
	// Bounded: an endpoint that does not answer stops the start-up with an
	// error rather than holding it (the client retries for a while).
	checkCtx, cancel := context.WithTimeout(ctx, bucketCheckTimeout)
	defer cancel()
	ok, err := client.BucketExists(checkCtx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("S3 blob store: bucket %q at %s: %w", cfg.Bucket, client.EndpointURL(), err)
	}
	if !ok {
		return nil, fmt.Errorf("S3 blob store: bucket %q does not exist at %s (create it first)", cfg.Bucket, client.EndpointURL())
	}
	prefix := cfg.Prefix
	if prefix != "" && !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	return &S3{client: client, bucket: cfg.Bucket, prefix: prefix}, nil
}

func (s *S3) key(hash string) string { return s.prefix + hash }

// Put uploads data unless an object with its hash exists. An S3 PUT is
// atomic: readers see the whole object or none; two servers putting the
// same bytes at once write the same object.
func (s *S3) Put(ctx context.Context, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	_, err := s.client.StatObject(ctx, s.bucket, s.key(hash), minio.StatObjectOptions{})
	if err == nil {
		return hash, nil
	}
	if !notFound(err) {
		return "", fmt.Errorf("look up blob %s: %w", hash, classify(err))
	}
	// One PUT whose signature covers the SHA-256 of the body (which is the
	// hash), so the server checks the bytes it stores; rather than minio's
	// default over plain HTTP, a chunked streaming signature, which some
	// servers refuse for an empty body.
	_, err = minio.Core{Client: s.client}.PutObject(ctx, s.bucket, s.key(hash), bytes.NewReader(data), int64(len(data)),
		"", hash, minio.PutObjectOptions{ContentType: "application/octet-stream", DisableContentSha256: true})
	if err != nil {
		return "", fmt.Errorf("store blob %s: %w", hash, classify(err))
	}
	return hash, nil
}

// Open opens a stored blob. The object's size is fetched first (a HEAD),
// so an unknown hash is ErrNotFound here rather than at the first Read;
// reads then GET from the current offset, and Seek to another offset starts
// a new ranged GET at the next Read (http.ServeContent seeks to the end for
// the size, back to the start, then to the range it serves).
func (s *S3) Open(ctx context.Context, hash string) (io.ReadSeekCloser, error) {
	if !validHash(hash) {
		return nil, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, s.key(hash), minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("open blob %s: %w", hash, classify(err))
	}
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		if notFound(err) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("open blob %s: %w", hash, classify(err))
	}
	return obj, nil
}

// notFound reports whether err is S3's answer for a missing key.
func notFound(err error) bool {
	r := minio.ToErrorResponse(err)
	return r.Code == minio.NoSuchKey || (r.StatusCode == http.StatusNotFound && r.Code != minio.NoSuchBucket)
}

// classify marks the errors that say the store cannot serve now
// (ErrUnavailable): no HTTP answer at all (refused, reset, cut short, timed
// out, a name that does not resolve), an answer of 5xx (S3's 500 and 503
// SlowDown included), or credentials the store no longer accepts (401,
// 403: an expired key or role is fixed by its operator, not by the
// client). Other errors are the request's own, or the client's.
func classify(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return unavailable(err)
	}
	switch r := minio.ToErrorResponse(err); {
	case r.StatusCode >= 500, r.StatusCode == http.StatusUnauthorized, r.StatusCode == http.StatusForbidden:
		return unavailable(err)
	}
	return err
}

// validHash reports whether hash is a hex SHA-256, as Put makes them.
func validHash(hash string) bool {
	if len(hash) != 64 {
		return false
	}
	_, err := hex.DecodeString(hash)
	return err == nil
}
