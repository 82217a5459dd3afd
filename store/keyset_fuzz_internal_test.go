package store

import (
	"encoding/base64"
	"errors"
	"reflect"
	"testing"
	"time"

	"folio/domain"
)

// FuzzPageToken: any page token a client sends decodes to its ordering
// values or is refused with INVALID; never a panic. What decodes is a token
// this server signed for this very list: its values re-encode to a token
// that decodes to the same values, and the same token is refused by another
// list of the same kind, another kind of list, and another server. Run with
//
//	go test -run x -fuzz FuzzPageToken -fuzztime 1m ./store
//
// or with every other target by `make fuzz`.
//
// The fuzzer cannot forge the HMAC, so it also gets a payload to sign:
// signed with the page key it must decode (when it is a JSON array of the
// right length) and come back equal.
func FuzzPageToken(f *testing.F) {
	ks := tokenSpaces.in("org1")
	at := time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.UTC)
	good := tokenStore.encodePage(ks, []any{at, "abc"})
	f.Add(good, []byte(`["2026-03-04T05:06:07.123456789Z","abc"]`))
	f.Add(good+"x", []byte(`[1,2]`))
	f.Add("", []byte(`[]`))
	f.Add(".", []byte(`["a\u0000\"é",null]`))
	f.Add("e30.AAAA", []byte(`[{"a":[1e300]},true]`))
	f.Add(base64.RawURLEncoding.EncodeToString([]byte(`["a","b"]`))+".", []byte(`["\ud800","x"]`))
	f.Add("a.b.c", []byte(`[1.0,-0]`))
	f.Add("!!.??", []byte("[\"\xff\",1]"))
	f.Fuzz(func(t *testing.T, token string, payload []byte) {
		other := []struct {
			name string
			s    *Store
			ks   keyset
		}{
			{"another list", tokenStore, tokenSpaces.in("org2")},
			{"another kind of list", tokenStore, keyset{name: "pages", cols: tokenSpaces.cols}.in("org1")},
			{"another server", &Store{pageKey: []byte("another server's page key")}, ks},
		}
		check := func(token string) {
			values, err := tokenStore.decodePage(ks, token)
			if err != nil {
				var de *domain.Error
				if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
					t.Fatalf("decodePage(%q) refused with %T %v, want INVALID", token, err, err)
				}
				return
			}
			if token == "" {
				if values != nil {
					t.Fatalf("the first page has values %v", values)
				}
				return
			}
			if len(values) != len(ks.cols) {
				t.Fatalf("decodePage(%q) = %d values, want %d", token, len(values), len(ks.cols))
			}
			again := tokenStore.encodePage(ks, append([]any(nil), values...))
			back, err := tokenStore.decodePage(ks, again)
			if err != nil || !reflect.DeepEqual(back, values) {
				t.Fatalf("%q decodes to %#v, re-encoded as %q decodes to %#v (%v)", token, values, again, back, err)
			}
			for _, o := range other {
				if _, err := o.s.decodePage(o.ks, token); err == nil {
					t.Fatalf("%q is accepted by %s", token, o.name)
				}
			}
		}
		check(token)
		enc := base64.RawURLEncoding
		check(enc.EncodeToString(payload) + "." + enc.EncodeToString(tokenStore.pageMAC(ks, payload)))
	})
}
