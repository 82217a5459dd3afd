package loader

import (
	"context"
	"reflect"
	"testing"
)

// TestGroupedRuns: rows are handed out by site and parent, in the order
// read, whether a parent's rows come in one run or in several; appending
// to one group never changes another.
func TestGroupedRuns(t *testing.T) {
	type row struct{ site, parent, name string }
	rows := []row{
		{"s1", "a", "a1"}, {"s1", "a", "a2"},
		{"s2", "a", "x1"},
		{"s1", "b", "b1"},
		{"s1", "a", "a3"}, // a second run of s1/a
		{"s1", "c", "c1"}, {"s1", "c", "c2"},
	}
	l := newGrouped(func(context.Context, []string) ([]row, error) { return rows, nil },
		func(r *row) (string, string) { return r.site, r.parent }, nil)
	l.Register("s1", "s2", "s3")
	names := func(site, parent string) []string {
		groups, err := l.Load(context.Background(), site)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range groups[parent] {
			out = append(out, r.name)
		}
		return out
	}
	for _, c := range []struct {
		site, parent string
		want         []string
	}{
		{"s1", "a", []string{"a1", "a2", "a3"}},
		{"s1", "b", []string{"b1"}},
		{"s1", "c", []string{"c1", "c2"}},
		{"s2", "a", []string{"x1"}},
		{"s3", "a", nil},
	} {
		if got := names(c.site, c.parent); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s/%s = %v, want %v", c.site, c.parent, got, c.want)
		}
	}
	groups, _ := l.Load(context.Background(), "s2")
	_ = append(groups["a"], row{"s2", "a", "appended"})
	if got := names("s1", "b"); !reflect.DeepEqual(got, []string{"b1"}) {
		t.Errorf("after an append to s2/a, s1/b = %v", got)
	}
}
