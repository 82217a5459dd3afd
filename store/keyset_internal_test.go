package store

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"folio/domain"
)

// Page tokens at the function level: what encodePage writes decodePage
// reads back, and nothing else passes. keyset_test.go pages real lists.

var (
	tokenSpaces = keyset{name: "spaces", cols: []string{"space.created_at", "space.id"}}
	tokenStore  = &Store{pageKey: []byte("one server's page key")}
)

func TestPageTokenRoundTrip(t *testing.T) {
	at := time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.FixedZone("CEST", 2*3600))
	cases := []struct {
		name   string
		ks     keyset
		values []any
		want   []any // as decodePage gives them: JSON's types
	}{
		{"time-and-id-come-back-as-utc-text", tokenSpaces.in("org1"), []any{at, "abc"},
			[]any{"2026-03-04T03:06:07.123456789Z", "abc"}},
		{"number-comes-back-as-float", keyset{name: "change-requests", cols: []string{"cr.number"}, desc: true}.in("space1"),
			[]any{41}, []any{float64(41)}},
		{"position-key-with-odd-bytes-comes-back", keyset{name: "collection-spaces", cols: []string{"space.position", "space.id"}}.in("c"),
			[]any{"a0\x00~\"é", "id"}, []any{"a0\x00~\"é", "id"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			token := tokenStore.encodePage(c.ks, c.values)
			if strings.ContainsAny(token, "+/= ") {
				t.Errorf("token %q is not URL-safe", token)
			}
			got, err := tokenStore.decodePage(c.ks, token)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.want) {
				t.Fatalf("values %#v, want %#v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Errorf("value %d: %#v, want %#v", i, got[i], c.want[i])
				}
			}
			// The same values sign to the same token: a client that reads a
			// page twice gets one next token.
			if again := tokenStore.encodePage(c.ks, c.values); again != token {
				t.Errorf("tokens differ: %q, %q", token, again)
			}
		})
	}
	t.Run("empty-token-is-the-first-page", func(t *testing.T) {
		got, err := tokenStore.decodePage(tokenSpaces, "")
		if got != nil || err != nil {
			t.Fatalf("%v, %v", got, err)
		}
	})
}

// TestPageTokenRefused: a token that was altered, or that another list,
// another parent or another server signed, is invalid input.
func TestPageTokenRefused(t *testing.T) {
	ks := tokenSpaces.in("org1")
	good := tokenStore.encodePage(ks, []any{time.Unix(0, 0), "abc"})
	payload, mac, _ := strings.Cut(good, ".")
	enc := base64.RawURLEncoding
	flip := func(s string) string { // change one character, keeping base64
		b := []byte(s)
		if b[0] == 'A' {
			b[0] = 'B'
		} else {
			b[0] = 'A'
		}
		return string(b)
	}
	signed := func(ks keyset, json string) string { // a payload signed with the right key
		return enc.EncodeToString([]byte(json)) + "." + enc.EncodeToString(tokenStore.pageMAC(ks, []byte(json)))
	}
	cases := []struct {
		name  string
		st    *Store
		ks    keyset
		token string
	}{
		{"altered-values-refused", tokenStore, ks, flip(payload) + "." + mac},
		{"altered-signature-refused", tokenStore, ks, payload + "." + flip(mac)},
		{"values-of-another-token-refused", tokenStore, ks, enc.EncodeToString([]byte(`["1970-01-01T00:00:00Z","abd"]`)) + "." + mac},
		{"missing-signature-refused", tokenStore, ks, payload},
		{"empty-signature-refused", tokenStore, ks, payload + "."},
		{"not-base64-refused", tokenStore, ks, "***." + mac},
		{"another-list-refused", tokenStore, keyset{name: "collections", cols: ks.cols}.in("org1"), good},
		{"another-parent-refused", tokenStore, tokenSpaces.in("org2"), good},
		{"no-parent-refused", tokenStore, tokenSpaces, good},
		{"parents-joined-differently-refused", tokenStore, tokenSpaces.in("org", "1"), tokenStore.encodePage(tokenSpaces.in("org1"), []any{"x", "y"})},
		{"another-server-refused", &Store{pageKey: []byte("another server's page key")}, ks, good},
		{"too-few-values-refused", tokenStore, ks, signed(ks, `["abc"]`)},
		{"too-many-values-refused", tokenStore, ks, signed(ks, `["a","b","c"]`)},
		{"not-a-list-refused", tokenStore, ks, signed(ks, `{"a":1}`)},
		{"not-json-refused", tokenStore, ks, signed(ks, `[1,`)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.st.decodePage(c.ks, c.token)
			if domain.ErrorCode(err) != domain.CodeInvalid || domain.ErrorMessage(err) != "page: is not a valid page token" || got != nil {
				t.Fatalf("decodePage(%q) = %v, %v; want INVALID", c.token, got, err)
			}
		})
	}
	t.Run("good-token-accepted", func(t *testing.T) {
		if _, err := tokenStore.decodePage(ks, good); err != nil {
			t.Fatal(err)
		}
	})
}

// TestPageFromRows: a page holds limit rows; the token points after its
// last row, and only when a row follows.
func TestPageFromRows(t *testing.T) {
	key := func(s *string) []any { return []any{*s} }
	ks := keyset{name: "letters", cols: []string{"x"}}
	cases := []struct {
		name     string
		rows     []string
		limit    int
		items    int
		nextFrom string // the key the token carries; "" for none
	}{
		{"more-rows-than-the-limit-give-a-token-after-the-last-item", []string{"a", "b", "c"}, 2, 2, "b"},
		{"exactly-the-limit-is-the-last-page", []string{"a", "b"}, 2, 2, ""},
		{"fewer-rows-are-the-last-page", []string{"a"}, 2, 1, ""},
		{"limit-zero-gives-no-items-and-no-token", []string{"a"}, 0, 0, ""},
		{"no-rows-no-token", nil, 5, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := pageFromRows(tokenStore, c.rows, c.limit, 7, ks, key)
			if len(p.Items) != c.items || p.Count != 7 {
				t.Fatalf("%d items, count %d", len(p.Items), p.Count)
			}
			if c.nextFrom == "" {
				if p.Next != "" {
					t.Fatalf("token %q on the last page", p.Next)
				}
				return
			}
			after, err := tokenStore.decodePage(ks, p.Next)
			if err != nil || len(after) != 1 || after[0] != c.nextFrom {
				t.Fatalf("token after %v (%v), want after %q", after, err, c.nextFrom)
			}
		})
	}
}
