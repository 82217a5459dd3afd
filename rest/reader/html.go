package reader

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"net/http"
	"regexp"
	"strings"
)

// Pages are html/template documents (every value escaped for where it
// goes); the only HTML inserted as is, a page's body, comes out of
// bluemonday. Styles and the icon are embedded and served from this
// server, and the Content-Security-Policy allows nothing else: no script
// at all, no inline style, no request to another origin.

//go:embed assets
var assets embed.FS

const assetsPath = "/_folio/reader/"

// ContentSecurityPolicy is the policy of every reader page. connect-src
// is 'self', not 'none', though the pages have no script: tools that fetch
// in the page's frame (Lighthouse reading the origin's robots.txt through
// the DevTools protocol) are held to it too, and same-origin is all they need.
// A page frames nothing, unless its site allows embeds from some origins
// (pagePolicy).
const ContentSecurityPolicy = cspBase + "frame-src 'none'"

const cspBase = "default-src 'self'; script-src 'none'; object-src 'none'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "

// pagePolicy is the policy of a page shown with look: frame-src lists
// exactly the origins its embeds may be framed from (canonical origins,
// which hold no space, quote or semicolon: pagerender.Origin).
func pagePolicy(l *look) string {
	if l == nil || len(l.FrameOrigins) == 0 {
		return ContentSecurityPolicy
	}
	return cspBase + "frame-src " + strings.Join(l.FrameOrigins, " ")
}

var (
	siteCSS = func() []byte {
		b, err := assets.ReadFile("assets/reader.css")
		if err != nil {
			panic(err)
		}
		api, err := assets.ReadFile("assets/openapi.css")
		if err != nil {
			panic(err)
		}
		return append(append(append(append(b, '\n'), CodeCSS()...), '\n'), api...)
	}()
	iconSVG = func() []byte {
		b, err := assets.ReadFile("assets/icon.svg")
		if err != nil {
			panic(err)
		}
		return b
	}()
	cssURL  = assetsPath + "site-" + digest(siteCSS) + ".css"
	iconURL = assetsPath + "icon-" + digest(iconSVG) + ".svg"

	hexColor = regexp.MustCompile(`^[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$`)
)

func digest(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:6])
}

// serveAsset serves the stylesheet, the icon and the theme stylesheets
// (one per look: colours, corners and font, made from the name) and
// the emoji favicons (made from the codepoints in the name).
func serveAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	switch {
	case strings.HasPrefix(name, "site-") && strings.HasSuffix(name, ".css"):
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Write(siteCSS)
	case strings.HasPrefix(name, "icon-") && strings.HasSuffix(name, ".svg"):
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
		w.Write(iconSVG)
	case themeRe.MatchString(name):
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Write([]byte(themeCSS(themeRe.FindStringSubmatch(name))))
	case emojiRe.MatchString(name):
		svg, ok := emojiSVG(emojiRe.FindStringSubmatch(name))
		if !ok {
			w.Header().Del("Cache-Control")
			notFound(w)
			return
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Content-Security-Policy", "default-src 'none'")
		w.Write(svg)
	default:
		w.Header().Del("Cache-Control")
		notFound(w)
	}
}

// headers are those of every page of a site.
func headers(w http.ResponseWriter, s *siteView, l *look, noIndex bool, etag string) {
	h := w.Header()
	h.Set("Content-Security-Policy", pagePolicy(l))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Frame-Options", "DENY")
	if !s.Personal && (s.Visibility == "public" || s.Visibility == "unlisted") {
		h.Set("Cache-Control", "public, no-cache")
	} else {
		h.Set("Cache-Control", "private, no-cache")
		h.Set("Vary", "Cookie")
	}
	if noIndex {
		h.Set("X-Robots-Tag", "noindex")
	}
	if etag != "" {
		h.Set("ETag", etag)
	}
}

func writeHTML(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(body)
}

// writeMessage answers with a small page saying what happened.
func writeMessage(w http.ResponseWriter, status int, title, msg string) {
	h := w.Header()
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Robots-Tag", "noindex")
	h.Del("ETag")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	var b bytes.Buffer
	pageTemplate.ExecuteTemplate(&b, "message", map[string]any{"Title": title, "Message": msg, "CSS": cssURL, "Icon": iconURL}) //nolint:errcheck
	writeHTML(w, status, b.Bytes())
}

var pageTemplate = template.Must(template.New("reader").Parse(`
{{define "head"}}<!doctype html>
<html lang="{{.Look.Locale}}"{{with .Look.Theme}} data-theme="{{.}}"{{end}}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{{with .Description}}<meta name="description" content="{{.}}">
{{end}}{{if .NoIndex}}<meta name="robots" content="noindex">
{{end}}<title>{{.Title}} · {{.Look.Title}}</title>
<link rel="icon" href="{{.Icon}}"{{if .IconSVG}} type="image/svg+xml"{{end}}>
<link rel="stylesheet" href="{{.CSS}}">
{{with .ThemeCSS}}<link rel="stylesheet" href="{{.}}">
{{end}}</head>
{{end}}

{{define "message"}}<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Title}}</title>
<link rel="icon" href="{{.Icon}}" type="image/svg+xml">
<link rel="stylesheet" href="{{.CSS}}">
</head>
<body>
<div class="message">
<h1>{{.Title}}</h1>
<p>{{.Message}}</p>
{{with .Location}}<p>API: <a href="{{.}}"><code>{{.}}</code></a></p>{{end}}
{{with .Published}}<p>Published at <a href="{{.}}">{{.}}</a></p>{{end}}
</div>
</body>
</html>
{{end}}

{{define "tree"}}<ul>
{{range .}}<li>{{if .Group}}<span class="group">{{.Title}}</span>{{else if .External}}{{if .URL}}<a href="{{.URL}}" rel="noopener noreferrer">{{with .Emoji}}{{.}} {{end}}{{.Title}} ↗</a>{{else}}<span>{{.Title}}</span>{{end}}{{else}}<a href="{{.URL}}"{{if .Current}} class="current" aria-current="page"{{end}}>{{with .Emoji}}{{.}} {{end}}{{.Title}}</a>{{end}}
{{with .Items}}{{template "tree" .}}{{end}}</li>
{{end}}</ul>
{{end}}

{{define "page"}}{{template "head" .}}<body>
<a class="skip" href="#content">Skip to content</a>
<header class="top">
{{$w := .Look.Words}}<a class="brand" href="{{.Home}}">{{with .Look.LogoLight}}<img class="logo logo-light" src="{{.}}" alt="{{$.Look.Title}}">{{with $.Look.LogoDark}}<img class="logo logo-dark" src="{{.}}" alt="{{$.Look.Title}}">{{end}}{{else}}<img src="{{.Icon}}" alt="">{{.Look.Title}}{{end}}</a>
<nav class="sections" aria-label="{{$w.Sections}}">
{{range .Nav}}{{if .Group}}<details{{if .Current}} class="current"{{end}}><summary>{{.Title}}</summary><div>
{{range .Items}}<a href="{{.URL}}"{{if .Current}} class="current" aria-current="true"{{end}}>{{.Title}}</a>
{{end}}</div></details>
{{else}}<a href="{{.URL}}"{{if .Current}} class="current" aria-current="true"{{end}}>{{.Title}}</a>
{{end}}{{end}}</nav>
<form class="search" role="search" method="get" action="{{.SearchAction}}">
<input type="search" name="q" value="{{.Query}}" placeholder="{{$w.SearchPlaceholder}}" aria-label="{{$w.Search}}">
</form>
{{with .Look.HeaderLinks}}<nav class="links" aria-label="Links">
{{range .}}<a href="{{.URL}}"{{if eq .Style "button-primary"}} class="button primary"{{else if eq .Style "button-secondary"}} class="button secondary"{{end}}{{if $.Look.NewTab}} target="_blank"{{end}} rel="noopener noreferrer">{{.Title}}</a>
{{end}}</nav>
{{end}}
</header>
<div class="layout">
<aside class="sidebar" aria-label="{{$w.Pages}}">
<input type="checkbox" id="drawer" class="drawer-toggle" aria-controls="pages" aria-label="Show the page tree">
<label for="drawer" class="drawer-button" aria-hidden="true">{{$w.Pages}}</label>
<div class="tree" id="pages">
{{with .Variants}}<details class="variants"><summary>{{with $.Variant}}{{with .Emoji}}{{.}} {{end}}{{.Title}}{{end}}</summary><div>
{{range .}}<a href="{{.URL}}"{{if .Current}} class="current" aria-current="true"{{end}}>{{with .Emoji}}{{.}} {{end}}{{.Title}}</a>
{{end}}</div></details>
{{end}}{{.SidebarBefore}}{{with .SidebarAfter}} class="current" aria-current="page"{{.}}{{end}}
</div>
</aside>
<main id="content" tabindex="-1">
{{if .Searched}}<h1 class="title">{{$w.ResultsFor}} “{{.Query}}”</h1>
{{with .Results}}<ol class="results">
{{range .}}<li><a href="{{.URL}}">{{.Title}}</a> <span class="path">{{.Path}}</span>
{{with .Sections}}<ul>{{range .}}<li><a href="{{.URL}}">{{if .Title}}{{.Title}}{{else}}…{{end}}</a> — {{.Body}}</li>{{end}}</ul>{{end}}</li>
{{end}}</ol>
{{else}}<p>{{$w.NoMatch}}</p>
{{end}}{{else if .SearchPage}}<h1 class="title">{{$w.Search}}</h1><p>{{$w.TypeToSearch}}</p>
{{else}}<h1 class="title">{{with .Emoji}}{{.}} {{end}}{{.Title}}</h1>
{{with .Summary}}<p class="summary">{{.}}</p>{{end}}
{{if .TOC}}<details class="toc-inline"><summary>On this page</summary><ul>
{{range .TOC}}<li class="l{{.Level}}"><a href="#{{.Anchor}}">{{.Title}}</a></li>
{{end}}</ul></details>
{{end}}<article>
{{.Body}}
</article>
{{if or .Prev .Next}}<nav class="pager" aria-label="{{$w.Navigation}}">
{{with .Prev}}<a class="prev" rel="prev" href="{{.URL}}"><small>{{$w.Previous}}</small>{{.Title}}</a>{{end}}
{{with .Next}}<a class="next" rel="next" href="{{.URL}}"><small>{{$w.Next}}</small>{{.Title}}</a>{{end}}
</nav>{{end}}
{{with .Feedback}}<form class="feedback" method="post" action="{{.}}">
<fieldset><legend>Was this page helpful?</legend>
<label for="feedback-comment">Comment (optional)</label>
<textarea id="feedback-comment" name="comment" maxlength="512" rows="2"></textarea>
<button type="submit" name="rating" value="good">Yes</button>
<button type="submit" name="rating" value="bad">No</button>
</fieldset></form>{{end}}
{{end}}</main>
{{if .TOC}}<aside class="toc" aria-label="{{$w.OnThisPage}}"><h2>{{$w.OnThisPage}}</h2><ul>
{{range .TOC}}<li class="l{{.Level}}"><a href="#{{.Anchor}}">{{.Title}}</a></li>
{{end}}</ul></aside>{{end}}
</div>
<footer class="site">
{{with .Look.FooterLogoLight}}<img class="logo logo-light" src="{{.}}" alt="{{$.Look.Title}}">{{with $.Look.FooterLogo}}<img class="logo logo-dark" src="{{.}}" alt="{{$.Look.Title}}">{{end}}{{end}}
{{with .Look.FooterGroups}}<div class="groups">{{range .}}<nav aria-label="{{.Title}}"><h2>{{.Title}}</h2><ul>
{{range .Links}}<li><a href="{{.URL}}"{{if $.Look.NewTab}} target="_blank"{{end}} rel="noopener noreferrer">{{.Title}}</a></li>
{{end}}</ul></nav>{{end}}</div>
{{end}}<p>{{with .Look.Copyright}}{{.}}{{else}}{{.Look.Title}}{{end}}{{if .Look.Trademark}} · {{$w.PoweredBy}}{{end}}</p>
</footer>
</body>
</html>
{{end}}
`))
