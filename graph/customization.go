package graph

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"folio/domain"
	"folio/internal/pagerender"
	"folio/store"
)

// A site's customization is GitBook's SiteCustomizationSettings. Folio
// stores only what an admin set (a PUT replaces it: unset settings revert
// to the defaults) and fills in the defaults when reading, so a default
// that changes reaches every site that did not set it. A site space stores
// its overrides the same way; its settings are the site's with the
// overrides laid on top.

// customizationDefaults are the settings of a site that set none; the site's
// title is added when read.
func customizationDefaults() map[string]any {
	themed := func(light, dark string) map[string]any { return map[string]any{"light": light, "dark": dark} }
	return map[string]any{
		"styling": map[string]any{
			"theme": "clean", "primaryColor": themed("#346DDB", "#346DDB"),
			"tint":      map[string]any{"color": themed("#346DDB", "#346DDB")},
			"infoColor": themed("#787878", "#787878"), "successColor": themed("#3ba13b", "#3ba13b"),
			"warningColor": themed("#e09d22", "#e09d22"), "dangerColor": themed("#fb2c36", "#fb2c36"),
			"corners": "rounded", "depth": "subtle", "links": "default", "font": "Inter", "monospaceFont": "IBMPlexMono",
			"codeTheme":  map[string]any{"default": themed("default-light", "default-dark"), "openapi": themed("default-light", "default-dark")},
			"background": "plain", "icons": "regular", "sidebar": map[string]any{"background": "default", "list": "default"},
			"search": "subtle",
		},
		"internationalization":  map[string]any{"locale": "en"},
		"favicon":               map[string]any{},
		"header":                map[string]any{"preset": "default", "links": []any{}},
		"footer":                map[string]any{"groups": []any{}},
		"themes":                map[string]any{"default": "system", "toggeable": true},
		"feedback":              map[string]any{"enabled": false},
		"ai":                    map[string]any{"mode": "none"},
		"advancedCustomization": map[string]any{"enabled": false},
		"trademark":             map[string]any{"enabled": false},
		"externalLinks":         map[string]any{"target": "self"},
		"pagination":            map[string]any{"enabled": true},
		"pageActions":           map[string]any{"items": []any{}},
		"privacyPolicy":         map[string]any{},
		"socialPreview":         map[string]any{},
		"socialAccounts":        []any{},
		"insights":              map[string]any{"trackingCookie": false},
		// Folio's own (GitBook has no such setting): the origins a page's
		// embeds may be framed from; none, so every embed is a link.
		"embeds": map[string]any{"allowedOrigins": []any{}},
	}
}

// effectiveCustomization lays the stored settings of a site (and of a site
// space, if any) over the defaults, with the site's title when none is set.
func effectiveCustomization(title string, layers ...json.RawMessage) map[string]any {
	out := customizationDefaults()
	out["title"] = title
	for _, l := range layers {
		if len(l) == 0 || string(l) == "null" {
			continue
		}
		var m map[string]any
		if json.Unmarshal(l, &m) == nil {
			mergeSettings(out, m)
		}
	}
	return out
}

// mergeSettings lays src over dst: objects merge key by key, anything else
// (arrays included) replaces; a null removes the key.
func mergeSettings(dst, src map[string]any) {
	for k, v := range src {
		if v == nil {
			delete(dst, k)
			continue
		}
		if sm, ok := v.(map[string]any); ok && !leafObject(k) {
			if dm, ok := dst[k].(map[string]any); ok {
				dm = maps.Clone(dm)
				mergeSettings(dm, sm)
				dst[k] = dm
				continue
			}
		}
		dst[k] = v
	}
}

// leafObject names the objects replaced whole rather than merged: a
// favicon is an icon or an emoji, never both.
func leafObject(key string) bool { return key == "favicon" }

// A customizationRule checks one setting; it returns what is wrong with it.
type customizationRule func(v any) string

var (
	colorRe = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}){1,2}$`)

	locales = []string{"en", "fr", "es", "zh", "ja", "de", "nl", "no", "pt-br", "ru"}
	fonts   = []string{"ABCFavorit", "Inter", "Roboto", "RobotoSlab", "OpenSans", "SourceSansPro", "Lato", "Ubuntu",
		"Raleway", "Merriweather", "Overpass", "NotoSans", "IBMPlexSerif", "Poppins", "FiraSans"}
	monoFonts = []string{"FiraCode", "IBMPlexMono", "JetBrainsMono", "SourceCodePro", "RobotoMono", "SpaceMono", "DMMono", "Inconsolata"}
	// translationLanguages are GitBook's TranslationLanguage, the keys of
	// localized strings.
	translationLanguages = strings.Fields("en fr de es it pt pt-br ru ja zh zh-tw yue ko ar hi nl pl tr sv no da fi el cs hu ro th vi id ms he uk sk bg hr lt lv et sl")
	codeThemes           = strings.Fields(`default-light default-dark monochrome-light monochrome-dark andromeeda aurora-x ayu-dark
catppuccin-frappe catppuccin-latte catppuccin-macchiato catppuccin-mocha dark-plus dracula dracula-soft everforest-dark
everforest-light github-dark github-dark-default github-dark-dimmed github-dark-high-contrast github-light github-light-default
github-light-high-contrast gruvbox-dark-hard gruvbox-dark-medium gruvbox-dark-soft gruvbox-light-hard gruvbox-light-medium
gruvbox-light-soft houston kanagawa-dragon kanagawa-lotus kanagawa-wave laserwave light-plus material-theme material-theme-darker
material-theme-lighter material-theme-ocean material-theme-palenight min-dark min-light monokai night-owl nord one-dark-pro
one-light plastic poimandres red rose-pine rose-pine-dawn rose-pine-moon slack-dark slack-ochin snazzy-light solarized-dark
solarized-light synthwave-84 tokyo-night vesper vitesse-black vitesse-dark vitesse-light`)
	socialPlatforms = strings.Fields("twitter instagram facebook linkedin github discord slack youtube tiktok reddit bluesky mastodon threads medium")
)

func enumRule(values ...string) customizationRule {
	return func(v any) string {
		s, ok := v.(string)
		if !ok || !slices.Contains(values, s) {
			return "must be one of " + strings.Join(values, ", ")
		}
		return ""
	}
}

func boolRule(v any) string {
	if _, ok := v.(bool); !ok {
		return "must be true or false"
	}
	return ""
}

func stringRule(min, max int) customizationRule {
	return func(v any) string {
		s, ok := v.(string)
		if !ok {
			return "must be a string"
		}
		if n := utf8.RuneCountInString(s); n < min || n > max {
			return fmt.Sprintf("must be %d to %d characters long", min, max)
		}
		return ""
	}
}

// urlSetting admits an absolute http(s) URL of at most 2048 characters.
func urlSetting(v any) string {
	s, ok := v.(string)
	if !ok || len(s) > 2048 {
		return "must be a URL of at most 2048 characters"
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "must be an absolute http or https URL"
	}
	return ""
}

func colorRule(v any) string {
	if s, ok := v.(string); !ok || !colorRe.MatchString(s) {
		return "must be a hex colour such as #346DDB"
	}
	return ""
}

// objectRule checks an object's properties: required ones must be there,
// unknown ones are refused.
func objectRule(props map[string]customizationRule, required ...string) customizationRule {
	return func(v any) string {
		m, ok := v.(map[string]any)
		if !ok {
			return "must be an object"
		}
		for _, r := range required {
			if _, ok := m[r]; !ok {
				return "needs " + r
			}
		}
		for _, k := range sortedKeys(m) {
			rule, ok := props[k]
			if !ok {
				return fmt.Sprintf("has an unknown property %q", k)
			}
			if msg := rule(m[k]); msg != "" {
				return k + ": " + msg
			}
		}
		return ""
	}
}

func arrayRule(max int, item customizationRule) customizationRule {
	return func(v any) string {
		a, ok := v.([]any)
		if !ok {
			return "must be an array"
		}
		if len(a) > max {
			return fmt.Sprintf("must have at most %d items", max)
		}
		for i, x := range a {
			if msg := item(x); msg != "" {
				return fmt.Sprintf("[%d]: %s", i, msg)
			}
		}
		return ""
	}
}

func themedRule(each customizationRule) customizationRule {
	return objectRule(map[string]customizationRule{"light": each, "dark": each}, "light", "dark")
}

func localizedRule(max int) customizationRule {
	return func(v any) string {
		m, ok := v.(map[string]any)
		if !ok {
			return "must be an object keyed by language"
		}
		for _, k := range sortedKeys(m) {
			if !slices.Contains(translationLanguages, k) {
				return fmt.Sprintf("%q is not a language", k)
			}
			if msg := stringRule(0, max)(m[k]); msg != "" {
				return k + ": " + msg
			}
		}
		return ""
	}
}

func oneOfRule(rules ...customizationRule) customizationRule {
	return func(v any) string {
		var first string
		for _, r := range rules {
			msg := r(v)
			if msg == "" {
				return ""
			}
			if first == "" {
				first = msg
			}
		}
		return first
	}
}

func nullable(r customizationRule) customizationRule {
	return func(v any) string {
		if v == nil {
			return ""
		}
		return r(v)
	}
}

// contentRefRule admits GitBook's ContentRef: a URL (http, https or mailto)
// or a reference to content by id.
func contentRefRule(v any) string {
	m, ok := v.(map[string]any)
	if !ok {
		return "must be a content reference such as {\"kind\": \"url\", \"url\": \"https://…\"}"
	}
	kinds := map[string][]string{"url": {"url"}, "page": {"page"}, "anchor": {"anchor"}, "file": {"file"}, "space": {"space"},
		"collection": {"collection"}, "user": {"user"}, "reusable-content": {"reusableContent"}, "tag": {"tag"}, "openapi": {"spec"}}
	kind, _ := m["kind"].(string)
	req, ok := kinds[kind]
	if !ok {
		return "kind must be one of url, page, anchor, file, space, collection, user, reusable-content, tag, openapi"
	}
	props := map[string]customizationRule{"kind": enumRule(kind), "space": stringRule(1, 64), "page": stringRule(1, 64)}
	for _, r := range req {
		props[r] = stringRule(1, 2048)
	}
	if kind == "url" {
		props["url"] = func(v any) string {
			s, _ := v.(string)
			if strings.HasPrefix(s, "mailto:") && len(s) > 7 && len(s) <= 2048 {
				return ""
			}
			return urlSetting(v)
		}
	}
	return objectRule(props, req...)(v)
}

var (
	themedColor = themedRule(colorRule)
	fontDef     = objectRule(map[string]customizationRule{
		"id": stringRule(1, 128), "custom": boolRule, "fontFamily": stringRule(1, 50),
		"fontFaces": arrayRule(20, objectRule(map[string]customizationRule{
			"weight": func(v any) string {
				if f, ok := v.(float64); !ok || f != float64(int(f)) || f < 1 || f > 1000 {
					return "must be a whole number from 1 to 1000"
				}
				return ""
			},
			"sources": arrayRule(10, objectRule(map[string]customizationRule{"url": urlSetting, "format": enumRule("woff2", "woff")}, "url")),
		}, "weight", "sources")),
	}, "id", "custom", "fontFamily", "fontFaces")
	contentLink = objectRule(map[string]customizationRule{"title": stringRule(0, 64), "localizedTitle": localizedRule(64), "to": contentRefRule}, "title", "to")
	emojiRule   = func(v any) string {
		s, ok := v.(string)
		if !ok || s == "" || len(s) > 50 || strings.ContainsAny(s, "<>&\"' ") {
			return "must be an emoji (a character or its codepoint, at most 50 characters)"
		}
		return ""
	}

	// customizationRules are the settings of SiteCustomizationSettingsInput.
	customizationRules = map[string]customizationRule{
		"title":          stringRule(2, 128),
		"localizedTitle": localizedRule(128),
		"styling": objectRule(map[string]customizationRule{
			"theme": enumRule("clean", "muted", "bold", "gradient"), "primaryColor": themedColor,
			"tint":      objectRule(map[string]customizationRule{"color": themedColor}, "color"),
			"infoColor": themedColor, "successColor": themedColor, "warningColor": themedColor, "dangerColor": themedColor,
			"corners": enumRule("straight", "rounded", "circular"), "depth": enumRule("subtle", "flat"),
			"links": enumRule("default", "accent"), "font": oneOfRule(enumRule(fonts...), fontDef),
			"headingFont":   nullable(oneOfRule(enumRule(fonts...), fontDef)),
			"monospaceFont": oneOfRule(enumRule(monoFonts...), fontDef),
			"background":    enumRule("plain", "match"), "icons": enumRule("regular", "solid", "duotone", "light", "thin"),
			"codeTheme": objectRule(map[string]customizationRule{"default": themedRule(enumRule(codeThemes...)),
				"openapi": themedRule(enumRule(codeThemes...))}, "default", "openapi"),
			"sidebar": objectRule(map[string]customizationRule{"background": enumRule("default", "filled"),
				"list": enumRule("default", "pill", "line")}, "background", "list"),
			"search": enumRule("prominent", "subtle"),
		}),
		"internationalization": objectRule(map[string]customizationRule{"locale": enumRule(locales...)}, "locale"),
		"favicon": oneOfRule(
			objectRule(map[string]customizationRule{"icon": themedRule(urlSetting)}, "icon"),
			objectRule(map[string]customizationRule{"emoji": emojiRule}, "emoji"),
			objectRule(map[string]customizationRule{})),
		"header": objectRule(map[string]customizationRule{
			"preset": enumRule("default", "bold", "contrast", "custom", "none"), "logo": themedRule(urlSetting),
			"primaryLink": contentRefRule, "backgroundColor": themedColor, "linkColor": themedColor,
			"links": arrayRule(20, objectRule(map[string]customizationRule{
				"title": stringRule(1, 64), "localizedTitle": localizedRule(64),
				"style": enumRule("link", "button-primary", "button-secondary"), "to": nullable(contentRefRule),
				"links": arrayRule(20, contentLink), "condition": stringRule(0, 1024),
			}, "title", "links", "to")),
		}),
		"footer": objectRule(map[string]customizationRule{
			"logo": themedRule(urlSetting), "copyright": stringRule(0, 512),
			"groups": arrayRule(10, objectRule(map[string]customizationRule{
				"title": stringRule(1, 64), "localizedTitle": localizedRule(64), "links": arrayRule(20, contentLink)}, "title", "links")),
		}, "groups"),
		"announcement": objectRule(map[string]customizationRule{"enabled": boolRule, "message": stringRule(2, 128),
			"localizedMessage": localizedRule(128), "link": contentLink, "style": enumRule("info", "warning", "danger", "success")},
			"enabled", "message", "style"),
		"themes":   objectRule(map[string]customizationRule{"default": enumRule("light", "dark", "system"), "toggeable": boolRule}, "default", "toggeable"),
		"feedback": objectRule(map[string]customizationRule{"enabled": boolRule}, "enabled"),
		"ai": objectRule(map[string]customizationRule{"mode": enumRule("none", "search", "assistant"), "greeting": stringRule(0, 256),
			"localizedGreeting": localizedRule(128), "suggestions": arrayRule(5, stringRule(3, 64)), "instructions": stringRule(0, 10000)}, "mode"),
		"advancedCustomization": objectRule(map[string]customizationRule{"enabled": boolRule}, "enabled"),
		"trademark":             objectRule(map[string]customizationRule{"enabled": boolRule}, "enabled"),
		"externalLinks":         objectRule(map[string]customizationRule{"target": enumRule("self", "blank")}, "target"),
		"pagination":            objectRule(map[string]customizationRule{"enabled": boolRule}, "enabled"),
		"pageActions": objectRule(map[string]customizationRule{"items": arrayRule(6,
			enumRule("assistant", "external-ai", "markdown", "mcp", "git", "pdf"))}),
		"privacyPolicy": objectRule(map[string]customizationRule{"url": urlSetting}),
		"socialPreview": objectRule(map[string]customizationRule{"url": urlSetting}),
		"socialAccounts": arrayRule(10, objectRule(map[string]customizationRule{
			"platform": enumRule(socialPlatforms...), "handle": stringRule(1, 128),
			"display": objectRule(map[string]customizationRule{"footer": boolRule, "header": boolRule}, "footer", "header"),
		}, "platform", "handle", "display")),
		"insights": objectRule(map[string]customizationRule{"trackingCookie": boolRule}, "trackingCookie"),
		// A Folio extension: the origins the published pages' embeds may be
		// framed from (and so the reader's CSP frame-src).
		"embeds": objectRule(map[string]customizationRule{"allowedOrigins": arrayRule(maxEmbedOrigins, originRule)}, "allowedOrigins"),
	}
)

// maxEmbedOrigins bounds a site's embeds.allowedOrigins (each goes into the
// Content-Security-Policy header of its pages).
const maxEmbedOrigins = 50

// originRule admits an http(s) origin: a scheme and a host (a port too),
// nothing else: no path, no wildcard.
func originRule(v any) string {
	s, ok := v.(string)
	if !ok || len(s) > 300 {
		return "must be an origin of at most 300 characters"
	}
	if _, ok := pagerender.Origin(s); !ok {
		return "must be an origin such as https://www.youtube-nocookie.com: http or https, a host and maybe a port, no path or wildcard"
	}
	return ""
}

// checkCustomization validates the settings of a PUT: an object of known
// settings, each valid. updatedAt, which GET answers, is accepted and
// dropped so that a GET body can be sent back as is. Its error is
// INVALID naming the first setting that is wrong.
func checkCustomization(input any) (json.RawMessage, error) {
	m, ok := input.(map[string]any)
	if !ok {
		return nil, domain.Invalid("input", "the customization settings must be a JSON object")
	}
	m = maps.Clone(m)
	delete(m, "updatedAt")
	delete(m, "hasOverrides")
	for _, k := range sortedKeys(m) {
		rule, ok := customizationRules[k]
		if !ok {
			return nil, domain.Invalid(k, "%q is not a customization setting", k)
		}
		if msg := rule(m[k]); msg != "" {
			return nil, domain.Invalid(k, "%s: %s", k, msg)
		}
	}
	return json.Marshal(m)
}

// checkOverrides validates the overrides of a site space (PATCH): any
// setting may be null, which removes its override; objects are checked
// setting by setting once laid over the site's settings, so an override
// may name one colour of a themed pair only where the site's settings
// complete it. It returns the new overrides: old ones with these laid
// over; none left is nil.
func checkOverrides(old json.RawMessage, input any, site map[string]any) (json.RawMessage, error) {
	m, ok := input.(map[string]any)
	if !ok {
		return nil, domain.Invalid("input", "the customization overrides must be a JSON object")
	}
	var stored map[string]any
	json.Unmarshal(old, &stored) //nolint:errcheck // stored by this code; none is null
	if stored == nil {
		stored = map[string]any{}
	}
	for _, k := range sortedKeys(m) {
		if _, ok := customizationRules[k]; !ok && k != "updatedAt" && k != "hasOverrides" {
			return nil, domain.Invalid(k, "%q is not a customization setting", k)
		}
	}
	delete(m, "updatedAt")
	delete(m, "hasOverrides")
	mergeSettings(stored, pruneNulls(m, stored))
	// The settings the site space ends up with must all be valid.
	effective := maps.Clone(site)
	mergeSettings(effective, stored)
	for _, k := range sortedKeys(stored) {
		if msg := customizationRules[k](effective[k]); msg != "" {
			return nil, domain.Invalid(k, "%s: %s", k, msg)
		}
	}
	if len(stored) == 0 {
		return nil, nil
	}
	return json.Marshal(stored)
}

// pruneNulls turns the nulls of a PATCH into removals from the stored
// overrides (an override set to null falls back to the site's value) and
// returns what is left to lay over them.
func pruneNulls(patch, stored map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range patch {
		switch x := v.(type) {
		case nil:
			delete(stored, k)
		case map[string]any:
			if leafObject(k) {
				out[k] = x
				continue
			}
			sub, _ := stored[k].(map[string]any)
			if sub == nil {
				sub = map[string]any{}
			} else {
				sub = maps.Clone(sub)
			}
			rest := pruneNulls(x, sub)
			mergeSettings(sub, rest)
			if len(sub) == 0 {
				delete(stored, k)
			} else {
				stored[k] = sub
			}
		default:
			out[k] = v
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// decodeSettings reads a JSON scalar's value; what is not JSON decodes to
// nil, which the checks refuse as not an object.
func decodeSettings(raw json.RawMessage) any {
	var v any
	json.Unmarshal(raw, &v) //nolint:errcheck // nil is refused by the caller
	return v
}

// siteCustomization is a site's SiteCustomizationSettings.
func siteCustomization(site *store.Site) json.RawMessage {
	out := effectiveCustomization(site.Title, site.Customization)
	if site.CustomizationUpdatedAt != nil {
		out["updatedAt"] = site.CustomizationUpdatedAt.UTC().Format(time.RFC3339Nano)
	}
	b, _ := json.Marshal(out)
	return b
}

// siteSpaceCustomization is a site space's SiteSpaceCustomizationSettings:
// the site's settings with its overrides laid over.
func siteSpaceCustomization(site *store.Site, ss *store.SiteSpace) json.RawMessage {
	out := effectiveCustomization(site.Title, site.Customization, ss.Customization)
	out["hasOverrides"] = len(ss.Customization) > 0 && string(ss.Customization) != "null"
	at := site.CustomizationUpdatedAt
	if ss.CustomizationUpdatedAt != nil && (at == nil || ss.CustomizationUpdatedAt.After(*at)) {
		at = ss.CustomizationUpdatedAt
	}
	if at != nil {
		out["updatedAt"] = at.UTC().Format(time.RFC3339Nano)
	}
	b, _ := json.Marshal(out)
	return b
}
