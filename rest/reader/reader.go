// Package reader serves published docs sites to readers as web pages: each
// published site at its urls.published (/sites/{siteId} and below, or at
// its custom hostname), a public or unlisted space at /s/{spaceId}, and a
// small read-only page at every urls.app address (/o/...).
//
// A page view runs one GraphQL operation in-process (publishedSite with the
// visible structure: the same access rules, share keys, visitor tokens and
// conditions as the API), then reads the current site space's page tree and
// the page's markdown from the store only when the rendered page is not in
// the cache. Rendered pages are cached under a content-addressed key (the
// navigation the reader sees, the revision of the site space, the path),
// which is also the page's ETag.
package reader

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/graph"
	"folio/store"
	"folio/store/blob"
	"folio/store/logs"
	"folio/store/lrucache"
)

// Config is what the reader needs.
type Config struct {
	Store *store.Store
	// Exec runs GraphQL operations in-process (the REST layer's executor).
	Exec *executor.Executor
	// Base is the server's public URL, without a trailing slash.
	Base string
	// Blobs holds the bytes of files (images of pages).
	Blobs blob.Store
	// CacheEntries and CacheBytes bound the rendered-page cache (0: 2048
	// pages, 64 MiB).
	CacheEntries, CacheBytes int
}

// cachedPage is a rendered page.
type cachedPage struct {
	body    []byte
	noIndex bool
}

// Reader serves published sites, published spaces and app pages.
type Reader struct {
	cfg      Config
	cache    *lrucache.Cache[string, cachedPage] // rendered pages, within entries and bytes
	baseHost string
}

// New makes a reader.
func New(cfg Config) *Reader {
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
	return &Reader{cfg: cfg, cache: c, baseHost: host}
}

// Register mounts the reader's routes.
func (rd *Reader) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /sites/{siteId}", rd.siteRoute)
	mux.HandleFunc("GET /sites/{siteId}/{rest...}", rd.siteRoute)
	mux.HandleFunc("GET /s/{spaceId}", rd.spaceRoute)
	mux.HandleFunc("GET /s/{spaceId}/{rest...}", rd.spaceRoute)
	mux.HandleFunc("GET "+assetsPath+"{file}", serveAsset)
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
	if host == "" || host == rd.baseHost || host == "localhost" || strings.Count(host, ".") < 2 || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	var row struct {
		ID string `bun:"id"`
	}
	err := rd.cfg.Store.DB.NewSelect().Table("sites").Column("id").Where("hostname = ? AND published", host).Limit(1).Scan(r.Context(), &row)
	if err != nil || row.ID == "" {
		return false
	}
	rd.serveSite(w, r, row.ID, "", strings.TrimPrefix(r.URL.Path, "/"), "https://"+host)
	return true
}

func (rd *Reader) siteRoute(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("siteId")
	rd.serveSite(w, r, id, "/sites/"+id, r.PathValue("rest"), rd.cfg.Base)
}

// readerUser is who the reader's operations run as: nobody's member, so
// publishedSite applies exactly the rules it applies to any outsider.
var readerUser = &store.User{ID: "folio-reader:anonymous", DisplayName: "Reader"}

// opError is a GraphQL error with its domain code.
type opError struct {
	code store.Code
	msg  string
}

func (e *opError) Error() string { return string(e.code) + ": " + e.msg }

// run executes an operation in-process as the anonymous reader, whatever
// token the request carried: a page shows what any outsider sees.
func (rd *Reader) run(ctx context.Context, query string, vars map[string]any, out any) error {
	return rd.runAs(graph.WithViewer(ctx, readerUser), query, vars, out)
}

// runAs executes an operation in-process as the caller in ctx.
func (rd *Reader) runAs(ctx context.Context, query string, vars map[string]any, out any) error {
	ctx = graphql.StartOperationTrace(ctx)
	opCtx, errs := rd.cfg.Exec.CreateOperationContext(ctx, &graphql.RawParams{Query: query, Variables: vars})
	if errs != nil {
		return toOpError(errs[0])
	}
	handler, ctx := rd.cfg.Exec.DispatchOperation(ctx, opCtx)
	resp := handler(ctx)
	if len(resp.Errors) > 0 {
		return toOpError(resp.Errors[0])
	}
	return json.Unmarshal(resp.Data, out)
}

func toOpError(e *gqlerror.Error) error {
	code := store.CodeInvalid
	if c, ok := e.Extensions["code"].(string); ok {
		code = store.Code(c)
	}
	return &opError{code: code, msg: e.Message}
}

func errCode(err error) store.Code {
	var oe *opError
	if errors.As(err, &oe) {
		return oe.code
	}
	return store.ErrorCode(err)
}

// siteQuery is a page view's one operation: the site as the reader may see
// it, with its visible sections, groups and site spaces.
const siteQuery = `query ReaderSite($organizationId: ID!, $siteId: ID!, $shareKey: String, $visitorToken: String) {
  publishedSite(organizationId: $organizationId, siteId: $siteId, shareKey: $shareKey, visitorToken: $visitorToken) {
    site { id title visibility published hostname basename }
    customizations
    structure {
      type
      structure {
        __typename
        ... on SiteSpace { ...ReaderSiteSpace }
        ... on SiteSection { ...ReaderSection }
        ... on SiteSectionGroup { id title icon sections { ...ReaderSection } }
      }
    }
  }
}
fragment ReaderSection on SiteSection { id title path default icon description siteSpaces { ...ReaderSiteSpace } }
fragment ReaderSiteSpace on SiteSpace { id path title default space { id title emoji revisionId } }`

type siteData struct {
	PublishedSite struct {
		Site struct {
			ID         string  `json:"id"`
			Title      string  `json:"title"`
			Visibility string  `json:"visibility"`
			Published  bool    `json:"published"`
			Hostname   *string `json:"hostname"`
			Basename   *string `json:"basename"`
		} `json:"site"`
		Customizations json.RawMessage `json:"customizations"`
		Structure      struct {
			Type      string    `json:"type"`
			Structure []gqlItem `json:"structure"`
		} `json:"structure"`
	} `json:"publishedSite"`
}

type gqlItem struct {
	Typename    string         `json:"__typename"`
	ID          string         `json:"id"`
	Title       string         `json:"title"`
	Path        string         `json:"path"`
	Default     *bool          `json:"default"`
	Icon        *string        `json:"icon"`
	Description *string        `json:"description"`
	SiteSpaces  []gqlSiteSpace `json:"siteSpaces"`
	Sections    []gqlItem      `json:"sections"`
	Space       *gqlSpace      `json:"space"`
}

type gqlSiteSpace struct {
	ID      string   `json:"id"`
	Path    string   `json:"path"`
	Title   string   `json:"title"`
	Default *bool    `json:"default"`
	Space   gqlSpace `json:"space"`
}

type gqlSpace struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Emoji      string `json:"emoji"`
	RevisionID string `json:"revisionId"`
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
	rows, err := rd.cfg.Store.SitesByID(ctx, []string{siteID})
	if err != nil && store.ErrorCode(err) != store.CodeNotFound {
		rd.fail(w, r, err)
		return
	}
	if len(rows) == 0 || !rows[0].Published {
		notFound(w)
		return
	}
	row := rows[0]
	if row.Basename != nil {
		base += "/" + *row.Basename
		seg, after, _ := strings.Cut(rest, "/")
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
	q := r.URL.Query()
	shareKey := firstOf(q.Get("share"), q.Get("shareKey"))
	token := q.Get("jwt_token")
	unsigned := unsignedFromQuery(q)
	fromQuery := shareKey != "" || token != "" || unsigned != nil
	if unsigned == nil {
		unsigned = decodeClaims(cookieValue(r, claimsCookie+siteID))
	}
	if shareKey == "" {
		shareKey = cookieValue(r, shareCookie+siteID)
	}
	tokenFromCookie := false
	if token == "" {
		token = cookieValue(r, visitorCookie+siteID)
		tokenFromCookie = token != ""
	}
	vars := map[string]any{"organizationId": row.OrganizationID, "siteId": siteID}
	if shareKey != "" && row.Visibility == store.VisibilityShareLink {
		vars["shareKey"] = shareKey
	}
	if token != "" {
		vars["visitorToken"] = token
	}
	var data siteData
	err = rd.run(ctx, siteQuery, vars, &data)
	if err != nil && token != "" && row.Visibility != store.VisibilityVisitorAuth && errCode(err) == store.CodeForbidden {
		// A token that does not verify only matters on visitor-auth
		// sites: elsewhere the reader sees what anyone sees.
		delete(vars, "visitorToken")
		token, err = "", rd.run(ctx, siteQuery, vars, &data)
	}
	if err != nil {
		switch errCode(err) {
		case store.CodeNotFound, store.CodeForbidden, store.CodeUnauthenticated, store.CodeInvalid:
			if row.Visibility == store.VisibilityVisitorAuth {
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
	if fromQuery {
		// The credentials move into cookies and out of the address bar
		// (and so out of the history, and of Referer headers).
		secure := r.TLS != nil || strings.HasPrefix(origin, "https:")
		if s, ok := vars["shareKey"].(string); ok && s != "" {
			setCookie(w, shareCookie+siteID, s, cookiePath, secure)
		}
		if token != "" {
			setCookie(w, visitorCookie+siteID, token, cookiePath, secure)
		}
		if unsigned != nil && unsignedValid(row.AdaptiveSchema, unsigned) {
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
	site := buildSite(&data, base, origin)
	site.OrganizationID = row.OrganizationID
	site.Personal = token != "" || vars["shareKey"] != nil
	if unsigned != nil {
		if !unsignedValid(row.AdaptiveSchema, unsigned) {
			clearCookie(w, claimsCookie+siteID, cookiePath)
		} else {
			claims := signedClaims(token)
			claims["unsigned"] = unsigned
			if err := rd.adaptiveSections(ctx, site, claims); err != nil {
				rd.fail(w, r, err)
				return
			}
			site.Personal = true
		}
	}
	switch rest {
	case "robots.txt":
		rd.robots(w, site)
		return
	case "sitemap.xml":
		rd.sitemap(w, r, site)
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

func cookieValue(r *http.Request, name string) string {
	c, err := r.Cookie(name)
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

// fail answers an unexpected error without showing it.
func (rd *Reader) fail(w http.ResponseWriter, r *http.Request, err error) {
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
	type ss struct{ ID, Path, Title, Emoji string }
	type sec struct {
		ID, Title, Path, Group string
		Spaces                 []ss
	}
	v := struct {
		Title, Visibility, Color, Base string
		Sections                       []sec
	}{s.Title, s.Visibility, s.Color, s.Base, nil}
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
	ID, OrganizationID string
	Title, Visibility  string
	Color              string
	Base               string // path prefix of the site on this host
	Origin             string // scheme and host for absolute URLs
	HasSections        bool
	Sections           []*sectionView
	// Personal: the reader's credentials (a share key, a visitor token)
	// decide what they see, so no shared cache may keep the page.
	Personal bool
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

func buildSite(d *siteData, base, origin string) *siteView {
	ps := d.PublishedSite
	s := &siteView{ID: ps.Site.ID, Title: ps.Site.Title, Visibility: ps.Site.Visibility, Base: base, Origin: origin,
		HasSections: ps.Structure.Type == "sections", Color: primaryColor(ps.Customizations)}
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

// primaryColor is the site's primary colour from its customizations (a
// #hex colour; anything else falls back to Folio's blue).
func primaryColor(raw json.RawMessage) string {
	var c struct {
		Site struct {
			Styling struct {
				PrimaryColor struct {
					Light string `json:"light"`
				} `json:"primaryColor"`
			} `json:"styling"`
		} `json:"site"`
	}
	json.Unmarshal(raw, &c) //nolint:errcheck // a missing colour falls back
	col := strings.TrimPrefix(c.Site.Styling.PrimaryColor.Light, "#")
	if !hexColor.MatchString(col) {
		return "346ddb"
	}
	return strings.ToLower(col)
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
