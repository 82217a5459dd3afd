package rest_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"folio/rest/resttest"
	"folio/store"
)

// BenchmarkSpaceContentBig measures GET /v1/spaces/{id}/content/pages of a
// space of 10,000 pages (make bench's big space, nested as it nests them):
// the whole page tree, through the REST route's GraphQL operation.
func BenchmarkSpaceContentBig(b *testing.B) {
	srv := resttest.New(b)
	alice := srv.User("alice@example.com")
	org := createOrgB(b, alice, "Acme")
	sp := bigSpace(b, srv, alice, org, store.VisibilityPrivate)
	h := benchHandler(b, srv.Store)
	for _, path := range []string{"/content/pages", "/content"} {
		// One request first, outside the measure: it builds the tree the
		// page-tree cache keeps, and make bench's p50 is of the requests
		// after it.
		req := httptest.NewRequest(http.MethodGet, "/v1/spaces/"+sp.ID+path, nil)
		req.Header.Set("Authorization", "Bearer "+alice.Token)
		h.ServeHTTP(httptest.NewRecorder(), req)
		b.Run(path, func(b *testing.B) { runRead(b, h, "/v1/spaces/"+sp.ID+path, alice.Token) })
	}
}

// bigSpace makes a space of 10,000 pages, nested as make bench nests them
// (100 top-level pages "topic-0" to "topic-99", each page i >= 100 under
// topic-(i%100)), merged into its main content.
func bigSpace(b *testing.B, srv *resttest.Server, alice *resttest.Client, org string, visibility store.Visibility) *store.Space {
	ctx := b.Context()
	sp, err := srv.Store.CreateSpace(ctx, org, store.NewSpace{Title: "Big", Visibility: visibility})
	if err != nil {
		b.Fatal(err)
	}
	const pages, top = 10000, 100
	cr, err := srv.Store.CreateChangeRequest(ctx, sp, alice.UserID, "content")
	if err != nil {
		b.Fatal(err)
	}
	ids := map[string]string{}
	var batch []store.PageChange
	for i := range pages {
		md := fmt.Sprintf("# Topic %d\n\nHow to install, configure and run topic %d.\n", i, i)
		c := store.PageChange{Operation: store.OpInsertPage, Ref: fmt.Sprint("p", i), Markdown: &md}
		if i >= top {
			parent := ids[fmt.Sprint("p", i%top)]
			c.Into = &parent
		}
		batch = append(batch, c)
		if len(batch) == store.MaxChanges || i == top-1 || i == pages-1 {
			res, err := srv.Store.UpdateChangeRequestContent(ctx, sp.ID, cr.ID, alice.UserID, batch)
			if err != nil {
				b.Fatal(err)
			}
			for _, o := range res.Changes {
				ids[o.Ref] = o.Page
			}
			batch = nil
		}
	}
	if _, err := srv.Store.MergeChangeRequest(ctx, sp.ID, cr.ID, alice.UserID); err != nil {
		b.Fatal(err)
	}
	return sp
}
