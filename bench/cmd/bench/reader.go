package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"

	"folio/bench/loadgen"
	"folio/store"
)

// readerPages measures page views of a published site (rest/reader) as a
// reader's browser makes them, without a token: the first seeded site is
// published, then one page viewed over and over (a cache hit), the same
// page revalidated with its ETag (304), and every page of every variant in
// turn, more pages than the reader's cache holds (so each view renders).
func (r *run) readerPages(ctx context.Context) ([]measurement, []string) {
	out, notes, _ := r.readerPagesAnd(ctx, false)
	return out, notes
}

// readerPagesAnd is readerPages; with insights, only the cached view is
// measured, and the cost of recording insights on it (insightsCost).
func (r *run) readerPagesAnd(ctx context.Context, insights bool) ([]measurement, []string, string) {
	s, d := r.store, r.data
	sites, err := s.ListSites(ctx, d.orgID, store.SiteFilter{}, store.PageArgs{Limit: 1})
	if err != nil || len(sites.Items) == 0 {
		log.Fatalf("reader: no site: %v", err)
	}
	site := sites.Items[0]
	if _, err := s.SetSitePublished(ctx, &site, true); err != nil {
		log.Fatal(err)
	}
	ss, err := s.SiteSpacesOf(ctx, site.ID)
	if err != nil {
		log.Fatal(err)
	}
	top := min(100, max(1, r.cfg.sitePages/10)) // as fillSpace nests them
	pagePath := func(i int) string {
		if i < top {
			return fmt.Sprintf("topic-%d", i)
		}
		return fmt.Sprintf("topic-%d/topic-%d", i%top, i)
	}
	var paths []string
	for _, x := range ss {
		if x.SectionPath == nil {
			continue
		}
		for i := 0; i < r.cfg.sitePages; i++ {
			paths = append(paths, "/sites/"+site.ID+"/"+*x.SectionPath+"/"+x.Path+"/"+pagePath(i))
		}
	}
	if len(paths) == 0 {
		log.Fatal("reader: no pages")
	}
	one := paths[len(paths)-1]
	anon := func(path func(i int) string, header ...string) loadgen.Request {
		return func(i int) *http.Request {
			req, _ := http.NewRequest(http.MethodGet, r.folio+path(i), nil)
			for j := 0; j+1 < len(header); j += 2 {
				req.Header.Set(header[j], header[j+1])
			}
			return req
		}
	}
	first, err := r.client.Do(anon(func(int) string { return one })(0))
	if err != nil {
		log.Fatal(err)
	}
	first.Body.Close()
	if first.StatusCode != http.StatusOK || !strings.HasPrefix(first.Header.Get("Content-Type"), "text/html") {
		log.Fatalf("reader: %s: %d", one, first.StatusCode)
	}
	etag := first.Header.Get("ETag")
	if insights {
		return nil, nil, r.insightsCost(ctx, one)
	}
	var out []measurement
	hit := r.measure(ctx, "page view, cached", r.cfg.clients, anon(func(int) string { return one }))
	out = append(out, hit)
	// The same bytes from a file.
	resp, err := r.client.Do(anon(func(int) string { return one })(0))
	if err != nil {
		log.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	static, notes := r.againstStatic(ctx, anon(func(int) string { return one }), hit, body, resp.Header)
	out = append(out, static...)
	revalidate := r.measure(ctx, "page view, If-None-Match (304)", r.cfg.clients, anon(func(int) string { return one }, "If-None-Match", etag))
	out = append(out, revalidate)
	// Statements of a rendering view: a page not viewed yet.
	_, missStatements := r.fetch(anon(func(int) string { return paths[0] }))
	every := r.measure(ctx, fmt.Sprintf("page view, %d pages in turn (rendered)", len(paths)), r.cfg.clients,
		anon(func(i int) string { return paths[i%len(paths)] }))
	if len(paths) > 2048 {
		every.statements = missStatements
	} else {
		every.target = fmt.Sprintf("page view, %d pages in turn (fewer than the cache holds: mostly cached)", len(paths))
	}
	out = append(out, every)
	out = append(out, r.bigSpacePages(ctx, anon))
	return out, notes, ""
}

// bigSpacePages measures pages of the big space published on its own
// (/s/{spaceId}), every page in turn: more than the reader's cache holds,
// so each view renders the page with the space's whole page tree.
func (r *run) bigSpacePages(ctx context.Context, anon func(path func(i int) string, header ...string) loadgen.Request) measurement {
	s, d := r.store, r.data
	public, private := store.VisibilityPublic, store.VisibilityPrivate
	if _, err := s.UpdateSpace(ctx, d.bigSpace, store.SpacePatch{Visibility: &public}); err != nil {
		log.Fatal(err)
	}
	defer func() {
		if _, err := s.UpdateSpace(ctx, d.bigSpace, store.SpacePatch{Visibility: &private}); err != nil {
			log.Fatal(err)
		}
	}()
	top := min(100, max(1, r.cfg.pages/10))
	path := func(i int) string {
		i %= r.cfg.pages
		if i < top {
			return fmt.Sprintf("/s/%s/topic-%d", d.bigSpace, i)
		}
		return fmt.Sprintf("/s/%s/topic-%d/topic-%d", d.bigSpace, i%top, i)
	}
	// Not the pages the first requests render: the statements of a miss.
	_, miss := r.fetch(anon(func(int) string { return path(r.cfg.pages - 1) }))
	m := r.measure(ctx, fmt.Sprintf("page view of a %d-page space, every page in turn (rendered)", r.cfg.pages), r.cfg.clients,
		anon(func(i int) string { return path(i * 7919) }))
	m.statements = miss
	return m
}
