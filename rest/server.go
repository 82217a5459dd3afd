package rest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"folio/graph"
	"folio/graph/model"
	"folio/store"
	"folio/store/blob"
	"folio/store/siteimport"
)

// Config is what the HTTP server needs.
type Config struct {
	Store *store.Store
	// PublicURL is the base of every URL in responses, without a trailing slash.
	PublicURL string
	// StatementHeader, when true, reports each request's SQL statement count in
	// the X-Folio-Statements response header (tests assert on it).
	StatementHeader bool
	// Blobs keeps the bytes of uploaded files (a directory under FOLIO_DATA_DIR by default).
	Blobs blob.Store
	// Import bounds website imports (FOLIO_IMPORT_*); its zero value is the
	// defaults, with private addresses refused.
	Import siteimport.Config
}

// NewHandler builds the whole HTTP surface: /v1 (REST), /graphql, and the
// health checks. It fails when a route's operation does not validate.
func NewHandler(cfg Config) (http.Handler, error) {
	res := &graph.Resolver{Store: cfg.Store, Base: model.Base(strings.TrimRight(cfg.PublicURL, "/")), Blobs: cfg.Blobs,
		Importer: siteimport.New(cfg.Import, cfg.Blobs)}
	schema := graph.Schema(res)
	exec := graph.NewExecutor(res, schema)
	routes, err := compile(schema.Schema(), Routes())
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	for i := range routes {
		c := &routes[i]
		mux.HandleFunc(c.Method+" "+muxPattern(c.Path), func(w http.ResponseWriter, r *http.Request) {
			if !c.Public && graph.Viewer(r.Context()) == nil {
				writeError(w, http.StatusUnauthorized, "an API token is required (Authorization: Bearer <token>)")
				return
			}
			c.serve(exec, w, r)
		})
	}
	mux.HandleFunc("GET "+downloadPath, download(res))
	mux.Handle("/graphql", graph.NewHTTPHandler(res))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := cfg.Store.Ping(ctx); err != nil {
			writeError(w, http.StatusServiceUnavailable, "database unreachable")
			return
		}
		w.Write([]byte("ok\n"))
	})
	// Anything else, including a known path with another method, is 404.
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path)
	})
	return withRequest(cfg, mux), nil
}

// muxPattern turns "/v1/" into an exact match; other paths are exact already.
func muxPattern(path string) string {
	if strings.HasSuffix(path, "/") {
		return path + "{$}"
	}
	return path
}

type requestIDKey struct{}

// RequestID returns the id of the request running in ctx.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// withRequest wraps every request: an id (X-Request-Id), a counter of its SQL
// statements, panic recovery, the body limit, and authentication.
func withRequest(cfg Config, next http.Handler) http.Handler {
	s := cfg.Store
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := newRequestID()
		w.Header().Set("X-Request-Id", id)
		ctx := context.WithValue(r.Context(), requestIDKey{}, id)
		var statements atomic.Int64
		ctx = store.WithQueryCounter(ctx, &statements)
		if cfg.StatementHeader {
			w = &statementWriter{ResponseWriter: w, n: &statements}
		}
		defer func() {
			if p := recover(); p != nil {
				slog.ErrorContext(ctx, "panic serving request", "request_id", id, "panic", p, "stack", string(debug.Stack()))
				writeError(w, http.StatusInternalServerError, "internal error")
			}
		}()
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		if h := r.Header.Get("Authorization"); h != "" {
			token, ok := strings.CutPrefix(h, "Bearer ")
			if !ok {
				writeError(w, http.StatusUnauthorized, "the Authorization header must be: Bearer <token>")
				return
			}
			u, err := s.Authenticate(ctx, strings.TrimSpace(token))
			if err != nil {
				writeDomainError(w, err)
				return
			}
			ctx = graph.WithViewer(ctx, u)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func newRequestID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// statementWriter sets X-Folio-Statements when the response starts, after
// the operation has run.
type statementWriter struct {
	http.ResponseWriter
	n       *atomic.Int64
	started bool
}

func (w *statementWriter) WriteHeader(status int) {
	if !w.started {
		w.started = true
		w.Header().Set("X-Folio-Statements", strconv.FormatInt(w.n.Load(), 10))
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *statementWriter) Write(b []byte) (int, error) {
	if !w.started {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}
