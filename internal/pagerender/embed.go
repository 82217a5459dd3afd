package pagerender

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"html"
	"strconv"

	"github.com/yuin/goldmark/ast"

	"folio/internal/markdown"
	"net"
	"net/url"
	"regexp"
	"strings"
)

// Embeds. A page's {% embed url="…" %} is framed only when the frame's
// origin is one its site allows (Options.FrameOrigins: the site's
// embeds.allowedOrigins, a Folio extension of GitBook's customization);
// the page's CSP then lists exactly those origins in frame-src. Anything
// else stays a link. The frame's address is worked out from the embed's
// address alone (known providers' player addresses, else the address
// itself): nothing is fetched at render time (no oEmbed), so rendering a
// page never makes a request leave the server.

// provider maps the pages of one service to its player.
type provider struct {
	name  string
	match *regexp.Regexp // on the address without its scheme
	frame func(m []string, u *url.URL) string
}

// providers are the services whose page addresses map to an embeddable
// player (each player's origin is what a site lists to allow it).
var providers = []provider{
	{"YouTube", regexp.MustCompile(`^(?:www\.|m\.)?youtube\.com/(?:watch\?(?:.*&)?v=|embed/|shorts/|live/)([A-Za-z0-9_-]{6,20})(?:[?&#/].*)?$`),
		func(m []string, _ *url.URL) string { return "https://www.youtube-nocookie.com/embed/" + m[1] }},
	{"YouTube", regexp.MustCompile(`^youtu\.be/([A-Za-z0-9_-]{6,20})(?:[?#].*)?$`),
		func(m []string, _ *url.URL) string { return "https://www.youtube-nocookie.com/embed/" + m[1] }},
	{"Vimeo", regexp.MustCompile(`^(?:www\.|player\.)?vimeo\.com/(?:video/)?([0-9]{1,15})(?:[?#/].*)?$`),
		func(m []string, _ *url.URL) string { return "https://player.vimeo.com/video/" + m[1] }},
	{"Loom", regexp.MustCompile(`^(?:www\.)?loom\.com/(?:share|embed)/([0-9a-f]{16,64})(?:[?#].*)?$`),
		func(m []string, _ *url.URL) string { return "https://www.loom.com/embed/" + m[1] }},
	{"CodePen", regexp.MustCompile(`^codepen\.io/([A-Za-z0-9_-]{1,64})/(?:pen|embed|full)/([A-Za-z0-9]{1,32})(?:[?#/].*)?$`),
		func(m []string, _ *url.URL) string {
			return "https://codepen.io/" + m[1] + "/embed/" + m[2] + "?default-tab=result"
		}},
	{"Figma", regexp.MustCompile(`^(?:www\.)?figma\.com/(?:file|design|proto|board)/[A-Za-z0-9]{1,64}(?:[/?#].*)?$`),
		func(_ []string, u *url.URL) string {
			return "https://www.figma.com/embed?embed_host=folio&url=" + url.QueryEscape(u.String())
		}},
	{"Google Slides", regexp.MustCompile(`^docs\.google\.com/presentation/d/([A-Za-z0-9_-]{10,100})(?:[/?#].*)?$`),
		func(m []string, _ *url.URL) string {
			return "https://docs.google.com/presentation/d/" + m[1] + "/embed"
		}},
	{"Spotify", regexp.MustCompile(`^open\.spotify\.com/(track|album|playlist|episode|show)/([A-Za-z0-9]{10,40})(?:[?#].*)?$`),
		func(m []string, _ *url.URL) string { return "https://open.spotify.com/embed/" + m[1] + "/" + m[2] }},
}

// EmbedFrame is where the embed of an address is framed, and the name of
// its provider ("" for an address of no known provider, which is framed
// as it is); "" when the address is not an absolute http(s) URL.
func EmbedFrame(raw string) (frame, name string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return "", ""
	}
	rest := strings.ToLower(u.Host) + u.RequestURI()
	if u.Fragment != "" {
		rest += "#" + u.EscapedFragment()
	}
	for _, p := range providers {
		if m := p.match.FindStringSubmatch(rest); m != nil {
			return p.frame(m, u), p.name
		}
	}
	return u.String(), ""
}

// Origin is the canonical form of an origin, scheme://host[:port], in
// lower case without a default port; false when raw is not an http(s)
// origin (a path, a query, credentials or a wildcard are not).
func Origin(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.HasSuffix(raw, "#") {
		return "", false
	}
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if host == "" || strings.ContainsAny(host, "*%") {
		return "", false
	}
	if (u.Scheme == "https" && port == "443") || (u.Scheme == "http" && port == "80") {
		port = ""
	}
	hostPort := host
	switch {
	case port != "":
		hostPort = net.JoinHostPort(host, port)
	case strings.Contains(host, ":"):
		hostPort = "[" + host + "]"
	}
	return u.Scheme + "://" + hostPort, true
}

// frameOrigin is the origin of a frame's address.
func frameOrigin(frame string) string {
	u, err := url.Parse(frame)
	if err != nil {
		return ""
	}
	o, _ := Origin(u.Scheme + "://" + u.Host)
	return o
}

// frameSandbox is what a frame may do: run its own script, as its own
// origin (a player needs both; being of another origin than the page, it
// reaches nothing of the page's), open a link in a new window, go full
// screen. It may not navigate the page, submit forms to it, or download.
const frameSandbox = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"

// frameHTML is the figure of a framed embed; every value is escaped.
func frameHTML(frame, name, link, caption string) string {
	esc := html.EscapeString
	title := caption
	if title == "" {
		if name != "" {
			title = name + " embed"
		} else {
			title = "Embedded page from " + hostOf(frame)
		}
	}
	text := caption
	if text == "" {
		text = link
	}
	return `<figure class="embed"><iframe src="` + esc(frame) + `" title="` + esc(title) + `" sandbox="` + frameSandbox +
		`" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin" loading="lazy"></iframe>` +
		`<figcaption><a href="` + esc(link) + `" rel="nofollow">` + esc(text) + `</a></figcaption></figure>` + "\n"
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Host
}

// frameAttr is the attribute RenderWith gives an embed it frames: the
// class of the placeholder its renderer writes, replaced by the frame once
// the page is sanitized (the sanitizer lets no frame through: a frame in a
// page's own HTML is removed, only an embed of an allowed origin makes one).
const frameAttr = "data-frame"

// framer frames the embeds of one rendering.
type framer struct {
	allowed map[string]bool
	token   string // random for each rendering: no page can write a placeholder
	frames  []string
}

func newFramer(origins []string) *framer {
	f := &framer{allowed: map[string]bool{}}
	for _, o := range origins {
		f.allowed[o] = true
	}
	if len(f.allowed) > 0 {
		nonce := make([]byte, 12)
		rand.Read(nonce) //nolint:errcheck // never fails
		f.token = "folio-frame-" + hex.EncodeToString(nonce)
	}
	return f
}

// mark gives an embed to frame its placeholder.
func (f *framer) mark(n ast.Node, src []byte) {
	if len(f.allowed) == 0 {
		return
	}
	name, _, attrs, ok := markdown.Liquid(n)
	if !ok || name != "embed" {
		return
	}
	frame, provider := EmbedFrame(attrs["url"])
	if frame == "" || !f.allowed[frameOrigin(frame)] {
		return
	}
	n.SetAttributeString(frameAttr, f.token+"-"+strconv.Itoa(len(f.frames)))
	f.frames = append(f.frames, frameHTML(frame, provider, attrs["url"], captionOf(n, src)))
}

// replace puts the frames in place of their placeholders in sanitized HTML.
func (f *framer) replace(html []byte) []byte {
	for i, h := range f.frames {
		html = bytes.Replace(html, []byte(`<div class="`+f.token+"-"+strconv.Itoa(i)+`"></div>`), []byte(h), 1)
	}
	return html
}

// placeholder is the class of an embed's placeholder, when it is framed.
func placeholder(n ast.Node) string {
	v, ok := n.AttributeString(frameAttr)
	if !ok {
		return ""
	}
	s, _ := v.(string)
	return s
}
