package rest

import (
	"bytes"
	"testing"
)

// TestMember steps over members of every kind to the one asked for.
func TestMember(t *testing.T) {
	src := []byte(`{"a":"x}\"{","b":{"c":[1,{"d":null}],"e":"]"},"f":12.5,"g":null,"h":[],"i":true}`)
	for key, want := range map[string]string{
		"a": `"x}\"{"`, "b": `{"c":[1,{"d":null}],"e":"]"}`, "f": "12.5", "g": "null", "h": "[]", "i": "true", "z": "",
	} {
		if got := string(member(src, key)); got != want {
			t.Errorf("member %q = %s, want %s", key, got, want)
		}
	}
	if got := string(resultOf(src, []string{"b", "e"})); got != `"]"` {
		t.Errorf("resultOf b.e = %s", got)
	}
	if member([]byte(`[1]`), "a") != nil || member([]byte(`{"a"`), "a") != nil {
		t.Error("member of a non-object or a cut object is not nil")
	}
}

// TestWriteShapedOutOfOrder: keys in another order than the selection's
// (fragments merged by gqlgen) still find their shapes.
func TestWriteShapedOutOfOrder(t *testing.T) {
	keep := &shape{keepNull: true, fields: map[string]*shape{}}
	drop := &shape{fields: map[string]*shape{}}
	s := &shape{fields: map[string]*shape{"a": drop, "b": keep, "c": drop},
		names: []string{"a", "b", "c"}, kids: []*shape{drop, keep, drop}}
	for src, want := range map[string]string{
		`{"a":null,"b":null,"c":1}`:      `{"b":null,"c":1}`,
		`{"c":null,"b":null,"a":2}`:      `{"b":null,"a":2}`,
		`{"b":null,"a":null,"c":null}`:   `{"b":null}`,
		`[{"c":1,"b":null},{"a":null}]`:  `[{"c":1,"b":null},{}]`,
		`{"x":null,"b":null,"y":[null]}`: `{"b":null,"y":[null]}`,
	} {
		var out bytes.Buffer
		if _, err := writeShaped(&out, []byte(src), s); err != nil || out.String() != want {
			t.Errorf("writeShaped %s = %s (%v), want %s", src, out.String(), err, want)
		}
	}
}

// TestStringEnd finds the closing quote past escaped quotes and escaped
// backslashes, and refuses a string that never closes.
func TestStringEnd(t *testing.T) {
	for src, want := range map[string]int{
		`"" x`:          2,
		`"abc",`:        5,
		`"a\"b",`:       6,
		`"a\\",`:        5,
		`"a\\\"b"`:      8,
		`"\\\\"`:        6,
		`"x\u0022y"}`:   10,
		`"tail\\\\\"q"`: 13,
	} {
		if got, err := stringEnd([]byte(src)); err != nil || got != want {
			t.Errorf("stringEnd(%s) = %d, %v; want %d", src, got, err, want)
		}
	}
	for _, src := range []string{`"`, `"abc`, `"a\"`, `"\\\"`} {
		if _, err := stringEnd([]byte(src)); err == nil {
			t.Errorf("stringEnd(%s): no error for an unterminated string", src)
		}
	}
}
