package reader

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"html/template"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"folio/internal/blob"
	"folio/rest/signin"
	"folio/store"
)

// Page types, as the API names them (RevisionPage.type).
const (
	pageDocument = "document"
	pageGroup    = "group"
	pageLink     = "link"
)

// Site and space visibilities, as the API names them.
const (
	visibilityPublic      = "public"
	visibilityUnlisted    = "unlisted"
	visibilityShareLink   = "share-link"
	visibilityVisitorAuth = "visitor-auth"
)

// pageNode is a page of a space's tree as the sidebar shows it.
type pageNode struct {
	ID, Title, Emoji, Path, Type string
	Href                         string // link pages
	Hidden, NoIndex              bool
	Description                  string
	Children                     []*pageNode
	Parent                       *pageNode
}

// spaceTree is a revision's page tree: top-level pages in order, every page
// by path and by id, the readable pages in reading order, and the ids of
// the revision's files.
type spaceTree struct {
	// revision is the revision the tree is of when the reader keeps it
	// (parts.go); "" for a tree built for one request.
	revision     string
	Top          []*pageNode
	byPath, byID map[string]*pageNode
	Order        []*pageNode // documents, not hidden, in reading order
	files        map[string]bool
}

// buildTree indexes a page tree as the API answers it (pages in order,
// each with its subpages, as deep as pages nest), with the ids of files.
func buildTree(pages []pageData, fileIDs []string) *spaceTree {
	st := &spaceTree{byPath: map[string]*pageNode{}, byID: map[string]*pageNode{}, files: map[string]bool{}}
	for _, id := range fileIDs {
		st.files[id] = true
	}
	str := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	flag := func(b *bool) bool { return b != nil && *b }
	var build func(ps []pageData, up *pageNode) []*pageNode
	build = func(ps []pageData, up *pageNode) []*pageNode {
		var out []*pageNode
		for _, p := range ps {
			n := &pageNode{ID: p.ID, Title: p.Title, Emoji: str(p.Emoji), Path: str(p.Path), Type: p.Type, Href: str(p.Href),
				Hidden: flag(p.Hidden), NoIndex: flag(p.NoIndex) || flag(p.NoRobotsIndex), Description: str(p.Description), Parent: up}
			if n.Title == "" {
				n.Title = "Untitled"
			}
			st.byID[n.ID] = n
			if n.Type != pageLink {
				if _, taken := st.byPath[n.Path]; !taken {
					st.byPath[n.Path] = n
				}
				n.Children = build(p.Pages, n)
			}
			out = append(out, n)
		}
		return out
	}
	st.Top = build(pages, nil)
	var walk func([]*pageNode, bool)
	walk = func(ns []*pageNode, hidden bool) {
		for _, n := range ns {
			h := hidden || n.Hidden
			if n.Type == pageDocument && !h {
				st.Order = append(st.Order, n)
			}
			walk(n.Children, h)
		}
	}
	walk(st.Top, false)
	return st
}

// first is the first readable page under n (n itself when it is a document).
func first(ns []*pageNode) *pageNode {
	for _, n := range ns {
		if n.Hidden {
			continue
		}
		if n.Type == pageDocument {
			return n
		}
		if f := first(n.Children); f != nil {
			return f
		}
	}
	return nil
}

// navItem is a link of the top navigation, the variant switcher or the
// sidebar.
type navItem struct {
	Title, URL, Emoji string
	Current           bool
	External, Group   bool
	Items             []*navItem
}

// pageView is what the page template shows.
type pageView struct {
	Site     *siteView
	Home     string
	Nav      []*navItem // sections, groups as menus
	Variants []*navItem // the site spaces of the current section
	Variant  *navItem
	// The sidebar's HTML: SidebarAfter, when not empty, follows the mark
	// of the current page's link (the sidebar kept for a revision, cut
	// where the mark goes: parts.go); else SidebarBefore is all of it.
	SidebarBefore, SidebarAfter template.HTML
	Title, Emoji, Summary       string
	Body                        template.HTML
	TOC                         []TOCEntry
	Prev, Next                  *navItem
	SearchAction, Query         string
	Searched                    bool
	Results                     []searchResult
	NoIndex                     bool
	// Description is the page's meta description (search engines show
	// it): the page's own, else the site's title.
	Description         string
	CSS, ThemeCSS, Icon string
	IconSVG             bool
	SearchPage          bool
	Look                *look // the site's (or its site space's) customization
	// Feedback is where the page's feedback form posts (its own address);
	// empty: no form.
	Feedback string
}

type searchResult struct {
	Title, URL, Path string
	Sections         []searchSection
}

type searchSection struct{ Title, URL, Body string }

// servePage serves a page, the search page, or a redirect to a variant's
// first page.
func (rd *Reader) servePage(w http.ResponseWriter, r *http.Request, s *siteView, rest string) {
	sec, v, pagePath := s.resolve(rest)
	if v == nil {
		rd.notFoundOrRedirect(w, r, s, v, rest, pagePath)
		return
	}
	noIndex := s.Visibility != visibilityPublic
	if pagePath == "~search" {
		rd.search(w, r, s, sec, v, noIndex)
		return
	}
	if id, ok := strings.CutPrefix(pagePath, "~files/"); ok {
		rd.serveFile(w, r, s, v, id)
		return
	}
	key := pageKey(s, v, pagePath, rest)
	etag := `"` + key + `"`
	headers(w, s, s.looks.of(v.ID), noIndex, etag)
	if etagMatch(r, etag) {
		// Still a view of the page (its id known when still cached).
		c, _ := rd.cache.Get(key)
		rd.record(r, s, sec, v, "page_view", c.pageID, nil)
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if c, ok := rd.cache.Get(key); ok {
		rd.record(r, s, sec, v, "page_view", c.pageID, nil)
		if c.noIndex {
			w.Header().Set("X-Robots-Tag", "noindex")
		}
		w.Header().Set("X-Folio-Cache", "hit")
		writeHTML(w, http.StatusOK, c.body)
		return
	}
	c, tree, err := rd.pageContent(r.Context(), s, v, pagePath)
	if err != nil || c == nil {
		w.Header().Del("ETag")
		if err != nil && !refused(err) {
			rd.fail(w, r, err)
			return
		}
		rd.notFoundOrRedirect(w, r, s, v, rest, pagePath) // gone since the view was read, or a path no page can have
		return
	}
	// The API resolves the path (the empty one to the first readable page).
	var page *pageNode
	if c.Page != nil {
		page = tree.byID[c.Page.ID]
	}
	if page != nil && page.Type == pageGroup {
		if f := first(page.Children); f != nil {
			w.Header().Del("ETag")
			http.Redirect(w, r, v.URL(s)+"/"+f.Path, http.StatusFound)
			return
		}
	}
	if pagePath != "" && (page == nil || page.Type != pageDocument) {
		w.Header().Del("ETag")
		rd.notFoundOrRedirect(w, r, s, v, rest, pagePath)
		return
	}
	view := rd.frame(s, sec, v, tree, page)
	view.NoIndex = noIndex || (page != nil && page.NoIndex)
	if page != nil && rd.cfg.Insights != nil && s.OrgID != "" && view.Look.Feedback {
		view.Feedback = v.URL(s) + "/" + pagePath
	}
	if page == nil {
		view.Title = v.Title
		view.Body = template.HTML("<p>This space has no pages yet.</p>")
	} else {
		view.Title, view.Emoji, view.Summary = page.Title, page.Emoji, page.Description
		if page.Description != "" {
			view.Description = page.Description
		}
		md := ""
		if c.Page.Markdown != nil {
			md = *c.Page.Markdown
		}
		out := renderPage(md, s.renderOptions(tree.linker(v.URL(s), page), view.Look), c.OpenAPISpecs)
		view.Body, view.TOC = template.HTML(out.HTML), out.TOC //nolint:gosec // sanitized by bluemonday
		for i, n := range tree.Order {
			if n != page {
				continue
			}
			if !view.Look.Pagination {
				break
			}
			if i > 0 {
				view.Prev = &navItem{Title: tree.Order[i-1].Title, URL: v.URL(s) + "/" + tree.Order[i-1].Path}
			}
			if i+1 < len(tree.Order) {
				view.Next = &navItem{Title: tree.Order[i+1].Title, URL: v.URL(s) + "/" + tree.Order[i+1].Path}
			}
		}
	}
	if view.NoIndex {
		w.Header().Set("X-Robots-Tag", "noindex")
	}
	var b bytes.Buffer
	// The page is its sidebar and body and a few KB around them: one
	// buffer of that size, not doublings up to it (the sidebar of a big
	// space is most of the page).
	b.Grow(len(view.SidebarBefore) + len(view.SidebarAfter) + len(view.Body) + 16<<10)
	if err := pageTemplate.ExecuteTemplate(&b, "page", view); err != nil {
		rd.fail(w, r, err)
		return
	}
	var pageID *string
	if page != nil {
		pageID = &page.ID
	}
	rd.record(r, s, sec, v, "page_view", pageID, nil)
	if c.RevisionID == v.RevisionID {
		rd.cache.Add(key, cachedPage{body: b.Bytes(), noIndex: view.NoIndex, pageID: pageID})
	} else {
		w.Header().Del("ETag") // a merge since the view was read: the page is newer than its key
	}
	w.Header().Set("X-Folio-Cache", "miss")
	writeHTML(w, http.StatusOK, b.Bytes())
}

// frame is the part of a page every page of a variant shares: navigation,
// variants, sidebar.
func (rd *Reader) frame(s *siteView, sec *sectionView, v *variantView, tree *spaceTree, page *pageNode) *pageView {
	view := &pageView{Site: s, Home: s.Base + "/", SearchAction: v.URL(s) + "/~search", Description: s.Title,
		CSS: cssURL, Icon: iconURL, Look: s.looks.of(v.ID)}
	view.ThemeCSS, view.IconSVG = view.Look.themeURL(), true
	if f := view.Look.Favicon; f != "" {
		view.Icon = f
		if !strings.HasPrefix(f, assetsPath+"emoji-") {
			view.IconSVG = false // an image of the site's: its own type
		}
	}
	if s.HasSections {
		groups := map[string]*navItem{}
		for _, x := range s.Sections {
			item := &navItem{Title: x.Title, URL: s.Base + "/" + x.Path, Current: x == sec}
			if x.GroupID == "" {
				view.Nav = append(view.Nav, item)
				continue
			}
			g := groups[x.GroupID]
			if g == nil {
				g = &navItem{Title: x.Group, Group: true}
				groups[x.GroupID] = g
				view.Nav = append(view.Nav, g)
			}
			g.Items = append(g.Items, item)
			g.Current = g.Current || item.Current
		}
	}
	for _, x := range sec.Spaces {
		item := &navItem{Title: x.Title, Emoji: x.Emoji, URL: x.URL(s), Current: x == v}
		view.Variants = append(view.Variants, item)
		if item.Current {
			view.Variant = item
		}
	}
	if len(view.Variants) < 2 {
		view.Variants = nil
	}
	if tree != nil {
		view.SidebarBefore, view.SidebarAfter = rd.sidebar(tree, v.URL(s), page)
	}
	return view
}

// sidebarItems are the sidebar's links: every page shown, as nested as
// the pages, current marked.
func sidebarItems(ns []*pageNode, base string, current *pageNode) []*navItem {
	var out []*navItem
	for _, n := range ns {
		if n.Hidden {
			continue
		}
		item := &navItem{Title: n.Title, Emoji: n.Emoji, URL: base + "/" + n.Path, Current: n == current}
		switch n.Type {
		case pageLink:
			item.URL, item.External = n.Href, true
			if !safeHref(n.Href) {
				item.URL = ""
			}
		case pageGroup:
			item.Group = true
		}
		item.Items = sidebarItems(n.Children, base, current)
		out = append(out, item)
	}
	return out
}

// safeHref allows http(s), mailto and relative links from link pages.
func safeHref(h string) bool {
	l := strings.ToLower(strings.TrimSpace(h))
	return strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "mailto:") ||
		(strings.HasPrefix(l, "/") && !strings.HasPrefix(l, "//"))
}

// search answers the search box: the variant's space searched with the
// space search (one statement), hits linked to their pages and headings.
func (rd *Reader) search(w http.ResponseWriter, r *http.Request, s *siteView, sec *sectionView, v *variantView, noIndex bool) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	view := rd.frame(s, sec, v, nil, nil)
	view.Title, view.Query, view.NoIndex, view.SearchPage = view.Look.Words.Search, q, true, true
	headers(w, s, nil, noIndex, "")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.Header().Set("Cache-Control", "no-store")
	if q != "" {
		view.Searched = true
		c, err := rd.content(r.Context(), s, v, s.content.search, map[string]any{"query": q})
		if err != nil && errCode(err) != codeInvalid {
			rd.fail(w, r, err)
			return
		}
		var hits []searchHit
		if c != nil && c.Search != nil {
			hits = c.Search.Items
		}
		for _, h := range hits {
			res := searchResult{Title: h.Title, Path: h.Path, URL: v.URL(s) + "/" + h.Path}
			for _, x := range h.Sections {
				body := x.Body
				if len(body) > 200 {
					body = body[:200] + "…"
				}
				u := res.URL
				_, anchor, _ := strings.Cut(x.ID, "#")
				if anchor != "" {
					u += "#" + anchor
				}
				// The text before a page's first heading has no anchor, and
				// the API titles it with the page's title: it shows as "…".
				title := x.Title
				if anchor == "" && title == h.Title {
					title = ""
				}
				res.Sections = append(res.Sections, searchSection{Title: title, URL: u, Body: strings.ToValidUTF8(body, "")})
			}
			view.Results = append(view.Results, res)
		}
		if err == nil {
			n := len(hits)
			rd.record(r, s, sec, v, "search_type_query", nil, func(e *store.InsightEvent) { e.SearchQuery, e.SearchHits = &q, &n })
		}
	}
	var b bytes.Buffer
	if err := pageTemplate.ExecuteTemplate(&b, "page", view); err != nil {
		rd.fail(w, r, err)
		return
	}
	writeHTML(w, http.StatusOK, b.Bytes())
}

// robots is the site's robots.txt: crawl a public site (and read its
// sitemap), nothing of any other.
func (rd *Reader) robots(w http.ResponseWriter, s *siteView) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if s.Visibility != visibilityPublic {
		w.Write([]byte("User-agent: *\nDisallow: /\n"))
		return
	}
	fmt.Fprintf(w, "User-agent: *\nAllow: /\n\nSitemap: %s%s/sitemap.xml\n", s.Origin, s.Base)
}

// originRobots is the server's own /robots.txt (a crawler reads robots.txt
// at the origin only, so the per-site one under /sites/{id} is not enough):
// published sites and spaces may be crawled, the API, the app's addresses
// and the sign-in pages may not. A site that is not public says noindex
// on every page and disallows everything in its own robots.txt. At a
// site's custom hostname the site's robots.txt is served instead.
func (rd *Reader) originRobots(w http.ResponseWriter, r *http.Request) {
	if rd.ServeHost(w, r) {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /sites/\nAllow: /s/\n")
	for _, p := range []string{"/v1/", "/graphql", "/app/", "/o/", signin.SignInPath, signin.SignOutPath, signin.SignUpPath, signin.InvitationPath,
		signin.ForgotPasswordPath, signin.ResetPasswordPath, signin.AccountPath, signin.SSOPath} {
		b.WriteString("Disallow: " + p + "\n")
	}
	w.Write([]byte(b.String()))
}

// sitemap lists every readable page of a public site's visible variants
// (their page trees came with the view). Other sites list nothing.
func (rd *Reader) sitemap(w http.ResponseWriter, s *siteView) {
	type loc struct {
		Loc string `xml:"loc"`
	}
	out := struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		URLs    []loc    `xml:"url"`
	}{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	if s.Visibility == visibilityPublic {
		for _, sec := range s.Sections {
			for _, v := range sec.Spaces {
				pages, ok := s.sitemap[v.ID]
				if !ok {
					continue
				}
				for _, p := range buildTree(pages, nil).Order {
					if !p.NoIndex {
						out.URLs = append(out.URLs, loc{s.Origin + v.URL(s) + "/" + p.Path})
					}
				}
			}
		}
	}
	b, _ := xml.MarshalIndent(out, "", "  ")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write([]byte(xml.Header))
	w.Write(b)
	w.Write([]byte("\n"))
}

// linker rewrites the links of a page as Folio's content writes them (see
// store/links.go): /pages/<id> and paths relative to the page's parent
// (with or without .md, README.md for its folder) become the pages'
// addresses in the variant; /files/<id> images and links become the
// variant's file address.
func (t *spaceTree) linker(base string, from *pageNode) LinkFunc {
	return func(dest string, image bool) string {
		dest = strings.TrimSpace(dest)
		u, err := url.Parse(dest)
		if err != nil || dest == "" || strings.HasPrefix(dest, "#") || u.Scheme != "" || u.Host != "" {
			return ""
		}
		frag := ""
		if u.Fragment != "" {
			frag = "#" + url.PathEscape(u.Fragment)
		}
		if id, ok := cutID(u.Path, "/files/", "files/"); ok {
			if t.files[id] {
				return base + "/~files/" + url.PathEscape(id)
			}
			return ""
		}
		if id, ok := cutID(u.Path, "/pages/", "pages/"); ok {
			if n := t.byID[id]; n != nil && n.Type != pageLink {
				return base + "/" + n.Path + frag
			}
			return ""
		}
		if image || from == nil {
			return ""
		}
		target := u.Path
		if !strings.HasPrefix(target, "/") {
			target = path.Join(path.Dir(from.Path), target)
		}
		target = strings.TrimSuffix(strings.TrimSuffix(strings.Trim(path.Clean(target), "/"), ".md"), "/README")
		if n := t.byPath[target]; n != nil {
			return base + "/" + n.Path + frag
		}
		return ""
	}
}

// cutID returns the rest of s after the first prefix it has, when that
// rest is one path segment.
func cutID(s string, prefixes ...string) (string, bool) {
	for _, p := range prefixes {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && !strings.Contains(rest, "/") {
			return rest, true
		}
	}
	return "", false
}

// serveFile serves a file of the variant's current revision (an image of
// a page), after the same access check as its pages. Only images are shown
// inline (SVG in a sandbox that runs nothing); anything else downloads.
func (rd *Reader) serveFile(w http.ResponseWriter, r *http.Request, s *siteView, v *variantView, id string) {
	if rd.cfg.Blobs == nil {
		notFound(w)
		return
	}
	c, err := rd.content(r.Context(), s, v, s.content.file, map[string]any{"fileId": id})
	if err != nil && !refused(err) {
		rd.fail(w, r, err)
		return
	}
	if c == nil || c.File == nil {
		notFound(w)
		return
	}
	f := c.File
	rc, err := rd.cfg.Blobs.Open(r.Context(), f.Sha256)
	if errors.Is(err, blob.ErrNotFound) {
		notFound(w)
		return
	}
	if err != nil {
		rd.fail(w, r, err)
		return
	}
	defer rc.Close()
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	if !strings.HasPrefix(f.ContentType, "image/") {
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": f.Name}))
	}
	if !s.Personal && (s.Visibility == visibilityPublic || s.Visibility == visibilityUnlisted) {
		h.Set("Cache-Control", "public, no-cache")
	} else {
		h.Set("Cache-Control", "private, no-cache")
	}
	h.Set("ETag", `"`+f.Sha256+`"`)
	http.ServeContent(w, r, "", f.UpdatedAt, rc)
}
