package graph

import (
	"bytes"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/golang-jwt/jwt/v5"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"folio/domain"
	"folio/store"
)

// Visitors of a site: who they are (a visitor JWT signed with the site's
// key), what they claim (the token's claims), and what they see (the
// sections and site spaces whose condition holds for those claims).

// Visitor key algorithms. Tokens are checked with exactly the site's
// algorithm, so "none" and algorithm confusion (an HS256 token signed with
// an RS256 site's public key as the secret) are refused.
const (
	algHS256 = "HS256"
	algRS256 = "RS256"
)

// checkVisitorKey checks a key for an algorithm: HS256 secrets of at least
// 32 bytes, RS256 PEM public keys of at least 2048 bits.
func checkVisitorKey(alg, key string) error {
	switch alg {
	case algHS256:
		if len(key) < 32 {
			return domain.Invalid("key", "an HS256 secret must have at least 32 bytes")
		}
	case algRS256:
		pub, err := jwt.ParseRSAPublicKeyFromPEM([]byte(key))
		if err != nil {
			return domain.Invalid("key", "must be an RSA public key in PEM form")
		}
		if pub.N.BitLen() < 2048 {
			return domain.Invalid("key", "an RSA key must have at least 2048 bits")
		}
	default:
		return domain.Invalid("algorithm", "must be HS256 or RS256")
	}
	return nil
}

// Limits on visitor JWTs. A token must carry exp, and may live at most
// MaxVisitorTokenLifetime counted from its iat (or from now when it has
// none); iat may be at most VisitorTokenLeeway in the future, and exp and
// nbf are checked with the same leeway for clock skew. When the site's
// visitor key names an audience, the token's aud must include it. Folio
// understands no critical header extensions, so a token with a crit header
// is refused (RFC 7515, section 4.1.11).
const (
	MaxVisitorTokenLifetime = 24 * time.Hour
	VisitorTokenLeeway      = 60 * time.Second
)

// visitorClaims verifies a visitor JWT with the site's key and returns its
// claims; FORBIDDEN when the site has no key or the token fails. now is the
// server's clock.
func visitorClaims(site store.Site, token string, now func() time.Time) (map[string]any, error) {
	refused := domain.Errorf(domain.CodeForbidden, "the visitor token is not valid for this site")
	if site.VisitorKey == nil || site.VisitorKeyAlg == nil {
		return nil, domain.Errorf(domain.CodeForbidden, "this site has no visitor key: an admin sets one first")
	}
	alg := *site.VisitorKeyAlg
	var key any = []byte(*site.VisitorKey)
	if alg == algRS256 {
		pub, err := jwt.ParseRSAPublicKeyFromPEM([]byte(*site.VisitorKey))
		if err != nil {
			return nil, fmt.Errorf("site %s visitor key: %w", site.ID, err)
		}
		key = pub
	}
	opts := []jwt.ParserOption{
		jwt.WithValidMethods([]string{alg}),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(VisitorTokenLeeway),
		jwt.WithTimeFunc(now),
	}
	if site.VisitorKeyAudience != nil {
		opts = append(opts, jwt.WithAudience(*site.VisitorKeyAudience))
	}
	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(token, claims, func(t *jwt.Token) (any, error) {
		if _, crit := t.Header["crit"]; crit {
			return nil, errors.New("critical header extensions are not supported")
		}
		if _, isRSA := key.(*rsa.PublicKey); isRSA != (alg == algRS256) {
			return nil, fmt.Errorf("key type does not match %s", alg)
		}
		return key, nil
	}, opts...)
	if err != nil {
		return nil, refused
	}
	// The parser has checked exp (present, not past) and iat (not future).
	exp, err := claims.GetExpirationTime()
	if err != nil || exp == nil {
		return nil, refused
	}
	from := now()
	if iat, err := claims.GetIssuedAt(); err == nil && iat != nil {
		from = iat.Time
	}
	if exp.Sub(from) > MaxVisitorTokenLifetime {
		return nil, refused
	}
	return claims, nil
}

// conditionEnv is the shape of what a condition reads: visitor.claims.
func conditionEnv(claims map[string]any) map[string]any {
	if claims == nil {
		claims = map[string]any{}
	}
	return map[string]any{"visitor": map[string]any{"claims": claims}}
}

// checkCondition parses and type-checks a condition when it is saved: an
// expr-lang expression over visitor.claims that yields a boolean.
func checkCondition(src *string) error {
	if src == nil {
		return nil
	}
	if _, err := expr.Compile(*src, expr.Env(conditionEnv(nil)), expr.AsBool()); err != nil {
		return domain.Invalid("condition", "is not a valid expression: %v", err)
	}
	return nil
}

// conditionHolds evaluates a condition for a visitor's claims; no condition
// holds, and one that fails at run time (a claim of the wrong type) does not.
func conditionHolds(src *string, claims map[string]any) bool {
	if src == nil {
		return true
	}
	prog, err := expr.Compile(*src, expr.Env(conditionEnv(nil)), expr.AsBool())
	if err != nil {
		return false
	}
	out, err := expr.Run(prog, conditionEnv(claims))
	b, ok := out.(bool)
	return err == nil && ok && b
}

// draft07 names the only JSON Schema dialect an adaptive schema may declare.
var draft07 = map[string]bool{"http://json-schema.org/draft-07/schema#": true, "http://json-schema.org/draft-07/schema": true}

// checkAdaptiveSchema checks that doc is a JSON Schema draft-07 document
// (validated against the draft-07 meta-schema) of type object.
func checkAdaptiveSchema(doc json.RawMessage) error {
	var top map[string]any
	if err := json.Unmarshal(doc, &top); err != nil {
		return domain.Invalid("jsonSchema", "must be a JSON object")
	}
	if s, ok := top["$schema"]; ok {
		if str, isString := s.(string); !isString || !draft07[str] {
			return domain.Invalid("jsonSchema", "$schema must be http://json-schema.org/draft-07/schema#")
		}
	}
	if top["type"] != "object" {
		return domain.Invalid("jsonSchema", `type must be "object"`)
	}
	parsed, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return domain.Invalid("jsonSchema", "must be a JSON object")
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	loader := &RefusingLoader{}
	c.UseLoader(loader)
	// A hierarchical base, so a relative $ref ("other.json") resolves to a
	// URL of its own (and is refused) rather than to the document itself.
	const base = "folio:///"
	const url = base + "site-adaptive-schema.json"
	if err := c.AddResource(url, parsed); err != nil {
		return domain.Invalid("jsonSchema", "is not a valid JSON Schema: %v", err)
	}
	if _, err := c.Compile(url); err != nil {
		if len(loader.Refused) > 0 {
			return domain.Invalid("jsonSchema", "external $ref %q is not allowed", strings.TrimPrefix(loader.Refused[0], base))
		}
		return domain.Invalid("jsonSchema", "is not a valid JSON Schema draft-07 document: %s", schemaError(err))
	}
	return nil
}

// RefusingLoader is the loader of every JSON Schema compiler in Folio: it
// loads nothing, so a $ref (or $schema) that leaves the document being
// compiled never reads a file or fetches a URL, whatever its scheme.
// References inside the document (#/definitions/..., #/$defs/...) and the
// draft meta-schemas built into the library are resolved without it.
// Refused lists the URLs it was asked for.
type RefusingLoader struct{ Refused []string }

// Load refuses every URL.
func (l *RefusingLoader) Load(url string) (any, error) {
	l.Refused = append(l.Refused, url)
	return nil, fmt.Errorf("external $ref %q is not allowed", url)
}

// schemaError is the first line of a schema compilation error, without
// the library's internal URLs.
func schemaError(err error) string {
	msg := err.Error()
	if i := bytes.IndexByte([]byte(msg), '\n'); i > 0 {
		msg = msg[:i]
	}
	return msg
}
