package graph

import (
	"encoding/json"
	"testing"
)

// The conditions of {% if %} blocks read claims as GitBook (JavaScript)
// does: missing claims are undefined, values stand by their truthiness.
func TestContentConditionHolds(t *testing.T) {
	none := map[string]any(nil)
	a := map[string]any{"unsigned": map[string]any{"example_attribute_A": true}}
	notA := map[string]any{"unsigned": map[string]any{"example_attribute_A": false}}
	pro := map[string]any{"plan": "pro", "seats": 3.0, "groups": []any{"beta"}, "name": "", "org": map[string]any{"id": "x"}}
	for _, c := range []struct {
		cond   string
		claims map[string]any
		want   bool
	}{
		// GitBook's own example, both ways.
		{`visitor.claims.unsigned.example_attribute_A`, none, false},
		{`visitor.claims.unsigned.example_attribute_A`, a, true},
		{`visitor.claims.unsigned.example_attribute_A`, notA, false},
		{`!visitor.claims.unsigned.example_attribute_A`, none, true},
		{`!visitor.claims.unsigned.example_attribute_A`, a, false},
		{`!visitor.claims.unsigned.example_attribute_A`, notA, true},
		{`visitor.claims.plan == "pro"`, pro, true},
		{`visitor.claims.plan == "pro"`, none, false},
		{`visitor.claims.plan != "pro"`, none, true},
		{`visitor.claims.seats > 2 && visitor.claims.plan`, pro, true},
		{`visitor.claims.name || visitor.claims.org.id`, pro, true},
		{`visitor.claims.name`, pro, false},
		{`visitor.claims.org.missing.deeper`, pro, false},
		{`"beta" in visitor.claims.groups`, pro, true},
		{`visitor.claims.seats ? visitor.claims.plan == "pro" : false`, pro, true},
		{`not visitor.claims.x`, none, true},
		{`len(visitor.claims.plan) == 3`, pro, true},
		// What fails is false: the content does not show.
		{`visitor.claims.seats > "a"`, pro, false},
		{`"`, pro, false},
		{`visitor.claims.plan.`, pro, false},
		{``, pro, false},
	} {
		if got := ContentConditionHolds(c.cond, c.claims); got != c.want {
			t.Errorf("%s with %v: %v, want %v", c.cond, c.claims, got, c.want)
		}
	}
}

// FuzzContentCondition: any condition against any claims answers, never
// panics.
func FuzzContentCondition(f *testing.F) {
	f.Add(`!visitor.claims.unsigned.a`, `{"unsigned":{"a":1}}`)
	f.Add(`visitor.claims.a?.b.c() || x`, `{}`)
	f.Fuzz(func(t *testing.T, cond, claims string) {
		var c map[string]any
		_ = json.Unmarshal([]byte(claims), &c)
		_ = ContentConditionHolds(cond, c)
	})
}
