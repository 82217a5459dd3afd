// Package reader serves published docs sites to readers as web pages: each
// published site at its urls.published (/sites/{siteId} and below, or at
// its custom hostname), a public or unlisted space at /s/{spaceId}, and a
// small read-only page at every urls.app address (/o/...).
//
// The reader is a client of the GraphQL schema: everything it shows comes
// from the named operations in operations/*.graphql, validated once when
// the reader is made and run in-process (rest/inprocess), as a reader
// without an account (graph.AsPublicReader). A page view runs one
// operation (ReaderSite: the site as its reader may see it, with the same
// access rules, share keys, visitor tokens and conditions as the API),
// then, only when the rendered page is not in the cache, a second one for
// the current site space's page tree and the page's markdown. Rendered
// pages are cached under a content-addressed key (the navigation the
// reader sees, the revision of the site space, the path), which is also
// the page's ETag.
package reader

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/vektah/gqlparser/v2/ast"

	"folio/graph"
	"folio/internal/blob"
	"folio/internal/logs"
	"folio/internal/lrucache"
	"folio/service/insights"
	"folio/store"
)

// Config is what the reader needs.
type Config struct {
	// Exec runs GraphQL operations in-process (the REST layer's executor).
	Exec *executor.Executor
	// Schema is what the reader's operations are validated against, once,
	// by New.
	Schema *ast.Schema
	// Check, when set, checks the text of each operation (the REST layer's
	// input hygiene, which the executor leaves to whoever wrote them).
	Check func(query string) string
	// Base is the server's public URL, without a trailing slash.
	Base string
	// Blobs holds the bytes of files (images of pages).
	Blobs blob.Store
	// CacheEntries and CacheBytes bound the rendered-page cache (0: 2048
	// pages, 64 MiB).
	CacheEntries, CacheBytes int
	// Insights buffers the page views, searches and feedback of published
	// sites' readers (nil: none recorded, and pages have no feedback form).
	Insights *insights.Recorder
	// Watch follows an organization's change feed, for the view cache
	// (viewcache.go); nil: no view is cached, every page view reads its
	// site's view.
	Watch WatchFunc
	// ClientAddr is the request's client address as the rate limit sees
	// it (behind trusted proxies, the forwarded one); it only goes into
	// the visitor hash.
	ClientAddr func(*http.Request) string
}

// cachedPage is a rendered page.
type cachedPage struct {
	body    []byte
	noIndex bool
	pageID  *string // for insights, which a cache hit records too; nil: no page
}

// Reader serves published sites, published spaces and app pages.
type Reader struct {
	cfg      Config
	cache    *lrucache.Cache[string, cachedPage] // rendered pages, within entries and bytes
	baseHost string
	ops      operations
	views    *viewCache // nil: none
	routes   *lrucache.Cache[routeKey, *pageRoute]
	// trees and sidebars are the parts of pages kept by revision
	// (parts.go).
	trees    *lrucache.Cache[string, *spaceTree]
	sidebars *lrucache.Cache[sidebarKey, *keptSidebar]
}

// New makes a reader; it fails when an operation of operations/*.graphql
// does not validate, or one the reader runs is missing.
func New(cfg Config) (*Reader, error) {
	ops, err := loadOperations(cfg.Schema, cfg.Check)
	if err != nil {
		return nil, fmt.Errorf("reader operations: %w", err)
	}
	n := cfg.CacheEntries
	if n <= 0 {
		n = 2048
	}
	size := cfg.CacheBytes
	if size <= 0 {
		size = 64 << 20
	}
	c := lrucache.New[string](n, size, size, func(p cachedPage) int { return len(p.body) })
	host := ""
	if u, err := url.Parse(cfg.Base); err == nil {
		host = u.Hostname()
	}
	rd := &Reader{cfg: cfg, cache: c, baseHost: host, ops: *ops, routes: newRoutes()}
	rd.trees, rd.sidebars = newParts()
	if cfg.Watch != nil && store.EventsEmitted {
		rd.views = newViewCache(cfg.Watch)
	}
	return rd, nil
}

// Changed tells the reader that a write of this server is about to commit
// events of org of these types (store.Store.OnChange): the cached views of
// org's sites are dropped at once, without waiting for the change feed.
func (rd *Reader) Changed(org string, types []store.EventType) {
	if rd.views != nil {
		rd.views.changed(org, types)
	}
}

// Close stops following the change feed.
func (rd *Reader) Close() {
	if rd.views != nil {
		rd.views.close()
	}
}

// Register mounts the reader's routes.
func (rd *Reader) Register(mux *http.ServeMux) {
	mux.HandleFunc(sitePattern, rd.siteRoute)
	mux.HandleFunc(siteRestPattern, rd.siteRoute)
	if rd.cfg.Insights != nil {
		mux.HandleFunc("POST /sites/{siteId}/{rest...}", rd.siteRoute) // page feedback
	}
	mux.HandleFunc(spacePattern, rd.spaceRoute)
	mux.HandleFunc(spaceRestPattern, rd.spaceRoute)
	mux.HandleFunc("GET "+assetsPath+"{file}", serveAsset)
	mux.HandleFunc("GET /robots.txt", rd.originRobots)
	rd.registerApp(mux)
}

// ServeHost serves a request for a site's custom hostname; false when the
// request's host is this server's own (or no published site's).
func (rd *Reader) ServeHost(w http.ResponseWriter, r *http.Request) bool {
	host := r.Host
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	host = strings.ToLower(host)
	if host == "" || host == rd.baseHost || host == "localhost" || strings.Count(host, ".") < 2 ||
		(r.Method != http.MethodGet && r.Method != http.MethodHead && (r.Method != http.MethodPost || rd.cfg.Insights == nil)) {
		return false
	}
	var data struct {
		PublishedSiteByHostname *struct{ ID string }
	}
	err := rd.run(r.Context(), rd.ops.host, map[string]any{"hostname": host}, &data)
	if errCode(err) == codeUnavailable {
		// Whether the host is a site's cannot be known now: 503, not 404.
		rd.fail(w, r, err)
		return true
	}
	if err != nil || data.PublishedSiteByHostname == nil {
		return false
	}
	rd.serveSite(w, r, data.PublishedSiteByHostname.ID, "", strings.TrimPrefix(r.URL.Path, "/"), "https://"+host)
	return true
}

func (rd *Reader) siteRoute(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("siteId")
	rd.serveSite(w, r, id, "/sites/"+id, r.PathValue("rest"), rd.cfg.Base)
}

// Cookies carrying a reader's credentials for one site, so links need not.
const (
	shareCookie   = "folio_share_"
	visitorCookie = "folio_visitor_"
)

// serveSite serves one request for a site: base is the site's path prefix
// on this host ("" at a custom hostname), rest the path below it, origin
// the scheme and host of absolute URLs (sitemap, robots.txt).
func (rd *Reader) serveSite(w http.ResponseWriter, r *http.Request, siteID, base, rest, origin string) {
	ctx := r.Context()
	var q url.Values // most views have no query: no map to make
	if r.URL.RawQuery != "" {
		q = r.URL.Query()
	}
	shareKey := firstOf(q.Get("share"), q.Get("shareKey"))
	token := q.Get("jwt_token")
	unsigned := unsignedFromQuery(q)
	fromQuery := shareKey != "" || token != "" || unsigned != nil
	if unsigned == nil {
		unsigned = decodeClaims(cookieValue(r, claimsCookie, siteID))
	}
	if shareKey == "" {
		shareKey = cookieValue(r, shareCookie, siteID)
	}
	tokenFromCookie := false
	if token == "" {
		token = cookieValue(r, visitorCookie, siteID)
		tokenFromCookie = token != ""
	}
	// The view ignores a share key on a site of another visibility, and
	// the reader keeps none then. The variables are made only when
	// something is read: a view from the cache of a page from the cache
	// needs none.
	var vars map[string]any
	opVars := func() map[string]any {
		if vars == nil {
			vars = map[string]any{"siteId": siteID}
			if shareKey != "" {
				vars["shareKey"] = shareKey
			}
			if token != "" {
				vars["visitorToken"] = token
			}
			if unsigned != nil {
				vars["unsignedClaims"] = unsigned
			}
		}
		return vars
	}
	// The sitemap's page trees come with the view (rest is still below
	// the site's basename, when it has one).
	_, below, _ := strings.Cut(rest, "/")
	sitemap := rest == "sitemap.xml" || below == "sitemap.xml"
	var siteVars map[string]any
	readVars := func() map[string]any {
		if siteVars == nil {
			siteVars = maps.Clone(opVars())
			siteVars["sitemap"] = sitemap
		}
		return siteVars
	}
	var row *siteEntry
	var err error
	cached := shareKey == "" && token == "" && unsigned == nil && !sitemap && rd.views != nil
	if cached {
		// Without credentials: the view every such reader sees.
		var ok bool
		if row, ok = rd.views.get(siteID); !ok {
			readVars()
			row, err = rd.views.load(ctx, siteID, func() (*siteEntry, int, error) {
				var fresh struct{ PublishedSiteByID *siteEntry }
				// A view kept until its organization's next change is read
				// as the primary is now: from a read replica only once it
				// has replayed that far (a view read again because a
				// change dropped it must show the change).
				current := store.ReadCurrent(ctx)
				n, err := rd.runSized(current, rd.ops.site, siteVars, &fresh)
				if fresh.PublishedSiteByID != nil {
					fresh.PublishedSiteByID.position = store.ReadPosition(current)
				}
				return fresh.PublishedSiteByID, n, err
			})
		}
	} else {
		var data struct{ PublishedSiteByID *siteEntry }
		err = rd.run(ctx, rd.ops.site, readVars(), &data)
		row = data.PublishedSiteByID
	}
	if row == nil {
		if err != nil && !refused(err) {
			rd.fail(w, r, err)
			return
		}
		notFound(w) // no published site has this id
		return
	}
	if row.Basename != nil {
		base += "/" + *row.Basename
		seg, after, _ := strings.Cut(rest, "/")
		if base == "/"+*row.Basename && rest == "robots.txt" {
			// At a hostname, crawlers read robots.txt at the root only:
			// it is the site's, which names the sitemap under the basename.
			seg, after = *row.Basename, rest
		}
		if seg != *row.Basename {
			notFound(w)
			return
		}
		rest = after
	}
	cookiePath := base
	if cookiePath == "" {
		cookiePath = "/"
	}
	if err != nil && token != "" && row.Visibility != visibilityVisitorAuth && errCode(err) == codeForbidden {
		// A token that does not verify only matters on visitor-auth
		// sites: elsewhere the reader sees what anyone sees.
		delete(opVars(), "visitorToken")
		delete(readVars(), "visitorToken")
		var data struct{ PublishedSiteByID *siteEntry }
		token, err = "", rd.run(ctx, rd.ops.site, siteVars, &data)
		if row = data.PublishedSiteByID; row == nil && err == nil {
			notFound(w)
			return
		}
	}
	if err != nil {
		switch {
		case refused(err):
			if row != nil && row.Visibility == visibilityVisitorAuth {
				if tokenFromCookie {
					clearCookie(w, visitorCookie+siteID, cookiePath)
				}
				rd.visitorRequired(w, token != "")
				return
			}
			notFound(w)
		default:
			rd.fail(w, r, err)
		}
		return
	}
	view := row.View
	if view == nil {
		notFound(w) // a view is null only with an error; never without one
		return
	}
	shared := shareKey != "" && row.Visibility == visibilityShareLink
	// (vars is nil only for a reader without credentials: nothing to drop.)
	if !shared {
		delete(vars, "shareKey")
	}
	accepted := unsigned != nil && view.UnsignedClaimsAccepted
	if !accepted {
		delete(vars, "unsignedClaims")
	}
	if fromQuery {
		// The credentials move into cookies and out of the address bar
		// (and so out of the history, and of Referer headers).
		secure := r.TLS != nil || strings.HasPrefix(origin, "https:")
		if shared {
			setCookie(w, shareCookie+siteID, shareKey, cookiePath, secure)
		}
		if token != "" {
			setCookie(w, visitorCookie+siteID, token, cookiePath, secure)
		}
		if accepted {
			setCookie(w, claimsCookie+siteID, encodeClaims(unsigned), cookiePath, secure)
		}
		clean := *r.URL
		cq := clean.Query()
		cq.Del("share")
		cq.Del("shareKey")
		cq.Del("jwt_token")
		for k := range cq {
			if strings.HasPrefix(k, "visitor.") {
				cq.Del(k)
			}
		}
		clean.RawQuery = cq.Encode()
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		// Only ever a path on this host ("//host" would leave it).
		http.Redirect(w, r, "/"+strings.TrimLeft(clean.RequestURI(), "/"), http.StatusSeeOther)
		return
	}
	build := func() *siteView {
		site := buildSite(row, base, origin)
		site.OrgID = row.View.Site.Organization
		site.apiDigest = row.View.OpenAPIDigest
		site.claims = row.View.VisitorClaims
		site.claimsDigest = claimsDigest(site.claims)
		site.content = contentSource{page: rd.ops.sitePage, search: rd.ops.siteSearch, file: rd.ops.siteFile, redirect: rd.ops.siteRedirect, vars: opVars(), bySiteSpace: true}
		return site
	}
	var site *siteView
	if cached {
		// Every reader without credentials shares the site as built from
		// the cached view (read only from here on).
		site = row.built(base, origin, build)
	} else {
		site = build()
	}
	if !cached {
		site.Personal = token != "" || shared // a cached view's readers have neither
	}
	if unsigned != nil {
		// Claims the site's adaptive schema refuses are forgotten; those
		// it accepts have shaped the view, and make it personal.
		if !accepted {
			clearCookie(w, claimsCookie+siteID, cookiePath)
		} else {
			site.Personal = true
		}
	}
	if cached && r.Method != http.MethodPost && rest != "robots.txt" && rest != "sitemap.xml" && rd.serveHit(w, r, site, rest) {
		return // a page the cache holds, or a 304: nothing to read
	}
	if cached && row.position != 0 {
		// The pages of a cached view come from a replica that has
		// replayed as much as the view's, so that every page it names
		// is there.
		r = r.WithContext(store.ReadAtLeast(r.Context(), row.position))
	}
	if r.Method == http.MethodPost {
		rd.feedback(w, r, site, rest)
		return
	}
	switch rest {
	case "robots.txt":
		rd.robots(w, site)
		return
	case "sitemap.xml":
		rd.sitemap(w, site)
		return
	}
	rd.servePage(w, r, site, rest)
}

func firstOf(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}

// cookieValue is the value of the cookie prefix+id ("" without one).
func cookieValue(r *http.Request, prefix, id string) string {
	if len(r.Header["Cookie"]) == 0 {
		return "" // most readers: no name to make
	}
	c, err := r.Cookie(prefix + id)
	if err != nil {
		return ""
	}
	return c.Value
}

func setCookie(w http.ResponseWriter, name, value, path string, secure bool) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: value, Path: path, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode, MaxAge: 24 * 3600})
}

func clearCookie(w http.ResponseWriter, name, path string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: path, HttpOnly: true, MaxAge: -1})
}

// fail answers an unexpected error without showing it: 503 with
// Retry-After when the database or file store could not be reached
// (UNAVAILABLE), else 500.
func (rd *Reader) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errCode(err) == codeUnavailable || unavailable(err) {
		logs.From(r.Context()).WarnContext(r.Context(), "reader", "err", err)
		w.Header().Set("Retry-After", graph.RetryAfterSeconds)
		writeMessage(w, http.StatusServiceUnavailable, "Temporarily unavailable", "The page cannot be shown right now. Try again in a few seconds.")
		return
	}
	logs.From(r.Context()).ErrorContext(r.Context(), "reader", "err", err)
	writeMessage(w, http.StatusInternalServerError, "Something went wrong", "The page could not be shown. Try again in a moment.")
}

func notFound(w http.ResponseWriter) {
	writeMessage(w, http.StatusNotFound, "Page not found", "There is nothing at this address.")
}

func (rd *Reader) visitorRequired(w http.ResponseWriter, tried bool) {
	msg := "This site is only for signed-in visitors. Open it from the link your sign-in gives you (it carries a jwt_token)."
	if tried {
		msg = "Your visitor token is not valid for this site (it may have expired). Sign in again to get a new link."
	}
	w.Header().Set("Cache-Control", "no-store")
	writeMessage(w, http.StatusUnauthorized, "Sign-in required", msg)
}

// etagMatch reports whether If-None-Match names etag.
func etagMatch(r *http.Request, etag string) bool {
	inm := r.Header.Get("If-None-Match")
	if inm == "" {
		return false
	}
	for _, t := range strings.Split(inm, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// cacheKey is a content-addressed key: equal inputs, equal page.
func cacheKey(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:40]
}

// navDigest is the hash of what a site's navigation shows (titles, paths,
// visible items), without the spaces' revisions: a merge in one space
// changes the key of that space's pages only.
func navDigest(s *siteView) string {
	if s.digest != "" {
		return s.digest
	}
	type ss struct{ ID, Path, Title, Emoji string }
	type sec struct {
		ID, Title, Path, Group string
		Spaces                 []ss
	}
	v := struct {
		Title, Visibility, Look, Base string
		Sections                      []sec
	}{s.Title, s.Visibility, s.looks.digest, s.Base, nil}
	for _, x := range s.Sections {
		c := sec{ID: x.ID, Title: x.Title, Path: x.Path, Group: x.Group}
		for _, y := range x.Spaces {
			c.Spaces = append(c.Spaces, ss{y.ID, y.Path, y.Title, y.Emoji})
		}
		v.Sections = append(v.Sections, c)
	}
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// siteView is a site as its reader sees it: sections (a site without
// sections has one unnamed section holding its site spaces).
type siteView struct {
	ID                string
	OrgID             string // the organization's id; empty for a space published on its own
	Title, Visibility string
	// looks are how its pages look (its customization), by site space.
	looks       looks
	Base        string // path prefix of the site on this host
	Origin      string // scheme and host for absolute URLs
	HasSections bool
	Sections    []*sectionView
	// Personal: the reader's credentials (a share key, a visitor token)
	// decide what they see, so no shared cache may keep the page.
	Personal bool
	// content reads the variants' content.
	content contentSource
	// digest is navDigest's, made once for a site built from a cached
	// view (siteEntry.built); "" otherwise.
	digest string
	// serial tells apart the sites built from cached views (each is
	// shared by their readers until the view is dropped): the key of its
	// pages' routes (fastpath.go); 0 for a site built for one request.
	serial uint64
	// sitemap holds the page trees of the variants, by variant id, when the
	// request is for the sitemap.
	sitemap map[string][]pageData
	// apiDigest is the digest of the versions of the organization's
	// OpenAPI specifications, which API reference pages are rendered from.
	apiDigest string
	// claims are the reader's claims, which the {% if %} blocks of pages
	// are shown for (nil for a reader without any: the one page every
	// such reader sees); claimsDigest ("" without claims) keys the pages
	// rendered for them, so no page shown for some claims is shown to a
	// reader with others, or none.
	claims       map[string]any
	claimsDigest string
}

// claimsDigest is the digest of a reader's claims; "" without any.
func claimsDigest(claims map[string]any) string {
	if claims == nil {
		return ""
	}
	b, _ := json.Marshal(claims) // maps are written with sorted keys
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

type sectionView struct {
	ID, Title, Path string
	Group           string // the group's title, when in one
	GroupID         string
	Default         bool
	Spaces          []*variantView
}

type variantView struct {
	ID, Path, Title, Emoji string
	SpaceID, RevisionID    string
	Default                bool
	Section                *sectionView
}

// URL is the variant's address on this host.
func (v *variantView) URL(s *siteView) string {
	p := s.Base
	if s.HasSections {
		p += "/" + v.Section.Path
	}
	if v.Path == "" {
		return p
	}
	return p + "/" + v.Path
}

func buildSite(row *siteEntry, base, origin string) *siteView {
	ps := row.View
	s := &siteView{ID: row.ID, Title: ps.Site.Title, Visibility: ps.Site.Visibility, Base: base, Origin: origin,
		HasSections: ps.Structure.Type == "sections", looks: parseLooks(ps.Customizations, ps.Site.Title, origin)}
	if len(ps.SiteSpaceContents) > 0 {
		s.sitemap = map[string][]pageData{}
		for _, c := range ps.SiteSpaceContents {
			s.sitemap[c.SiteSpaceID] = c.Pages
		}
	}
	variants := func(sec *sectionView, list []gqlSiteSpace) {
		for _, x := range list {
			sec.Spaces = append(sec.Spaces, &variantView{ID: x.ID, Path: x.Path, Title: x.Title, Emoji: x.Space.Emoji,
				SpaceID: x.Space.ID, RevisionID: x.Space.RevisionID, Default: x.Default != nil && *x.Default, Section: sec})
		}
	}
	section := func(it gqlItem, group *gqlItem) *sectionView {
		sec := &sectionView{ID: it.ID, Title: it.Title, Path: it.Path, Default: it.Default != nil && *it.Default}
		if group != nil {
			sec.Group, sec.GroupID = group.Title, group.ID
		}
		variants(sec, it.SiteSpaces)
		return sec
	}
	if !s.HasSections {
		root := &sectionView{Default: true}
		for _, it := range ps.Structure.Structure {
			if it.Typename == "SiteSpace" && it.Space != nil {
				variants(root, []gqlSiteSpace{{ID: it.ID, Path: it.Path, Title: it.Title, Default: it.Default, Space: *it.Space}})
			}
		}
		s.Sections = []*sectionView{root}
		return s
	}
	for _, it := range ps.Structure.Structure {
		switch it.Typename {
		case "SiteSection":
			s.Sections = append(s.Sections, section(it, nil))
		case "SiteSectionGroup":
			for _, sub := range it.Sections {
				s.Sections = append(s.Sections, section(sub, &it))
			}
		}
	}
	return s
}

// resolve finds the section, variant and page path a path below the site
// names: a section's path (else the default section), a site space's path
// in it (else its default), then the page's path in the space.
func (s *siteView) resolve(rest string) (*sectionView, *variantView, string) {
	segs := slices.DeleteFunc(strings.Split(rest, "/"), func(x string) bool { return x == "" })
	if len(s.Sections) == 0 {
		return nil, nil, ""
	}
	var sec *sectionView
	if s.HasSections {
		sec, segs = pick(s.Sections, segs, func(x *sectionView) (string, bool) { return x.Path, x.Default })
	} else {
		sec, _ = pick(s.Sections, nil, func(x *sectionView) (string, bool) { return x.Path, x.Default })
	}
	if len(sec.Spaces) == 0 {
		return sec, nil, ""
	}
	v, segs := pick(sec.Spaces, segs, func(x *variantView) (string, bool) { return x.Path, x.Default })
	return sec, v, strings.Join(segs, "/")
}

// pick is the item (a section, a variant) that the first segment names,
// with the segments after it; else the default item (or the first) and the
// segments untouched. items is not empty.
func pick[T any](items []*T, segs []string, key func(*T) (path string, isDefault bool)) (*T, []string) {
	if len(segs) > 0 {
		for _, x := range items {
			if p, _ := key(x); p == segs[0] {
				return x, segs[1:]
			}
		}
	}
	for _, x := range items {
		if _, d := key(x); d {
			return x, segs
		}
	}
	return items[0], segs
}
