package graph

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"folio/domain"
	"folio/store"
)

// Fuzz targets for what a visitor or a site admin sends: visitor JWTs,
// adaptive JSON schemas and section conditions. Run one with
//
//	go test -run x -fuzz FuzzVisitorClaims -fuzztime 1m ./graph
//
// or all of them with `make fuzz`.

const fuzzVisitorKey = "0123456789abcdef0123456789abcdef-fuzz"

var fuzzNow = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func fuzzSite() store.Site {
	alg, key := algHS256, fuzzVisitorKey
	return store.Site{ID: "site1", VisitorKeyAlg: &alg, VisitorKey: &key}
}

func hs256(key string, signingInput string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(signingInput))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// fuzzToken signs header and claims (JSON texts) with key.
func fuzzToken(key string, header, claims []byte) string {
	enc := base64.RawURLEncoding
	in := enc.EncodeToString(header) + "." + enc.EncodeToString(claims)
	return in + "." + hs256(key, in)
}

// checkAccepted holds for every token visitorClaims accepts: it is three
// base64url parts signed with the site's key under HS256, with no crit
// header, and its exp is present, not past, and at most
// MaxVisitorTokenLifetime after its iat (or now).
func checkAccepted(t *testing.T, token string, claims map[string]any) {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("accepted a token of %d parts: %q", len(parts), token)
	}
	sig, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[2], "="))
	want := hmac.New(sha256.New, []byte(fuzzVisitorKey))
	want.Write([]byte(parts[0] + "." + parts[1]))
	if err != nil || !hmac.Equal(sig, want.Sum(nil)) {
		t.Fatalf("accepted a token not signed with the site's key: %q", token)
	}
	hb, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[0], "="))
	var header map[string]any
	if err != nil || json.Unmarshal(hb, &header) != nil {
		t.Fatalf("accepted a token whose header is not a JSON object: %q", token)
	}
	if header["alg"] != algHS256 {
		t.Fatalf("accepted a token with alg %v: %q", header["alg"], token)
	}
	if _, crit := header["crit"]; crit {
		t.Fatalf("accepted a token with a crit header: %q", token)
	}
	exp, ok := claims["exp"].(float64)
	if !ok {
		if n, isNum := claims["exp"].(json.Number); isNum {
			exp, _ = n.Float64()
			ok = true
		}
	}
	if !ok {
		t.Fatalf("accepted a token without a numeric exp: %q (%v)", token, claims)
	}
	leeway := VisitorTokenLeeway.Seconds()
	if now := float64(fuzzNow.Unix()); exp < now-leeway-1 {
		t.Fatalf("accepted an expired token: exp %v, now %v", exp, now)
	}
	from := float64(fuzzNow.Unix())
	if iat, isNum := claims["iat"].(float64); isNum {
		from = iat
	}
	if exp-from > MaxVisitorTokenLifetime.Seconds()+1 {
		t.Fatalf("accepted a token living %vs", exp-from)
	}
}

func checkRefusal(t *testing.T, err error) {
	t.Helper()
	var de *domain.Error
	if !errors.As(err, &de) || de.Code != domain.CodeForbidden {
		t.Fatalf("refused with %T %v, want FORBIDDEN", err, err)
	}
}

// FuzzVisitorClaims: any token text is refused with FORBIDDEN or accepted
// only when checkAccepted holds.
func FuzzVisitorClaims(f *testing.F) {
	exp := fuzzNow.Add(time.Hour).Unix()
	good := fuzzToken(fuzzVisitorKey, []byte(`{"alg":"HS256","typ":"JWT"}`), []byte(`{"exp":`+itoa(exp)+`,"sub":"v"}`))
	f.Add(good)
	f.Add(good[:len(good)-1])
	f.Add(good + "=")
	f.Add(fuzzToken(fuzzVisitorKey, []byte(`{"alg":"none"}`), []byte(`{"exp":`+itoa(exp)+`}`)))
	f.Add(fuzzToken("another key", []byte(`{"alg":"HS256"}`), []byte(`{"exp":`+itoa(exp)+`}`)))
	f.Add(fuzzToken(fuzzVisitorKey, []byte(`{"alg":"HS256","crit":["x"]}`), []byte(`{"exp":`+itoa(exp)+`}`)))
	f.Add(fuzzToken(fuzzVisitorKey, []byte(`{"alg":"HS256"}`), []byte(`{"exp":1e300,"iat":1e300}`)))
	f.Add("")
	f.Add("..")
	f.Add("a.b.c.d")
	f.Fuzz(func(t *testing.T, token string) {
		claims, err := visitorClaims(fuzzSite(), token, func() time.Time { return fuzzNow })
		if err != nil {
			checkRefusal(t, err)
			return
		}
		checkAccepted(t, token, claims)
	})
}

// FuzzVisitorClaimsSigned builds tokens from the fuzzer's header and claims
// bytes, signed with the site's key or with another: one signed with
// another key is never accepted, one signed with the site's key only when
// checkAccepted holds.
func FuzzVisitorClaimsSigned(f *testing.F) {
	exp := itoa(fuzzNow.Add(time.Hour).Unix())
	for _, c := range []struct{ header, claims string }{
		{`{"alg":"HS256","typ":"JWT"}`, `{"exp":` + exp + `,"sub":"v","groups":["a"]}`},
		{`{"alg":"HS256"}`, `{"exp":` + exp + `,"iat":` + itoa(fuzzNow.Unix()) + `,"aud":"x","nbf":0}`},
		{`{"alg":"HS256"}`, `{"exp":"` + exp + `"}`},
		{`{"alg":"HS256"}`, `{"exp":` + exp + `,"iat":` + itoa(fuzzNow.Add(-48*time.Hour).Unix()) + `}`},
		{`{"alg":"RS256"}`, `{"exp":` + exp + `}`},
		{`{"alg":"none"}`, `{"exp":` + exp + `}`},
		{`{"alg":"HS256","crit":[]}`, `{"exp":` + exp + `}`},
		{`{"alg":"HS256"}`, `{}`},
		{`[]`, `[]`},
	} {
		f.Add([]byte(c.header), []byte(c.claims), true)
		f.Add([]byte(c.header), []byte(c.claims), false)
	}
	f.Fuzz(func(t *testing.T, header, payload []byte, withSiteKey bool) {
		key := fuzzVisitorKey
		if !withSiteKey {
			key = "another key, from an attacker, 32+ bytes long"
		}
		token := fuzzToken(key, header, payload)
		claims, err := visitorClaims(fuzzSite(), token, func() time.Time { return fuzzNow })
		if err != nil {
			checkRefusal(t, err)
			return
		}
		if !withSiteKey {
			t.Fatalf("accepted a token signed with another key: header %q claims %q", header, payload)
		}
		checkAccepted(t, token, claims)
	})
}

// FuzzAdaptiveSchema: any JSON text is a valid adaptive schema or an
// INVALID error naming jsonSchema; never a panic, never a fetch (the
// compiler's loader refuses every URL).
func FuzzAdaptiveSchema(f *testing.F) {
	for _, s := range []string{
		`{"type":"object"}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"plan":{"type":"string","enum":["free","pro"]}},"required":["plan"]}`,
		`{"type":"object","properties":{"a":{"$ref":"#/definitions/a"}},"definitions":{"a":{"type":"integer","minimum":0}}}`,
		`{"type":"object","properties":{"a":{"$ref":"other.json"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"file:///etc/passwd"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/properties/a"}}}`,
		`{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema"}`,
		`{"type":"object","pattern":"(?<"}`,
		`{"type":"object","allOf":[{"$ref":"#"}],"$id":"http://x/y"}`,
		`{"type":"object","format":"date","minLength":-1}`,
		`[]`, `null`, `{"type":"array"}`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if len(doc) > 16<<10 {
			t.Skip()
		}
		err := checkAdaptiveSchema(json.RawMessage(doc))
		if err == nil {
			var top map[string]any
			if json.Unmarshal(doc, &top) != nil || top["type"] != "object" {
				t.Fatalf("accepted %q, not an object schema", doc)
			}
			return
		}
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
			t.Fatalf("refused with %T %v, want INVALID", err, err)
		}
	})
}

// FuzzCondition: any condition text is refused with INVALID or compiles;
// evaluating it against any claims answers a boolean, never a panic.
func FuzzCondition(f *testing.F) {
	for _, c := range []struct{ cond, claims string }{
		{`visitor.claims.plan == "pro"`, `{"plan":"pro"}`},
		{`"beta" in visitor.claims.groups`, `{"groups":["beta"]}`},
		{`visitor.claims.age > 18 && visitor.claims.country in ["FR", "DE"]`, `{"age":20,"country":"FR"}`},
		{`len(visitor.claims.name) > 3`, `{"name":1}`},
		{`visitor.claims.a.b.c`, `{"a":{"b":{"c":true}}}`},
		{`visitor.claims.x matches "^a+$"`, `{"x":"aaa"}`},
		{`1 / visitor.claims.n == 1`, `{"n":0}`},
		{`visitor.claims`, `{}`},
		{`true`, `null`},
		{`visitor.claims.s[1:] == "b"`, `{"s":"ab"}`},
		{`any(visitor.claims.l, # > 1)`, `{"l":[1,2]}`},
		{`"`, `{}`},
	} {
		f.Add(c.cond, []byte(c.claims))
	}
	f.Fuzz(func(t *testing.T, cond string, claimsJSON []byte) {
		// Conditions are stored with sections and site spaces: short.
		if len(cond) > 512 || len(claimsJSON) > 4<<10 {
			t.Skip()
		}
		if err := checkCondition(&cond); err != nil {
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
				t.Fatalf("refused with %T %v, want INVALID", err, err)
			}
		}
		var claims map[string]any
		_ = json.Unmarshal(claimsJSON, &claims)
		_ = conditionHolds(&cond, claims)
	})
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
