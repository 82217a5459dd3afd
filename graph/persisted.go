package graph

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
)

// Persisted documents at /graphql: a request may name its document by the
// SHA-256 of its text (lower-case hex) instead of sending it, in either of
// two ways:
//
//   - Apollo's automatic persisted queries: extensions.persistedQuery
//     {"version": 1, "sha256Hash": "<hex>"}, over POST or GET. A hash the
//     server does not know answers PersistedQueryNotFound; the client sends
//     the hash with the document, which runs and is kept for the next time.
//   - The GraphQL-over-HTTP persisted documents appendix: documentId, as
//     "sha256:<hex>" or the bare hex.
//
// With trusted documents (FOLIO_GRAPHQL_TRUSTED_DOCUMENTS) only the
// documents of a manifest run, named by their hash or sent in full; nothing
// is learnt from requests. The rule is the /graphql handler's alone: REST
// routes run their own operations through the in-process executor, which
// does not have it.

// Codes of persisted-document errors. PERSISTED_QUERY_NOT_FOUND with the
// message PersistedQueryNotFound is what Apollo's clients look for before
// sending the document.
const (
	CodePersistedQueryNotFound   = "PERSISTED_QUERY_NOT_FOUND"
	CodePersistedQueryNotAllowed = "PERSISTED_QUERY_NOT_ALLOWED"
)

const (
	// apqCacheSize is how many documents automatic persisted queries keep
	// (the least recently used goes first), and apqMaxDocument the largest
	// kept, in bytes: at most 64 MiB in all. A longer document still runs;
	// it is sent in full every time.
	apqCacheSize   = 1000
	apqMaxDocument = 64 << 10
)

// TrustedDocuments is a manifest of the only documents /graphql runs: the
// lower-case hex SHA-256 of each document's text, mapped to the text. nil
// runs any document.
type TrustedDocuments map[string]string

// TrustedDocumentsSetting is the environment variable naming the manifest.
const TrustedDocumentsSetting = "FOLIO_GRAPHQL_TRUSTED_DOCUMENTS"

// LoadTrustedDocuments reads a manifest: a JSON object mapping the SHA-256
// of each document (64 hex digits, or "sha256:" and them) to the
// document's exact text, as graphql-codegen's client preset writes it
// (persistedDocuments with hashAlgorithm "sha256"). It fails on a file it
// cannot read, a manifest that is not such an object or holds no document,
// and a hash that is not the SHA-256 of its document.
func LoadTrustedDocuments(path string) (TrustedDocuments, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", TrustedDocumentsSetting, err)
	}
	var manifest map[string]string
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return nil, fmt.Errorf("%s=%s: not a JSON object of SHA-256 hashes to documents: %w", TrustedDocumentsSetting, path, err)
	}
	if len(manifest) == 0 {
		return nil, fmt.Errorf("%s=%s: the manifest holds no document", TrustedDocumentsSetting, path)
	}
	keys := make([]string, 0, len(manifest))
	for k := range manifest {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first wrong one, the same every time
	docs := make(TrustedDocuments, len(manifest))
	for _, key := range keys {
		doc := manifest[key]
		hash, ok := sha256Hex(key)
		if !ok {
			return nil, fmt.Errorf("%s=%s: key %q is not a SHA-256 hash (64 hex digits, optionally after \"sha256:\")", TrustedDocumentsSetting, path, key)
		}
		if sum := hashOf(doc); sum != hash {
			return nil, fmt.Errorf("%s=%s: key %s is not the SHA-256 of its document (%s): each key must hash the document's exact text (graphql-codegen: persistedDocuments.hashAlgorithm \"sha256\")", TrustedDocumentsSetting, path, key, sum)
		}
		docs[hash] = doc
	}
	return docs, nil
}

// persistedDocuments is the extension that resolves a request's persisted
// document (its parameters) and keeps a document learnt by automatic
// persisted queries once it has validated (its operation context).
type persistedDocuments struct {
	trusted TrustedDocuments
	apq     *lru.LRU[string] // nil with trusted documents
}

func newPersistedDocuments(trusted TrustedDocuments) persistedDocuments {
	if trusted != nil {
		return persistedDocuments{trusted: trusted}
	}
	return persistedDocuments{apq: lru.New[string](apqCacheSize)}
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
	graphql.OperationContextMutator
} = persistedDocuments{}

func (persistedDocuments) ExtensionName() string                   { return "PersistedDocuments" }
func (persistedDocuments) Validate(graphql.ExecutableSchema) error { return nil }

// persistedQuery is Apollo's extensions.persistedQuery.
type persistedQuery struct {
	Version    int    `json:"version"`
	SHA256Hash string `json:"sha256Hash"`
}

type httpRequestKey struct{}

// withHTTPRequest carries how a request of the HTTP transports names its
// document (documentId, extensions.persistedQuery) to the extension. (A
// transport that leaves extensions in gqlgen's RawParams needs not:
// extensions.persistedQuery is read from there too.)
func withHTTPRequest(ctx context.Context, req *httpRequest) context.Context {
	return context.WithValue(ctx, httpRequestKey{}, req)
}

// learnStat names, among an operation's stats, the hash of a document to
// keep once it validates.
const learnStat = "folio.apq.learn"

func (p persistedDocuments) MutateOperationParameters(ctx context.Context, params *graphql.RawParams) *gqlerror.Error {
	hash, named, err := requestedHash(ctx, params)
	if err != nil {
		return err
	}
	if !named {
		if p.trusted != nil {
			if _, ok := p.trusted[hashOf(params.Query)]; !ok {
				return notTrusted("this document is not one of them")
			}
		}
		return nil
	}
	if params.Query != "" {
		// The document and its hash: they must agree, whoever keeps it.
		if hashOf(params.Query) != hash {
			return invalid("the persisted document's hash %s is not the SHA-256 of the query sent with it", hash)
		}
		if p.trusted != nil {
			if _, ok := p.trusted[hash]; !ok {
				return notTrusted("this document is not one of them")
			}
			return nil
		}
		if len(params.Query) <= apqMaxDocument {
			if oc := graphql.GetOperationContext(ctx); oc != nil {
				oc.Stats.SetExtension(learnStat, hash)
			}
		}
		return nil
	}
	if p.trusted != nil {
		doc, ok := p.trusted[hash]
		if !ok {
			return notTrusted("no document has the hash " + hash)
		}
		params.Query = doc
		return nil
	}
	doc, ok := p.apq.Get(ctx, hash)
	if !ok {
		return &gqlerror.Error{Message: "PersistedQueryNotFound", Extensions: map[string]any{"code": CodePersistedQueryNotFound}}
	}
	params.Query = doc
	return nil
}

// MutateOperationContext keeps a document sent with its hash once it has
// parsed and validated (and passed the limits, which run before): what is
// kept is known to run.
func (p persistedDocuments) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if p.apq == nil {
		return nil
	}
	if hash, ok := oc.Stats.GetExtension(learnStat).(string); ok {
		p.apq.Add(context.Background(), hash, oc.RawQuery)
	}
	return nil
}

// requestedHash is the hash a request names its document by, from
// extensions.persistedQuery or documentId (both: they must agree); named
// is false when it names none.
func requestedHash(ctx context.Context, params *graphql.RawParams) (hash string, named bool, _ *gqlerror.Error) {
	var pq *persistedQuery
	var documentID string
	if req, _ := ctx.Value(httpRequestKey{}).(*httpRequest); req != nil {
		pq, documentID = req.Extensions.PersistedQuery, req.DocumentID
	} else if m, ok := params.Extensions["persistedQuery"].(map[string]any); ok {
		h, _ := m["sha256Hash"].(string)
		pq = &persistedQuery{SHA256Hash: h}
		if isOne(m["version"]) {
			pq.Version = 1
		}
	}
	if pq != nil {
		if pq.Version != 1 {
			return "", false, invalid(`extensions.persistedQuery: want {"version": 1, "sha256Hash": "<64 hex digits>"} (version 1 is the only one)`)
		}
		if hash, named = sha256Hex(pq.SHA256Hash); !named || strings.HasPrefix(pq.SHA256Hash, "sha256:") {
			return "", false, invalid(`extensions.persistedQuery.sha256Hash: want the SHA-256 of the document, 64 hex digits`)
		}
	}
	if documentID != "" {
		h, ok := sha256Hex(documentID)
		if !ok {
			return "", false, invalid(`documentId: want "sha256:" and the SHA-256 of the document in 64 hex digits`)
		}
		if named && h != hash {
			return "", false, invalid("documentId and extensions.persistedQuery name different documents")
		}
		hash, named = h, true
	}
	return hash, named, nil
}

// isOne reports whether a decoded JSON value is the number 1, however the
// transport decoded numbers.
func isOne(v any) bool {
	switch v := v.(type) {
	case json.Number:
		return v.String() == "1"
	case float64:
		return v == 1
	case int:
		return v == 1
	}
	return false
}

// sha256Hex returns s, a SHA-256 in hex with or without the "sha256:"
// prefix of a document id, as bare lower-case hex.
func sha256Hex(s string) (string, bool) {
	s = strings.ToLower(strings.TrimPrefix(s, "sha256:"))
	if len(s) != 2*sha256.Size {
		return "", false
	}
	for i := range len(s) {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return "", false
		}
	}
	return s, true
}

// hashOf is the SHA-256 of a document's text, in lower-case hex.
func hashOf(doc string) string {
	sum := sha256.Sum256([]byte(doc))
	return hex.EncodeToString(sum[:])
}

func notTrusted(why string) *gqlerror.Error {
	return &gqlerror.Error{
		Message:    "this server runs only the trusted documents of " + TrustedDocumentsSetting + ": " + why,
		Extensions: map[string]any{"code": CodePersistedQueryNotAllowed},
	}
}

func invalid(format string, args ...any) *gqlerror.Error {
	return &gqlerror.Error{Message: fmt.Sprintf(format, args...), Extensions: map[string]any{"code": string(domain.CodeInvalid)}}
}
