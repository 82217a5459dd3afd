package reader

import (
	"bytes"
	"net/http"
	"net/url"
	"strings"

	"folio/graph"
	"folio/rest/app"
	"folio/rest/signin"
)

// Published spaces (/s/{spaceId}) and app addresses (/app/o/...).

// spaceRoute serves a space's published URL like a site of one space:
// public spaces indexable, unlisted ones with noindex. Other visibilities
// (share-link, visitor-auth and in-collection spaces have no key or token
// Folio could check) and unknown, deleted or private spaces are 404.
func (rd *Reader) spaceRoute(w http.ResponseWriter, r *http.Request) {
	rd.serveSpace(w, r, r.PathValue("spaceId"), r.PathValue("rest"))
}

// serveSpace serves one request for a published space: rest is the path
// below /s/{id}.
func (rd *Reader) serveSpace(w http.ResponseWriter, r *http.Request, id, rest string) {
	var data struct {
		PublishedSpace *struct {
			ID, Title, Emoji, Visibility string
			Content                      contentData
		}
	}
	if err := rd.run(r.Context(), rd.ops.space, map[string]any{"spaceId": id, "sitemap": rest == "sitemap.xml"}, &data); err != nil {
		if refused(err) {
			notFound(w)
			return
		}
		rd.fail(w, r, err)
		return
	}
	sp := data.PublishedSpace
	if sp == nil {
		notFound(w)
		return
	}
	s := &siteView{ID: sp.ID, Title: sp.Title, Visibility: sp.Visibility, Base: "/s/" + sp.ID, Origin: rd.cfg.Base,
		looks:   parseLooks(nil, sp.Title, rd.cfg.Base),
		content: contentSource{page: rd.ops.spacePage, search: rd.ops.spaceSearch, file: rd.ops.spaceFile, vars: map[string]any{"spaceId": sp.ID}}}
	s.apiDigest = sp.Content.OpenAPIDigest
	if sp.Content.Pages != nil {
		s.sitemap = map[string][]pageData{sp.ID: sp.Content.Pages}
	}
	root := &sectionView{Default: true}
	root.Spaces = []*variantView{{ID: sp.ID, Title: sp.Title, Emoji: sp.Emoji, SpaceID: sp.ID, RevisionID: sp.Content.RevisionID, Default: true, Section: root}}
	s.Sections = []*sectionView{root}
	switch rest {
	case "robots.txt":
		rd.robots(w, s)
	case "sitemap.xml":
		rd.sitemap(w, s)
	default:
		rd.servePage(w, r, s, rest)
	}
}

// wantsSignIn tells a person's browser (it accepts HTML and sends no
// Authorization header) from an API client, which is answered 401.
func wantsSignIn(r *http.Request) bool {
	return r.Header.Get("Authorization") == "" && strings.Contains(r.Header.Get("Accept"), "text/html")
}

func (rd *Reader) registerApp(mux *http.ServeMux) {
	mux.HandleFunc("GET "+app.Path+"/o/{orgId}", rd.appRoute)
	mux.HandleFunc("GET "+app.Path+"/o/{orgId}/{rest...}", rd.appRoute)
	// The app addresses of earlier releases (/o/...) lead to the same
	// place under /app.
	mux.HandleFunc("GET /o/{rest...}", func(w http.ResponseWriter, r *http.Request) {
		to := app.Path + r.URL.EscapedPath()
		if r.URL.RawQuery != "" {
			to += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, to, http.StatusMovedPermanently)
	})
}

// appTarget is what an app address names.
type appTarget struct {
	kind, location string
	vars           map[string]any
}

// parseApp reads an app address (as graph/model builds them): nil when
// it names nothing Folio links to.
func (rd *Reader) parseApp(org, rest string) *appTarget {
	api := rd.cfg.Base + "/v1"
	segs := strings.Split(strings.TrimSuffix(rest, "/"), "/")
	if rest == "" {
		return &appTarget{"organization", api + "/orgs/" + org, map[string]any{"org": org}}
	}
	switch {
	case segs[0] == "sites" && (len(segs) == 2 || len(segs) == 3 && segs[2] == "preview"):
		return &appTarget{"site", api + "/orgs/" + org + "/sites/" + segs[1], map[string]any{"org": org, "id": segs[1]}}
	case segs[0] == "c" && len(segs) == 2:
		return &appTarget{"collection", api + "/collections/" + segs[1], map[string]any{"id": segs[1]}}
	case segs[0] == "openapi" && len(segs) == 2:
		return &appTarget{"OpenAPI specification", api + "/orgs/" + org + "/openapi/" + segs[1], map[string]any{"org": org, "n": segs[1]}}
	case segs[0] == "s" && len(segs) == 2:
		return &appTarget{"space", api + "/spaces/" + segs[1], map[string]any{"id": segs[1]}}
	case segs[0] == "s" && len(segs) == 5 && segs[2] == "change-requests" && segs[4] == "review":
		// The review of a change request (the app's review screen).
		return &appTarget{"change request", api + "/spaces/" + segs[1] + "/change-requests/" + segs[3], map[string]any{"id": segs[1], "n": segs[3]}}
	case segs[0] == "s" && len(segs) == 4:
		space := api + "/spaces/" + segs[1]
		vars := map[string]any{"id": segs[1], "n": segs[3]}
		switch segs[2] {
		case "change-requests":
			return &appTarget{"change request", space + "/change-requests/" + segs[3], vars}
		case "revisions":
			return &appTarget{"revision", space + "/revisions/" + segs[3], vars}
		case "page":
			return &appTarget{"page", space + "/content/page/" + segs[3], vars}
		}
	}
	return nil
}

// appScreen reports whether rest (the path after /app/o/{org}/) is one of
// the app's screens that name no object of the API: the sites, the
// administration (members, teams, custom fields, webhooks and one
// webhook, SAML) and the caller's own tokens and invitations.
func appScreen(rest string) bool {
	segs := strings.Split(strings.TrimSuffix(rest, "/"), "/")
	switch segs[0] {
	case "sites", "account":
		return len(segs) == 1
	case "admin":
		return len(segs) <= 3
	}
	return false
}

// appScreenRoute answers an app screen that names no object: the app for
// a signed-in browser (it reads what the screen shows through /graphql, as
// the caller), sign-in for a browser without a session, and 404 for
// anyone else (there is nothing for the API to name).
func (rd *Reader) appScreenRoute(w http.ResponseWriter, r *http.Request) {
	if c, ok := graph.CredentialOf(r.Context()); ok && c.Kind == graph.CredentialSession {
		app.ServePage(w, r)
		return
	}
	if graph.Viewer(r.Context()) == nil && wantsSignIn(r) {
		http.Redirect(w, r, signin.SignInPath+"?next="+url.QueryEscape(r.URL.EscapedPath()), http.StatusSeeOther)
		return
	}
	notFound(w)
}

// appRoute answers an app address (urls.app). A signed-in browser (a
// session) gets the Folio app (rest/app), which shows the object or says
// it is not found, in its own words. Without credentials nothing is looked
// up, so the answer tells nobody whether the object exists: a browser is
// sent to sign in (and back), an API client gets 401 saying to use the
// API. An API client with a token gets a page naming the object and where
// the API serves it, looked up as the caller: unknown or foreign objects
// are 404.
func (rd *Reader) appRoute(w http.ResponseWriter, r *http.Request) {
	org := r.PathValue("orgId")
	t := rd.parseApp(org, r.PathValue("rest"))
	if t == nil && appScreen(r.PathValue("rest")) {
		rd.appScreenRoute(w, r)
		return
	}
	if t == nil {
		notFound(w)
		return
	}
	if c, ok := graph.CredentialOf(r.Context()); ok && c.Kind == graph.CredentialSession {
		app.ServePage(w, r)
		return
	}
	data := map[string]any{"CSS": cssURL, "Icon": iconURL, "Location": t.location}
	if graph.Viewer(r.Context()) == nil {
		if wantsSignIn(r) {
			http.Redirect(w, r, signin.SignInPath+"?next="+url.QueryEscape(r.URL.EscapedPath()), http.StatusSeeOther)
			return
		}
		w.Header().Set("WWW-Authenticate", `Bearer realm="folio"`)
		data["Title"] = "Folio " + t.kind
		data["Message"] = "This address names a " + t.kind + " in the Folio app: sign in with a browser, or read it through the API with an API token (Authorization: Bearer <token>)."
		rd.appPage(w, http.StatusUnauthorized, data)
		return
	}
	// The object is looked up as the caller (operations/app.graphql): any
	// error (unknown, foreign, not allowed) is 404.
	var out map[string]any
	if err := rd.runAs(r.Context(), rd.ops.app[t.kind], t.vars, &out); err != nil {
		if refused(err) {
			notFound(w)
			return
		}
		rd.fail(w, r, err)
		return
	}
	obj, _ := first1(out)
	if o, ok := obj["organization"].(string); ok && o != org {
		notFound(w) // a space or collection of another organization
		return
	}
	title, _ := obj["title"].(string)
	switch t.kind {
	case "site":
		site, _ := obj["site"].(map[string]any)
		title, _ = site["title"].(string)
		if u, ok := site["urls"].(map[string]any); ok {
			data["Published"] = u["published"]
		}
	case "space":
		if u, ok := obj["urls"].(map[string]any); ok {
			data["Published"] = u["published"]
		}
	case "change request":
		cr, _ := obj["changeRequest"].(map[string]any)
		if s, _ := cr["subject"].(string); s != "" {
			title = s + " (in " + title + ")"
		}
	case "page":
		rev, _ := obj["revision"].(map[string]any)
		page, _ := rev["page"].(map[string]any)
		if s, _ := page["title"].(string); s != "" {
			title = s + " (in " + title + ")"
		}
	}
	data["Title"] = title
	data["Message"] = "This " + t.kind + " is read and changed in the Folio app (sign in with a browser) and through Folio's API."
	rd.appPage(w, http.StatusOK, data)
}

func (rd *Reader) appPage(w http.ResponseWriter, status int, data map[string]any) {
	h := w.Header()
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Robots-Tag", "noindex")
	h.Set("Cache-Control", "private, no-store")
	var b bytes.Buffer
	if err := pageTemplate.ExecuteTemplate(&b, "message", data); err != nil {
		b.Reset()
		b.WriteString("internal error")
	}
	writeHTML(w, status, b.Bytes())
}

// first1 is the value of the one root field of an operation's data.
func first1(m map[string]any) (map[string]any, bool) {
	for _, v := range m {
		o, ok := v.(map[string]any)
		return o, ok
	}
	return nil, false
}
