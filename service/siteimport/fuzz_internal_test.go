package siteimport

import (
	"net/url"
	"testing"
	"unicode/utf8"

	"folio/internal/markdown"
)

// FuzzParsePage holds the import's reading of a fetched page to what the
// rest of the import relies on, for any bytes a website answers: no panic,
// a title, links that parsed, and markdown that is valid UTF-8, that the
// converter reads, and that stays within a bounded multiple of the page.
func FuzzParsePage(f *testing.F) {
	for _, seed := range []string{
		"",
		"<html><head><title>T</title></head><body><main><h1>Hello</h1><p>x <a href='/a'>a</a></p></main></body></html>",
		"<article><h2>Sub</h2><ul><li>one<li>two</ul><pre><code class=language-go>x := 1</code></pre></article>",
		"<table><tr><th>a<th>b<tr><td>1<td>2</table><img src=x.png alt=pic><details><summary>s</summary>d</details>",
		"<ol start=99999999999><li>a</ol><blockquote><blockquote>q</blockquote></blockquote>",
		"<a href='javascript:alert(1)'>x</a><script>alert(1)</script><style>p{}</style>\x00\xff",
	} {
		f.Add([]byte(seed))
	}
	f.Add([]byte("<meta charset=iso-8859-1><h1>Caf\xe9</h1>"))
	base, _ := url.Parse("https://docs.example.com/guide/index.html")
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := parsePage(body, "text/html", base)
		if err != nil {
			return // html.Parse refuses little; a refusal is a clean error
		}
		if p.title == "" {
			t.Fatal("a page without a title")
		}
		for _, u := range links(p) {
			if u == nil {
				t.Fatal("a nil link")
			}
		}
		md, err := pageMarkdown(p)
		if err != nil {
			return // the import reports it as that page's failure
		}
		if !utf8.ValidString(md) {
			t.Fatalf("markdown is not UTF-8: %q", md)
		}
		if limit := 16*len(body) + 64; len(md) > limit {
			t.Fatalf("markdown of %d bytes from a page of %d", len(md), len(body))
		}
		if doc := markdown.ToDocument(md); doc == nil {
			t.Fatal("the converter read nothing")
		}
	})
}

// A page in Latin-1 is stored as UTF-8, from its Content-Type or its meta tag.
func TestParsePageDecodesCharset(t *testing.T) {
	base, _ := url.Parse("https://docs.example.com/")
	for _, c := range []struct{ body, contentType string }{
		{"<h1>Caf\xe9</h1>", "text/html; charset=iso-8859-1"},
		{"<meta charset=iso-8859-1><h1>Caf\xe9</h1>", "text/html"},
	} {
		p, err := parsePage([]byte(c.body), c.contentType, base)
		if err != nil {
			t.Fatal(err)
		}
		if p.title != "Café" {
			t.Errorf("%q as %s: title %q, want Café", c.body, c.contentType, p.title)
		}
	}
}
