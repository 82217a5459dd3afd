package model

import (
	"bytes"
	"encoding/json"
	"testing"

	"folio/domain"
	"folio/store"
)

// TestSpacePermissionTable: the table answers what the rules answer, for
// every role and edit mode.
func TestSpacePermissionTable(t *testing.T) {
	roles := append([]*domain.Role{nil}, func() (out []*domain.Role) {
		for i := range tableRoles {
			out = append(out, &tableRoles[i])
		}
		return out
	}()...)
	for _, r := range roles {
		for _, m := range []store.EditMode{store.EditLive, store.EditLocked} {
			sp := Space{Space: &store.Space{EditMode: m}, Viewer: Access{Role: r}}
			if got, want := sp.Permissions(), spacePermissionsOf(r, m); got != want {
				t.Errorf("role %v, %s: %+v, want %+v", r, m, got, want)
			}
		}
	}
}

// TestSpaceUrls: every address of every visibility.
func TestSpaceUrls(t *testing.T) {
	for vis, want := range map[store.Visibility][2]string{
		store.VisibilityPublic:    {"https://f.test/s/S1", "https://f.test/s/S1"},
		store.VisibilityUnlisted:  {"https://f.test/s/S1", ""},
		store.VisibilityPrivate:   {"", ""},
		store.VisibilityShareLink: {"", ""},
	} {
		u := NewSpace("https://f.test", &store.Space{ID: "S1", OrganizationID: "O1", Visibility: vis}, Access{}).Urls()
		if u.Location != "https://f.test/v1/spaces/S1" || u.App != "https://f.test/app/o/O1/s/S1" {
			t.Errorf("%s: %+v", vis, u)
		}
		for i, p := range []*string{u.Published, u.Public} {
			got := "" // absent
			if p != nil {
				got = *p
			}
			if got != want[i] || (p != nil && got == "") {
				t.Errorf("%s: address %d is %q, want %q", vis, i, got, want[i])
			}
		}
	}
}

// TestMarshalJSONScalar: compact values are written as they are, others
// compacted, anything invalid or empty is null.
func TestMarshalJSONScalar(t *testing.T) {
	for in, want := range map[string]string{
		`{"type":"inherit"}`:         `{"type":"inherit"}`,
		`{"a": [1, 2], "b": "x  y"}`: `{"a":[1,2],"b":"x  y"}`,
		"{\n\t\"a\":null\n}":         `{"a":null}`,
		`{"a":`:                      `null`,
		`{"a":1}}`:                   `null`,
		``:                           `null`,
		`"caf\u00e9"`:                `"caf\u00e9"`,
	} {
		var out bytes.Buffer
		MarshalJSONScalar(json.RawMessage(in)).MarshalGQL(&out)
		if out.String() != want {
			t.Errorf("%q: %s, want %s", in, out.String(), want)
		}
	}
}

// TestMarshalVisibilityScalar: every visibility as a JSON string.
func TestMarshalVisibilityScalar(t *testing.T) {
	for _, v := range []store.Visibility{store.VisibilityPublic, store.VisibilityShareLink, store.VisibilityInCollection, "other"} {
		var out bytes.Buffer
		MarshalVisibilityScalar(v).MarshalGQL(&out)
		if want := `"` + string(v) + `"`; out.String() != want {
			t.Errorf("%s: %s, want %s", v, out.String(), want)
		}
	}
}
