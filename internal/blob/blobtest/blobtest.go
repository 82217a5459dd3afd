// Package blobtest runs an S3-compatible server in the test process (gofakes3
// over an in-memory backend, served on loopback) for tests of the S3 blob
// store, and counts the requests it answers.
package blobtest

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"folio/internal/blob"
)

// Server is an S3 server with one bucket.
type Server struct {
	// Config reaches the bucket (plain HTTP, static keys, a key prefix).
	Config blob.S3Config
	// Backend holds the objects, for looking behind the store's back.
	Backend *s3mem.Backend
	mu      sync.Mutex
	counts  map[string]int
	ts      *httptest.Server
	handler http.Handler
	t       testing.TB
}

// Bucket is the bucket every Server has.
const Bucket = "folio-blobs"

// New starts a server (stopped when the test ends) with the bucket created.
func New(t testing.TB) *Server {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket(Bucket); err != nil {
		t.Fatalf("create bucket: %v", err)
	}
	s := &Server{Backend: backend, counts: map[string]int{}, t: t}
	fake := gofakes3.New(backend).Server()
	s.handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.counts[r.Method]++
		s.mu.Unlock()
		fake.ServeHTTP(w, r)
	})
	ts := httptest.NewServer(s.handler)
	t.Cleanup(func() { s.ts.Close() })
	s.ts = ts
	s.Config = blob.S3Config{
		Endpoint:        ts.URL, // http://127.0.0.1:port
		Bucket:          Bucket,
		Region:          "us-east-1",
		Prefix:          "blobs",
		AccessKeyID:     "test-access-key",
		SecretAccessKey: "test-secret-key",
	}
	return s
}

// Store connects an S3 blob store to the server.
func (s *Server) Store(t testing.TB) *blob.S3 {
	t.Helper()
	st, err := blob.NewS3(context.Background(), s.Config)
	if err != nil {
		t.Fatalf("S3 blob store: %v", err)
	}
	return st
}

// Stop stops the server: its address then refuses connections, as an
// object store that went away.
func (s *Server) Stop() { s.ts.Close() }

// Start serves again, at the same address and with the same objects, after
// Stop.
func (s *Server) Start() {
	s.t.Helper()
	l, err := net.Listen("tcp", s.ts.Listener.Addr().String())
	if err != nil {
		s.t.Fatalf("listen again: %v", err)
	}
	s.ts = &httptest.Server{Listener: l, Config: &http.Server{Handler: s.handler}}
	s.ts.Start()
}

// Requests is the number of requests with this method (GET, HEAD, PUT, ...)
// the server has answered.
func (s *Server) Requests(method string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[method]
}
