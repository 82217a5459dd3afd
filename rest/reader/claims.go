package reader

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"
)

// Unsigned claims. A reader may say things about themselves in the
// address, visitor.<name>=<value> (true, false and numbers are read as
// such, anything else as a string): conditions see them as
// visitor.claims.unsigned.<name>, beside the claims of a signed visitor
// token. The site's view (PublishedSiteEntry.view's unsignedClaims) keeps
// them only when the site's adaptive schema declares an unsigned property
// and they validate against it (its other required claims aside); the
// reader then keeps them in a cookie, and otherwise forgets them. Being
// unsigned, they decide only which conditional sections and site spaces
// show, never whether the reader may open the site.

const claimsCookie = "folio_claims_"

// unsignedFromQuery reads visitor.<name> parameters; nil when there are none.
func unsignedFromQuery(q url.Values) map[string]any {
	var out map[string]any
	for k, vs := range q {
		name, ok := strings.CutPrefix(k, "visitor.")
		if !ok || name == "" || len(vs) == 0 || len(name) > 100 || len(vs[0]) > 1000 {
			continue
		}
		if out == nil {
			out = map[string]any{}
		}
		out[name] = claimValue(vs[0])
	}
	return out
}

func claimValue(s string) any {
	var v any
	if json.Unmarshal([]byte(s), &v) == nil {
		switch v.(type) {
		case bool, float64:
			return v
		}
	}
	return s
}

func encodeClaims(c map[string]any) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// decodeClaims reads the claims cookie: nil when it holds none. Claims
// with a NUL character (a cookie Folio did not write: the address refuses
// them) are no claims at all, {}, which the view does not keep, so the
// cookie is cleared.
func decodeClaims(s string) map[string]any {
	if s == "" {
		return nil // no cookie: most readers
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil
	}
	var c map[string]any
	if json.Unmarshal(b, &c) != nil {
		return nil
	}
	if bytes.Contains(b, []byte(`\u0000`)) {
		return map[string]any{}
	}
	return c
}
