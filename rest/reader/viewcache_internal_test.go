package reader

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"

	"folio/store"
)

// siteAnswer is a ReaderSite answer of sections x siteSpaces site spaces,
// as the view cache keeps it, with a customization.
func siteAnswer(t *testing.T, n, sections, siteSpaces int) []byte {
	t.Helper()
	var items []map[string]any
	for s := range sections {
		var ss []map[string]any
		for v := range siteSpaces {
			ss = append(ss, map[string]any{"id": fmt.Sprintf("ss%d-%d-%d", n, s, v), "path": fmt.Sprintf("variant-%d", v), "title": fmt.Sprintf("Variant %d", v),
				"default": v == 0, "space": map[string]any{"id": fmt.Sprintf("sp%d-%d-%d", n, s, v), "emoji": "", "revisionId": fmt.Sprintf("rev%d-%d-%d-xxxxxxxx", n, s, v)}})
		}
		items = append(items, map[string]any{"__typename": "SiteSection", "id": fmt.Sprintf("sec%d-%d", n, s), "title": fmt.Sprintf("Section %d", s),
			"path": fmt.Sprintf("section-%d", s), "default": s == 0, "siteSpaces": ss})
	}
	b, err := json.Marshal(map[string]any{"id": fmt.Sprint("site", n), "visibility": "public", "basename": nil, "view": map[string]any{
		"site":                   map[string]any{"title": "Docs", "visibility": "public", "organization": "org"},
		"customizations":         map[string]any{"site": map[string]any{"styling": map[string]any{"corners": "straight"}}, "siteSpaces": map[string]any{}},
		"unsignedClaimsAccepted": false,
		"structure":              map[string]any{"type": "sections", "structure": items},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestViewCacheMemory measures what a cached view holds in memory (the
// decoded answer and the site built from it, with its digest) against
// what the cache counts it as (viewMemory of its answer's bytes):
// the cache's byte bound is a bound of its memory only while the count is
// not less than the memory.
func TestViewCacheMemory(t *testing.T) {
	const n = 200
	for _, size := range [][2]int{{1, 1}, {10, 10}} {
		answers := make([][]byte, n)
		counted := 0
		for i := range answers {
			answers[i] = siteAnswer(t, i, size[0], size[1])
			counted += viewMemory(len(answers[i]))
		}
		keep := make([]*siteEntry, n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i, a := range answers {
			var e siteEntry
			if err := json.Unmarshal(a, &e); err != nil {
				t.Fatal(err)
			}
			e.built("/sites/"+e.ID, "http://folio.test", func() *siteView { return buildSite(&e, "/sites/"+e.ID, "http://folio.test") })
			keep[i] = &e
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		held := int(after.HeapAlloc) - int(before.HeapAlloc)
		t.Logf("%dx%d site: %d B of answer, %d B held per cached view, %d B counted", size[0], size[1], len(answers[0]), held/n, counted/n)
		if held > counted {
			t.Errorf("%dx%d site: a cached view holds %d B, the cache counts %d B", size[0], size[1], held/n, counted/n)
		}
		runtime.KeepAlive(keep)
	}
}

// TestViewCacheKeepsNoClaims: a view read with claims (its pages show
// {% if %} blocks for them) is never kept for the next reader, even if a
// request without credentials were to read one; a view without claims is.
func TestViewCacheKeepsNoClaims(t *testing.T) {
	c := newViewCache(func(context.Context, string, func([]store.Event)) (func(), error) { return func() {}, nil })
	defer c.close()
	read := func(claims map[string]any) func() (*siteEntry, int, error) {
		return func() (*siteEntry, int, error) {
			var e siteEntry
			if err := json.Unmarshal(siteAnswer(t, 1, 1, 1), &e); err != nil {
				t.Fatal(err)
			}
			e.View.VisitorClaims = claims
			return &e, 100, nil
		}
	}
	for _, id := range []string{"with-claims", "without"} {
		var claims map[string]any
		if id == "with-claims" {
			claims = map[string]any{"unsigned": map[string]any{"beta": true}}
		}
		// The first read learns the organization, the second is watched.
		for range 2 {
			if _, err := c.load(t.Context(), id, read(claims)); err != nil {
				t.Fatal(err)
			}
		}
		_, kept := c.get(id)
		if kept != (claims == nil) {
			t.Errorf("%s: kept %v", id, kept)
		}
	}
}
