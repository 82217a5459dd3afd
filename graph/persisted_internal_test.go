package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
)

// TestAutomaticPersistedQueriesAreBounded: the documents learnt are at
// most apqCacheSize (the least recently used goes first), each at most
// apqMaxDocument bytes (a longer one runs, and is not kept).
func TestAutomaticPersistedQueriesAreBounded(t *testing.T) {
	p := newPersistedDocuments(nil)
	// send runs the parameter step of a request for doc with its hash (or
	// the hash alone when doc is ""), then, when it asked to, the step
	// that keeps a validated document.
	send := func(hash, doc string) (string, string) {
		oc := &graphql.OperationContext{}
		ctx := graphql.WithOperationContext(context.Background(), oc)
		params := &graphql.RawParams{Query: doc, Extensions: map[string]any{"persistedQuery": map[string]any{"version": json.Number("1"), "sha256Hash": hash}}}
		if err := p.MutateOperationParameters(ctx, params); err != nil {
			return "", err.Extensions["code"].(string)
		}
		oc.RawQuery = params.Query
		p.MutateOperationContext(ctx, oc)
		return params.Query, ""
	}
	doc := func(i int) string { return fmt.Sprintf("query Q%d { __typename }", i) }
	for i := range apqCacheSize + 1 {
		if _, code := send(hashOf(doc(i)), doc(i)); code != "" {
			t.Fatalf("document %d: %s", i, code)
		}
	}
	if _, code := send(hashOf(doc(0)), ""); code != CodePersistedQueryNotFound {
		t.Errorf("the first of %d documents is still kept (%q)", apqCacheSize+1, code)
	}
	for _, i := range []int{1, apqCacheSize} {
		if got, code := send(hashOf(doc(i)), ""); got != doc(i) {
			t.Errorf("document %d: %q %s", i, got, code)
		}
	}

	long := "query Long { __typename }" + strings.Repeat(" ", apqMaxDocument)
	if got, code := send(hashOf(long), long); got != long || code != "" {
		t.Fatalf("a long document did not run: %s", code)
	}
	if _, code := send(hashOf(long), ""); code != CodePersistedQueryNotFound {
		t.Errorf("a document of %d bytes was kept", len(long))
	}
}
