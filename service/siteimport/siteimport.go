// Package siteimport turns a website into pages and files of a space: it
// crawls the site breadth first from a URL (same host, below the same
// path), keeps each page's main content as markdown, downloads the images
// it shows into the blob store, rewrites links between imported pages into
// page links, and arranges the pages as the site's paths nest. Every
// request goes through internal/fetch, so the address checks, the timeout and
// the size cap of user-supplied URLs apply to each page and image.
package siteimport

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // image.DecodeConfig reads the dimensions of imported images
	_ "image/jpeg"
	_ "image/png"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"

	"folio/domain"
	"folio/internal/blob"
	"folio/internal/fetch"
	"folio/store"
)

// Defaults for a zero Config field.
const (
	DefaultMaxPages = 50
	DefaultTimeout  = 2 * time.Minute
)

// Config bounds an import.
type Config struct {
	Fetch    fetch.Config  // each request: address checks, timeout, size cap
	MaxPages int           // pages imported at most
	Timeout  time.Duration // the whole import
}

// Importer crawls websites; it is safe for concurrent use.
type Importer struct {
	cfg     Config
	fetcher *fetch.Fetcher
	blobs   blob.Store
}

// New builds an Importer storing images in blobs.
func New(cfg Config, blobs blob.Store) *Importer {
	if cfg.MaxPages <= 0 {
		cfg.MaxPages = DefaultMaxPages
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	return &Importer{cfg: cfg, fetcher: fetch.New(cfg.Fetch), blobs: blobs}
}

// Site is a crawled website ready to store: pages in order (a page's
// parent is another of them or ""), files, and the resource counts the API
// reports. Total counts every page, other resource and image the crawl
// found in scope (also those past the page limit); Imported the pages and
// images it kept.
type Site struct {
	Pages           []store.ImportedPage
	Files           []store.ImportedFile
	Imported, Total int
}

// page is one fetched HTML page of the site.
type page struct {
	url   *url.URL // canonical
	key   string   // its path without a trailing "/", ".html" or "index.html"
	title string
	main  *html.Node
	id    string
}

// Import crawls the site at rawURL. A URL that is not http(s), cannot be
// fetched (a refused address included), is not an HTML page, or an import
// that does not finish within the timeout is INVALID naming url; pages and
// images after the first that fail are skipped and counted.
func (im *Importer) Import(ctx context.Context, rawURL string) (*Site, error) {
	ctx, cancel := context.WithTimeout(ctx, im.cfg.Timeout)
	defer cancel()
	site, err := im.crawl(ctx, rawURL)
	if err != nil && ctx.Err() != nil {
		return nil, domain.Invalid("url", "the import did not finish within %s", im.cfg.Timeout)
	}
	return site, err
}

func (im *Importer) crawl(ctx context.Context, rawURL string) (*Site, error) {
	start, err := url.Parse(rawURL)
	if err != nil || (start.Scheme != "http" && start.Scheme != "https") || start.Host == "" {
		return nil, domain.Invalid("url", "must be an http or https URL")
	}
	first, err := im.fetchPage(ctx, start.String())
	if err != nil {
		var fe *fetch.Error
		if errors.As(err, &fe) && errors.Is(fe, fetch.ErrRefused) {
			return nil, domain.Invalid("url", "%s is not an address Folio may fetch (private, loopback or link-local)", start.Host)
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, domain.Invalid("url", "could not be imported: %s", fetchReason(err))
	}
	// The scope is the first page's directory, after redirects.
	scope := canonical(first.url)
	scope.Path = scope.Path[:strings.LastIndex(scope.Path, "/")+1]
	inScope := func(u *url.URL) bool {
		return u.Scheme == scope.Scheme && u.Host == scope.Host && strings.HasPrefix(u.Path, scope.Path)
	}

	site := &Site{}
	seen := map[string]bool{canonical(start).String(): true, first.url.String(): true}
	pages := []*page{first}
	var queue []*url.URL
	enqueue := func(p *page) {
		for _, u := range links(p) {
			if c := canonical(u); inScope(c) && !seen[c.String()] {
				seen[c.String()] = true
				queue = append(queue, c)
			}
		}
	}
	enqueue(first)
	for len(queue) > 0 && len(pages) < im.cfg.MaxPages {
		u := queue[0]
		queue = queue[1:]
		site.Total++
		p, err := im.fetchPage(ctx, u.String())
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil || !inScope(p.url) || (p.url.String() != u.String() && seen[p.url.String()]) {
			continue // not found, not HTML, refused, or a redirect out of scope or to a page already seen
		}
		seen[p.url.String()] = true
		pages = append(pages, p)
		enqueue(p)
	}
	site.Total += 1 + len(queue) // the first page, and pages past the limit
	site.Imported = len(pages)

	im.arrange(pages, scope, site)
	byURL := map[string]*page{}
	for _, p := range pages {
		byURL[p.url.String()] = p
	}
	images := map[string]string{} // image URL -> file id ("" when it failed)
	for i, p := range pages {
		if err := im.rewrite(ctx, p, byURL, images, site); err != nil {
			return nil, err
		}
		md, err := pageMarkdown(p)
		if err != nil {
			return nil, err
		}
		site.Pages[i].Markdown = md
	}
	return site, nil
}

// fetchPage fetches and parses one HTML page; anything else is an error.
func (im *Importer) fetchPage(ctx context.Context, u string) (*page, error) {
	resp, err := im.fetcher.Get(ctx, u)
	if err != nil {
		return nil, err
	}
	if !isHTML(resp) {
		return nil, fmt.Errorf("%s is not an HTML page (%s)", u, resp.ContentType)
	}
	return parsePage(resp.Body, resp.ContentType, resp.URL)
}

// parsePage reads a fetched page: its main content, its key and its title.
// The body is decoded from the charset the page declares (its Content-Type,
// else its meta tag, else a guess), so what is stored is always UTF-8; bytes
// that are not text in it become U+FFFD. The body is untrusted:
// FuzzParsePage holds it to that.
func parsePage(body []byte, contentType string, u *url.URL) (*page, error) {
	enc, _, _ := charset.DetermineEncoding(body, contentType)
	decoded, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		decoded = body
	}
	doc, err := html.Parse(bytes.NewReader(bytes.ToValidUTF8(decoded, []byte("\uFFFD"))))
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", u, err)
	}
	p := &page{url: canonical(u), main: mainContent(doc)}
	p.key = pageKey(p.url.Path)
	if h1 := find(p.main, func(n *html.Node) bool { return n.DataAtom == atom.H1 }); h1 != nil {
		p.title = text(h1)
	}
	if t := find(doc, func(n *html.Node) bool { return n.DataAtom == atom.Title }); p.title == "" && t != nil {
		p.title = text(t)
	}
	if p.title == "" {
		p.title = "Untitled"
	}
	return p, nil
}

// pageMarkdown converts a page's main content to the markdown it is stored as.
func pageMarkdown(p *page) (string, error) {
	md, err := htmltomarkdown.ConvertNode(p.main)
	if err != nil {
		return "", fmt.Errorf("convert %s to markdown: %w", p.url, err)
	}
	return strings.TrimSpace(string(md)) + "\n", nil
}

// arrange gives the pages ids, parents and slugs: the first page and the
// pages right below the site's directory are top-level, every other page
// goes under the nearest page whose path is an ancestor of its own.
func (im *Importer) arrange(pages []*page, scope *url.URL, site *Site) {
	byKey := map[string]*page{}
	for _, p := range pages {
		p.id = domain.NewID()
		if _, taken := byKey[p.key]; !taken {
			byKey[p.key] = p
		}
	}
	root := pageKey(scope.Path)
	parentOf := func(p *page) string {
		for k := path.Dir(p.key); len(k) > len(root) && k != "/"; k = path.Dir(k) {
			if q := byKey[k]; q != nil && q != p && q != pages[0] {
				return q.id
			}
		}
		return ""
	}
	used := map[string]bool{} // parent + "/" + slug
	for i, p := range pages {
		parent := ""
		slug := domain.Slugify(p.title)
		if i > 0 {
			parent = parentOf(p)
			slug = domain.Slugify(strings.TrimSuffix(path.Base(p.key), path.Ext(p.key)))
		}
		for n, s := 2, slug; ; n++ {
			if !used[parent+"/"+s] {
				slug = s
				break
			}
			s = fmt.Sprintf("%s-%d", slug, n)
		}
		used[parent+"/"+slug] = true
		site.Pages = append(site.Pages, store.ImportedPage{ID: p.id, Parent: parent, Slug: slug, Title: p.title})
	}
}

// rewrite points a page's links at imported pages (page links) or at
// absolute URLs, and its images at files it downloads.
func (im *Importer) rewrite(ctx context.Context, p *page, byURL map[string]*page, images map[string]string, site *Site) error {
	var err error
	walk(p.main, func(n *html.Node) {
		if err != nil || n.Type != html.ElementNode {
			return
		}
		switch n.DataAtom {
		case atom.A:
			href, ok := attr(n, "href")
			if !ok {
				return
			}
			u, perr := p.url.Parse(strings.TrimSpace(href))
			if perr != nil {
				return
			}
			if q := byURL[canonical(u).String()]; q != nil {
				target := "/pages/" + q.id
				if u.Fragment != "" {
					target += "#" + u.Fragment
				}
				setAttr(n, "href", target)
				return
			}
			setAttr(n, "href", u.String())
		case atom.Img:
			src, ok := attr(n, "src")
			if !ok {
				return
			}
			u, perr := p.url.Parse(strings.TrimSpace(src))
			if perr != nil {
				return
			}
			id, done := images[u.String()]
			if !done {
				site.Total++
				if id, err = im.image(ctx, u, site); err != nil {
					return
				}
				images[u.String()] = id
			}
			if id != "" {
				setAttr(n, "src", "/files/"+id)
			} else {
				setAttr(n, "src", u.String())
			}
		}
	})
	return err
}

// image downloads one image into the blob store; "" when it cannot be
// fetched or is not an image (the page keeps its URL). Only a failure of
// the blob store itself, or the import's deadline, is an error.
func (im *Importer) image(ctx context.Context, u *url.URL, site *Site) (string, error) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", nil
	}
	resp, err := im.fetcher.Get(ctx, u.String())
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err != nil {
		return "", nil
	}
	ct := mediaType(resp.ContentType)
	if ct == "" || ct == "application/octet-stream" {
		ct = mediaType(http.DetectContentType(resp.Body))
	}
	if !strings.HasPrefix(ct, "image/") {
		return "", nil
	}
	hash, err := im.blobs.Put(ctx, resp.Body)
	if err != nil {
		return "", fmt.Errorf("store image %s: %w", u, err)
	}
	name := path.Base(u.Path)
	if name == "/" || name == "." {
		name = "image"
	}
	f := store.ImportedFile{ID: domain.NewID(), NewFile: store.NewFile{Name: name, ContentType: ct, Blob: hash, Size: int64(len(resp.Body))}}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(resp.Body)); err == nil {
		f.Width, f.Height = cfg.Width, cfg.Height
	}
	site.Files = append(site.Files, f)
	site.Imported++
	return f.ID, nil
}

// canonical is the URL a page is known by: no fragment, no query, and a
// directory's index file as the directory.
func canonical(u *url.URL) *url.URL {
	c := *u
	c.Fragment, c.RawFragment, c.RawQuery, c.ForceQuery = "", "", "", false
	if c.Path == "" {
		c.Path = "/"
	}
	for _, index := range []string{"index.html", "index.htm"} {
		if strings.HasSuffix(c.Path, "/"+index) {
			c.Path = strings.TrimSuffix(c.Path, index)
		}
	}
	c.RawPath = ""
	return &c
}

// pageKey is a path without what makes "/a/", "/a" and "/a.html" differ.
func pageKey(p string) string {
	p = strings.TrimSuffix(p, "/")
	for _, ext := range []string{".html", ".htm"} {
		p = strings.TrimSuffix(p, ext)
	}
	return p
}

// links lists the absolute URLs of a page's links.
func links(p *page) []*url.URL {
	var out []*url.URL
	walk(p.main, func(n *html.Node) {
		if n.Type != html.ElementNode || n.DataAtom != atom.A {
			return
		}
		if href, ok := attr(n, "href"); ok {
			if u, err := p.url.Parse(strings.TrimSpace(href)); err == nil {
				out = append(out, u)
			}
		}
	})
	return out
}

// mainContent finds a page's main content (main, article, role=main, else
// body) and drops what is not content: scripts, styles, navigation,
// headers, footers and sidebars.
func mainContent(doc *html.Node) *html.Node {
	var main *html.Node
	for _, match := range []func(*html.Node) bool{
		func(n *html.Node) bool { return n.DataAtom == atom.Main },
		func(n *html.Node) bool { return n.DataAtom == atom.Article },
		func(n *html.Node) bool { v, _ := attr(n, "role"); return v == "main" },
		func(n *html.Node) bool { return n.DataAtom == atom.Body },
	} {
		if main = find(doc, match); main != nil {
			break
		}
	}
	if main == nil {
		main = doc
	}
	var drop []*html.Node
	walk(main, func(n *html.Node) {
		switch n.DataAtom {
		case atom.Script, atom.Style, atom.Noscript, atom.Nav, atom.Header, atom.Footer, atom.Aside, atom.Template:
			if n != main {
				drop = append(drop, n)
			}
		}
	})
	for _, n := range drop {
		if n.Parent != nil {
			n.Parent.RemoveChild(n)
		}
	}
	return main
}

func isHTML(r *fetch.Response) bool {
	ct := mediaType(r.ContentType)
	if ct == "" {
		ct = mediaType(http.DetectContentType(r.Body))
	}
	return ct == "text/html" || ct == "application/xhtml+xml"
}

func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

func fetchReason(err error) string {
	var fe *fetch.Error
	if errors.As(err, &fe) {
		if fe.Err != nil {
			return fmt.Sprintf("%v (%v)", fe.Kind, fe.Err)
		}
		return fe.Kind.Error()
	}
	return err.Error()
}

// walk visits n and its descendants, depth first; f may not remove nodes.
func walk(n *html.Node, f func(*html.Node)) {
	f(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, f)
	}
}

// find returns the first element under n (n included) that match accepts.
func find(n *html.Node, match func(*html.Node) bool) *html.Node {
	if n.Type == html.ElementNode && match(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if m := find(c, match); m != nil {
			return m
		}
	}
	return nil
}

func text(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func setAttr(n *html.Node, key, val string) {
	for i, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}
