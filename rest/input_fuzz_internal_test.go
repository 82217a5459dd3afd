package rest

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheckJSON: the JSON body check (checkJSON, run on every JSON body and
// GraphQL request before any route) never panics, and what it lets through
// reaches the decoder intact: for a body it accepts that is JSON, every
// string encoding/json decodes from it (member names included) is free of
// NUL and came through without a U+FFFD substitution for invalid UTF-8 or
// a lone surrogate escape. (Text that is not JSON is left to the decoder,
// which refuses it: checkJSON does not promise that what it accepts is
// JSON.) A problem it reports is one of the problems it knows, with a
// place. Run with
//
//	go test -run x -fuzz FuzzCheckJSON -fuzztime 1m ./rest
//
// or with every other target by `make fuzz`.
func FuzzCheckJSON(f *testing.F) {
	for _, s := range []string{
		`{"title":"hello","tags":["a","b"],"n":1.5e3,"ok":true,"x":null}`,
		`{"title":"a\u0000b"}`,
		`{"a\u0000":1}`,
		`{"title":"\ud83d\ude00"}`,
		`{"title":"\ud83d"}`,
		`{"title":"\ude00\ud83d"}`,
		`{"title":"\ud83d\u0041"}`,
		`["\ufffd", "` + "\ufffd" + `", "\\ufffd", "\\\ud800"]`,
		"{\"t\":\"\xff\"}",
		"{\"t\":\"\xed\xa0\x80\"}",
		`{"a":{"b":[{"c":"\uD800x"}]}}`,
		`{"a":"\u12"}`,
		`"\`,
		`[[[[[[[[[[`,
		` { "a" : [ 1 , "b" ] } `,
		`{"a":1}{"b":"\u0000"}`,
		``,
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, body []byte, prefixed bool) {
		if len(body) > MaxBody {
			t.Skip()
		}
		prefix := ""
		if prefixed {
			prefix = "variables"
		}
		msg := checkJSON(body, prefix)
		if msg != "" {
			known := false
			for _, p := range []string{problemNUL, problemUTF8, problemSurrogate} {
				if strings.HasSuffix(msg, ": "+p) {
					known = true
				}
			}
			if !known || !utf8.ValidString(msg) {
				t.Fatalf("checkJSON(%q) = %q: not a known problem with a place", body, msg)
			}
			if prefixed && !strings.HasPrefix(msg, "variables") {
				t.Fatalf("checkJSON(%q, variables) = %q: not under the prefix", body, msg)
			}
			return
		}
		if !json.Valid(body) {
			return // the decoder refuses it
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			return // valid but too deep, say: the decoder refuses it
		}
		want := replacementsIn(body)
		got := 0
		var walk func(any)
		walk = func(v any) {
			check := func(s string) {
				if strings.IndexByte(s, 0) >= 0 {
					t.Fatalf("checkJSON accepted %q, which decodes to a string with NUL", body)
				}
				got += strings.Count(s, "\ufffd")
			}
			switch x := v.(type) {
			case string:
				check(x)
			case []any:
				for _, e := range x {
					walk(e)
				}
			case map[string]any:
				for k, e := range x {
					check(k)
					walk(e)
				}
			}
		}
		walk(v)
		// Duplicate member names decode once: count only when there are
		// none, which an object's member count tells.
		if got != want && !hasDuplicateNames(body) {
			t.Fatalf("checkJSON accepted %q, which decodes with %d U+FFFD where the text has %d: altered", body, got, want)
		}
	})
}

// replacementsIn counts the U+FFFD that valid JSON text holds, written or
// escaped (\ufffd).
func replacementsIn(src []byte) int {
	n := bytes.Count(src, []byte("\ufffd"))
	for i := 0; i < len(src); i++ {
		if src[i] != '\\' {
			continue
		}
		if i+5 < len(src) && src[i+1] == 'u' && strings.EqualFold(string(src[i+2:i+6]), "fffd") {
			n++
		}
		i++ // the escaped character
	}
	return n
}

// hasDuplicateNames reports whether some object of valid JSON text names a
// member twice (encoding/json keeps the last).
func hasDuplicateNames(src []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(src))
	type frame struct {
		names  map[string]bool
		object bool
		key    bool // the next token of an object is a member name
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.key {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			name := tok.(string)
			if top.names[name] {
				return true
			}
			top.names[name] = true
			top.key = false
			continue
		}
		switch d := tok.(type) {
		case json.Delim:
			switch d {
			case '{':
				if top != nil && top.object {
					top.key = true
				}
				stack = append(stack, &frame{names: map[string]bool{}, object: true, key: true})
				continue
			case '[':
				if top != nil && top.object {
					top.key = true
				}
				stack = append(stack, &frame{})
				continue
			default:
				stack = stack[:len(stack)-1]
				continue
			}
		}
		if top != nil && top.object {
			top.key = true
		}
	}
}
