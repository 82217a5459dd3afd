package reader

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"folio/internal/pagerender"
)

// A site's customization (GitBook's SiteCustomizationSettings, as the
// published view hands it: the site's settings and those of each site
// space that overrides some) decides how its pages look. Everything is
// served from this server: colours, corners and font go into a stylesheet
// named after them (theme-*.css, so the CSP needs no inline style), an
// emoji favicon into an SVG named after its codepoints, and logos and
// icons are shown only from this server's own origin (an image elsewhere
// would be a request leaving it).

// look is what the reader shows of a customization.
type look struct {
	Title                       string
	LogoLight, LogoDark         string // paths on this origin; "" none
	FooterLogoLight, FooterLogo string
	Favicon                     string // path of the favicon; "" Folio's icon
	Primary, PrimaryDark        string // hex, no #
	Corners, Font               string
	Theme                       string // light, dark, or "" to follow the system
	HeaderLinks                 []lookLink
	Copyright                   string
	FooterGroups                []lookGroup
	Pagination, Trademark       bool
	Feedback                    bool
	Locale                      string
	Words                       words
	NewTab                      bool // external links open in a new tab
	// FrameOrigins are the origins a page's embeds may be framed from
	// (embeds.allowedOrigins, Folio's extension), canonical and sorted:
	// exactly the frame-src of the page's CSP.
	FrameOrigins []string
}

type lookLink struct{ Title, URL, Style string }

type lookGroup struct {
	Title string
	Links []lookLink
}

// settings is the part of SiteCustomizationSettings the reader shows.
type settings struct {
	Title   string `json:"title"`
	Styling struct {
		PrimaryColor themed `json:"primaryColor"`
		Corners      string `json:"corners"`
		Font         any    `json:"font"`
	} `json:"styling"`
	Internationalization struct {
		Locale string `json:"locale"`
	} `json:"internationalization"`
	Favicon struct {
		Icon  *themed `json:"icon"`
		Emoji string  `json:"emoji"`
	} `json:"favicon"`
	Header struct {
		Logo  *themed `json:"logo"`
		Links []struct {
			Title string     `json:"title"`
			Style string     `json:"style"`
			To    contentRef `json:"to"`
		} `json:"links"`
	} `json:"header"`
	Footer struct {
		Logo      *themed `json:"logo"`
		Copyright string  `json:"copyright"`
		Groups    []struct {
			Title string `json:"title"`
			Links []struct {
				Title string     `json:"title"`
				To    contentRef `json:"to"`
			} `json:"links"`
		} `json:"groups"`
	} `json:"footer"`
	Themes struct {
		Default string `json:"default"`
	} `json:"themes"`
	Feedback      struct{ Enabled bool } `json:"feedback"`
	Trademark     struct{ Enabled bool } `json:"trademark"`
	Pagination    struct{ Enabled bool } `json:"pagination"`
	ExternalLinks struct {
		Target string `json:"target"`
	} `json:"externalLinks"`
	Embeds struct {
		AllowedOrigins []string `json:"allowedOrigins"`
	} `json:"embeds"`
}

type themed struct{ Light, Dark string }

type contentRef struct {
	Kind string `json:"kind"`
	URL  string `json:"url"`
}

// href is where a link of the header or footer goes: a URL (http, https,
// mailto); references to content by id are not links the reader can make
// outside a page, so they are left out.
func (r contentRef) href() string {
	if r.Kind != "url" {
		return ""
	}
	u, err := url.Parse(r.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "mailto") {
		return ""
	}
	return r.URL
}

// looks are the looks of a site by site space id ("" the site's).
type looks struct {
	byID   map[string]*look
	digest string // changes with any setting, for the page cache key
}

func (l looks) of(siteSpaceID string) *look {
	if x := l.byID[siteSpaceID]; x != nil {
		return x
	}
	return l.byID[""]
}

// parseLooks reads a published view's customizations; origin is this
// server's scheme and host, the only one images are shown from.
func parseLooks(raw json.RawMessage, siteTitle, origin string) looks {
	var c struct {
		Site       json.RawMessage            `json:"site"`
		SiteSpaces map[string]json.RawMessage `json:"siteSpaces"`
	}
	json.Unmarshal(raw, &c) //nolint:errcheck // missing settings are the defaults
	sum := sha256.Sum256(raw)
	out := looks{byID: map[string]*look{"": makeLook(c.Site, siteTitle, origin)}, digest: hex.EncodeToString(sum[:8])}
	for id, s := range c.SiteSpaces {
		out.byID[id] = makeLook(s, siteTitle, origin)
	}
	return out
}

func makeLook(raw json.RawMessage, siteTitle, origin string) *look {
	s := settings{}
	s.Pagination.Enabled = true
	json.Unmarshal(raw, &s) //nolint:errcheck // missing settings are the defaults
	l := &look{Title: s.Title, Corners: s.Styling.Corners, Pagination: s.Pagination.Enabled, Trademark: s.Trademark.Enabled,
		Feedback: s.Feedback.Enabled, Copyright: s.Footer.Copyright, NewTab: s.ExternalLinks.Target == "blank"}
	if l.Title == "" {
		l.Title = siteTitle
	}
	l.Primary, l.PrimaryDark = colorOr(s.Styling.PrimaryColor.Light, "346ddb"), colorOr(s.Styling.PrimaryColor.Dark, "")
	if l.PrimaryDark == "" {
		l.PrimaryDark = l.Primary
	}
	if f, ok := s.Styling.Font.(string); ok && fontRe.MatchString(f) {
		l.Font = f
	}
	switch s.Themes.Default {
	case "light", "dark":
		l.Theme = s.Themes.Default
	}
	if s.Header.Logo != nil {
		l.LogoLight, l.LogoDark = localPath(s.Header.Logo.Light, origin), localPath(s.Header.Logo.Dark, origin)
	}
	if s.Footer.Logo != nil {
		l.FooterLogoLight, l.FooterLogo = localPath(s.Footer.Logo.Light, origin), localPath(s.Footer.Logo.Dark, origin)
	}
	switch {
	case s.Favicon.Icon != nil && localPath(s.Favicon.Icon.Light, origin) != "":
		l.Favicon = localPath(s.Favicon.Icon.Light, origin)
	case s.Favicon.Emoji != "":
		l.Favicon = emojiURL(s.Favicon.Emoji)
	}
	for _, h := range s.Header.Links {
		if u := h.To.href(); u != "" && h.Title != "" {
			l.HeaderLinks = append(l.HeaderLinks, lookLink{Title: h.Title, URL: u, Style: h.Style})
		}
	}
	for _, g := range s.Footer.Groups {
		grp := lookGroup{Title: g.Title}
		for _, x := range g.Links {
			if u := x.To.href(); u != "" {
				grp.Links = append(grp.Links, lookLink{Title: x.Title, URL: u})
			}
		}
		l.FooterGroups = append(l.FooterGroups, grp)
	}
	l.Locale, l.Words = localeWords(s.Internationalization.Locale)
	l.FrameOrigins = frameOrigins(s.Embeds.AllowedOrigins, origin)
	return l
}

// frameOrigins are the origins of allowed that embeds may be framed from:
// valid, canonical, once each, sorted; never this server's own (a frame of
// the same origin, allowed to run script as itself, could reach its page).
func frameOrigins(allowed []string, origin string) []string {
	self, _ := pagerender.Origin(origin)
	var out []string
	for _, a := range allowed {
		if o, ok := pagerender.Origin(a); ok && o != self && !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	slices.Sort(out)
	return out
}

var (
	fontRe    = regexp.MustCompile(`^[A-Za-z]{2,20}$`)
	cornersRe = `(straight|rounded|circular)`
	// theme-<light>-<dark>-<corners>-<font>.css
	themeRe = regexp.MustCompile(`^theme-([0-9a-f]{3}|[0-9a-f]{6})-([0-9a-f]{3}|[0-9a-f]{6})-` + cornersRe + `-([A-Za-z]{2,20}|system)\.css$`)
	emojiRe = regexp.MustCompile(`^emoji-([0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9})\.svg$`)
)

func colorOr(c, def string) string {
	c = strings.TrimPrefix(c, "#")
	if !hexColor.MatchString(c) {
		return def
	}
	return strings.ToLower(c)
}

// localPath is the path of a URL on this server's origin, "" for one
// elsewhere.
func localPath(raw, origin string) string {
	u, err := url.Parse(raw)
	o, err2 := url.Parse(origin)
	if err != nil || err2 != nil || u.Scheme != o.Scheme || u.Host != o.Host || !strings.HasPrefix(u.Path, "/") {
		return ""
	}
	return u.RequestURI()
}

// themeURL is the stylesheet of a look's colours, corners and font.
func (l *look) themeURL() string {
	font := l.Font
	if font == "" {
		font = "system"
	}
	corners := l.Corners
	if corners == "" {
		corners = "rounded"
	}
	return assetsPath + "theme-" + l.Primary + "-" + l.PrimaryDark + "-" + corners + "-" + font + ".css"
}

// themeCSS makes the stylesheet a themeRe name describes.
func themeCSS(m []string) string {
	light, dark, corners, font := m[1], m[2], m[3], m[4]
	var b strings.Builder
	b.WriteString(lookCSS)
	fmt.Fprintf(&b, ":root { --primary: #%s; --on-primary: %s; }\n", light, onColor(light))
	// Dark: when the page says so, or when it follows a system that prefers dark.
	fmt.Fprintf(&b, ":root[data-theme=dark] { --primary: #%s; --on-primary: %s; }\n", dark, onColor(dark))
	fmt.Fprintf(&b, "@media (prefers-color-scheme: dark) { :root:not([data-theme=light]) { --primary: #%s; --on-primary: %s; } }\n", dark, onColor(dark))
	switch corners {
	case "straight":
		b.WriteString("body *, body *::before, body *::after { border-radius: 0 !important; }\n")
	case "circular":
		b.WriteString("form.search input, a.button, nav.sections > a, nav.sections summary, details.variants summary { border-radius: 999px !important; }\n")
	}
	if font != "system" {
		// Only fonts the reader's device has: no font is fetched from elsewhere.
		fmt.Fprintf(&b, "body { font-family: %q, system-ui, -apple-system, \"Segoe UI\", Roboto, Arial, sans-serif; }\n", spacedFont(font))
	}
	return b.String()
}

// lookCSS styles what a customization adds to a page: logos (the dark
// one shown in the dark theme), header links and buttons, footer groups.
const lookCSS = `header.top .brand img.logo { width: auto; height: 28px; }
.logo-dark { display: none; }
:root[data-theme=dark] .logo-dark { display: inline; }
:root[data-theme=dark] .logo-light:has(+ .logo-dark) { display: none; }
@media (prefers-color-scheme: dark) {
  :root:not([data-theme=light]) .logo-dark { display: inline; }
  :root:not([data-theme=light]) .logo-light:has(+ .logo-dark) { display: none; }
}
nav.links { display: flex; gap: .5rem; align-items: center; }
nav.links a { padding: .35rem .7rem; border-radius: 6px; }
nav.links a.button.primary { background: var(--primary); color: var(--on-primary, #fff); }
nav.links a.button.secondary { border: 1px solid var(--primary); }
footer.site .groups { display: flex; flex-wrap: wrap; gap: 3rem; justify-content: center; margin-bottom: 1rem; text-align: left; }
footer.site .groups h2 { font-size: .85rem; margin: 0 0 .4rem; }
footer.site .groups ul { list-style: none; margin: 0; padding: 0; }
footer.site .groups li a { display: inline-block; min-height: 24px; line-height: 24px; margin: .1rem 0; }
footer.site img.logo { height: 28px; width: auto; }
`

// spacedFont turns GitBook's font names (OpenSans) into family names (Open Sans).
func spacedFont(f string) string {
	var b strings.Builder
	for i, r := range f {
		if i > 0 && r >= 'A' && r <= 'Z' && !(f[i-1] >= 'A' && f[i-1] <= 'Z') {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// emojiURL is the favicon of an emoji: an SVG named after its codepoints.
func emojiURL(e string) string {
	var parts []string
	for _, r := range e {
		parts = append(parts, fmt.Sprintf("%x", r))
	}
	if len(parts) == 0 || len(parts) > 10 {
		return ""
	}
	return assetsPath + "emoji-" + strings.Join(parts, "-") + ".svg"
}

// emojiSVG draws the emoji an emojiRe name holds.
func emojiSVG(m []string) ([]byte, bool) {
	var b strings.Builder
	for _, p := range strings.Split(m[1], "-") {
		var r rune
		if _, err := fmt.Sscanf(p, "%x", &r); err != nil || r < 0x20 || r > 0x10ffff || strings.ContainsRune(`<>&"'`, r) {
			return nil, false
		}
		b.WriteRune(r)
	}
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">` + b.String() + `</text></svg>`), true
}

// onColor is the text colour on a primary colour (a primary button's
// label): white on a dark colour, near-black on a light one, whichever
// contrasts more (WCAG's relative luminance: 0.179 is where both
// contrast equally).
func onColor(hexColor string) string {
	if len(hexColor) == 3 {
		hexColor = string([]byte{hexColor[0], hexColor[0], hexColor[1], hexColor[1], hexColor[2], hexColor[2]})
	}
	v, err := strconv.ParseUint(hexColor, 16, 32)
	if err != nil || len(hexColor) != 6 {
		return "#fff"
	}
	lin := func(c uint64) float64 {
		x := float64(c) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	l := 0.2126*lin(v>>16&0xff) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
	if l > 0.179 {
		return "#111"
	}
	return "#fff"
}
