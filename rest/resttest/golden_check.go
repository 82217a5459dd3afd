package resttest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"folio/rest"
)

// The golden checks. A package turns them on with EnableGolden (rest does,
// in golden_test.go). From then on, each test that makes a request through
// a Client keeps its own first success of each route, and when it ends
// compares them with the golden files that name it: so a test checks its
// own responses, whatever ran before or runs after it, and `go test ./rest
// -run TestX` checks exactly TestX's files.
//
// `go test ./rest -update` writes instead of comparing: a test rewrites
// the files that name it when its response changed; a route without a
// file takes the response of the first test to end that answers it (a
// later one replaces it when the first was an empty list or a large body);
// a file whose test no longer answers its route takes another test's
// answer from this run, or is removed for the next test that answers the
// route to write.

// goldenState is the state of the checks; one lock guards it all.
type goldenState struct {
	sync.Mutex
	dir    string
	update *bool // nil: the checks are off
	routes []routeTemplate
	index  map[string]*Golden // route → its golden file, read once
	tests  map[testing.TB]*testAnswers
	asked  map[string]bool     // names of the tests that made a request in this run
	starts map[testing.TB]bool // tests that started a server (checkGoldenSubtests)
	// -update only: an answer of each route from a test that ended, for a
	// file whose test no longer answers it, and the files written from a
	// poor answer (an empty list or a large body) a better one replaces.
	spare map[string]*Golden
	poor  map[string]bool
}

var golden goldenState

// testAnswers is what one test answered: each route's first success.
type testAnswers struct {
	name   string
	routes map[string]*Golden
}

// EnableGolden turns on the golden checks for the tests of this process,
// with the files in dir. *update, read as each test ends (after flags are
// parsed), has the files written instead of compared.
func EnableGolden(dir string, update *bool) {
	golden.Lock()
	defer golden.Unlock()
	golden.dir, golden.update = dir, update
}

// GoldenIndex reads the golden file of every route (nil for a route that
// has none), keyed by RouteName, with the files in the directory that
// belong to no route.
func GoldenIndex(dir string) (files map[string]*Golden, strays []string, err error) {
	files = map[string]*Golden{}
	known := map[string]bool{}
	for _, r := range rest.Routes() {
		known[GoldenFile(r)] = true
		g, err := ReadGolden(dir, r)
		if err != nil {
			return nil, nil, err
		}
		files[RouteName(r)] = g
	}
	all, err := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range all {
		if !known[filepath.Base(f)] {
			strays = append(strays, f)
		}
	}
	return files, strays, err
}

type routeTemplate struct {
	name     string // "GET /v1/orgs/{organizationId}"
	method   string
	segments []string
	literals int
	status   int
}

// routeTemplates is the route table, most literal first; the caller holds
// the lock.
func (g *goldenState) routeTemplates() []routeTemplate {
	if g.routes != nil {
		return g.routes
	}
	for _, r := range rest.Routes() {
		t := routeTemplate{name: RouteName(r), method: r.Method, segments: strings.Split(strings.Trim(r.Path, "/"), "/"), status: r.Status}
		for _, s := range t.segments {
			if !strings.HasPrefix(s, "{") {
				t.literals++
			}
		}
		g.routes = append(g.routes, t)
	}
	// The most literal template wins (/spaces/{id}/content over /spaces/{id}/{x}).
	sort.SliceStable(g.routes, func(i, j int) bool { return g.routes[i].literals > g.routes[j].literals })
	return g.routes
}

// matchRoute finds the route template of a request, with its success
// status; the caller holds the lock.
func (g *goldenState) matchRoute(method, path string) (string, int) {
	path, _, _ = strings.Cut(path, "?")
	segs := strings.Split(strings.Trim(path, "/"), "/")
next:
	for _, t := range g.routeTemplates() {
		n := len(t.segments)
		// {name...} takes the rest of the path, slashes and all.
		greedy := strings.HasSuffix(t.segments[n-1], "...}") && len(segs) > n
		if t.method != method || (len(segs) != n && !greedy) {
			continue
		}
		for i, s := range t.segments {
			if !strings.HasPrefix(s, "{") && s != segs[i] {
				continue next
			}
		}
		return t.name, t.status
	}
	return "", 0
}

// recordGolden notes a response test t received, when the checks are on:
// the first success of each route is kept for the check at t's end.
func recordGolden(t testing.TB, method, path string, status int, contentType string, body []byte) {
	g := &golden
	g.Lock()
	defer g.Unlock()
	if g.update == nil {
		return
	}
	if g.tests == nil {
		g.tests, g.asked = map[testing.TB]*testAnswers{}, map[string]bool{}
	}
	a := g.tests[t]
	if a == nil {
		a = &testAnswers{name: t.Name(), routes: map[string]*Golden{}}
		g.tests[t], g.asked[a.name] = a, true
		t.Cleanup(func() { g.checkAnswers(t, a) })
	}
	route, want := g.matchRoute(method, path)
	if route == "" || status != want || (len(body) > 0 && !strings.HasPrefix(contentType, "application/json")) {
		return
	}
	if _, ok := a.routes[route]; ok {
		return
	}
	r := &Golden{Route: route, Test: a.name, Status: status}
	if len(body) > 0 {
		r.Body = NormalizeBody(body)
	}
	a.routes[route] = r
}

// checkAnswers runs when test t ends: each golden file naming t must hold
// t's response of its route, and t must still answer it. A test that
// failed or was skipped is not checked: it may have stopped before its
// requests.
func (g *goldenState) checkAnswers(t testing.TB, a *testAnswers) {
	g.Lock()
	defer g.Unlock()
	delete(g.tests, t)
	if t.Failed() || t.Skipped() {
		return
	}
	if err := g.readIndex(); err != nil {
		t.Error(err)
		return
	}
	update := *g.update
	for _, route := range sortedKeys(a.routes) {
		got, file := a.routes[route], g.index[route]
		switch {
		case file != nil && file.Test == a.name && !update:
			if !got.Same(file) {
				t.Errorf("golden %s: %s answered otherwise than %s (go test ./rest -update rewrites it):\n got %s\nwant %s",
					route, a.name, g.fileName(route), got.Encode(), file.Encode())
			}
		case file != nil && file.Test == a.name:
			if !got.Same(file) || !file.Canonical() {
				g.write(t, got)
			}
		case update && (file == nil || g.poor[route] && !poorAnswer(got)):
			g.write(t, got) // a new route, or a better answer than the one written
		}
		if update && (g.spare[route] == nil || poorAnswer(g.spare[route]) && !poorAnswer(got)) {
			g.spare[route] = got
		}
	}
	for _, route := range sortedKeys(g.index) {
		if file := g.index[route]; file.Test == a.name && a.routes[route] == nil {
			g.orphan(t, file, fmt.Sprintf("%s no longer answers it with %d", a.name, file.Status))
		}
	}
}

// checkGoldenSubtests has test t check, when it ends, the golden files
// that name t or one of its subtests that made no request: t no longer
// answers their route, or the subtest did not run, which in a run of every
// test means it was renamed or removed. New calls it for the test that
// starts a server, which is where a test's subtests get theirs.
func checkGoldenSubtests(t testing.TB) {
	g := &golden
	g.Lock()
	defer g.Unlock()
	if g.update == nil || g.starts[t] {
		return
	}
	if g.starts == nil {
		g.starts = map[testing.TB]bool{}
	}
	g.starts[t] = true
	t.Cleanup(func() {
		g.Lock()
		defer g.Unlock()
		delete(g.starts, t)
		if t.Failed() || t.Skipped() {
			return
		}
		if err := g.readIndex(); err != nil {
			t.Error(err)
			return
		}
		name := t.Name()
		for _, route := range sortedKeys(g.index) {
			file := g.index[route]
			switch {
			case g.asked[file.Test]:
			case file.Test == name:
				g.orphan(t, file, fmt.Sprintf("%s no longer answers it with %d", name, file.Status))
			case strings.HasPrefix(file.Test, name+"/") && runsEveryTest():
				g.orphan(t, file, fmt.Sprintf("%s, the test of %s, did not run: renamed or removed?", file.Test, g.fileName(route)))
			}
		}
	})
}

// runsEveryTest reports whether this run selects every test (no -run or
// -skip), so that a test that did not run is not in the package.
func runsEveryTest() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return true
}

// readIndex reads the golden files once; the caller holds the lock.
func (g *goldenState) readIndex() error {
	if g.index != nil {
		return nil
	}
	files, _, err := GoldenIndex(g.dir)
	if err != nil {
		return err
	}
	g.index, g.spare, g.poor = map[string]*Golden{}, map[string]*Golden{}, map[string]bool{}
	for route, f := range files {
		if f != nil {
			g.index[route] = f
		}
	}
	return nil
}

// fileName is the name of a route's golden file.
func (g *goldenState) fileName(route string) string {
	method, path, _ := strings.Cut(route, " ")
	return GoldenFile(rest.Route{Method: method, Path: path})
}

// orphan reports a golden file its test no longer answers. With -update it
// gives the file another test's answer from this run, or removes it for
// the next test that answers the route to write. The caller holds the lock.
func (g *goldenState) orphan(t testing.TB, file *Golden, why string) {
	if g.update == nil || !*g.update {
		t.Errorf("golden %s: %s (go test ./rest -update picks another test)", file.Route, why)
		return
	}
	if spare := g.spare[file.Route]; spare != nil && spare.Test != file.Test {
		g.write(t, spare)
		return
	}
	path := filepath.Join(g.dir, g.fileName(file.Route))
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		t.Error(err)
	}
	delete(g.index, file.Route)
	t.Logf("removed %s: %s", path, why)
}

// write writes a golden file; the caller holds the lock.
func (g *goldenState) write(t testing.TB, r *Golden) {
	path := filepath.Join(g.dir, g.fileName(r.Route))
	if err := os.MkdirAll(g.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	w := *r
	w.raw = r.Encode()
	if err := os.WriteFile(path, w.raw, 0o644); err != nil {
		t.Fatal(err)
	}
	g.index[r.Route], g.poor[r.Route] = &w, poorAnswer(r)
	t.Logf("wrote %s", path)
}

// poorAnswer is a response a golden file had better not hold when another
// test's will do: an empty list, or a large body.
func poorAnswer(r *Golden) bool {
	return len(r.Body) > 4096 || emptyList.Match(r.Body)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// DropGolden reports, for rest's TestGoldenFiles, a golden file whose test
// is not in the package; with -update the file takes another test's answer
// of its route from this run, or is removed for the next test that answers
// the route to write.
func DropGolden(t testing.TB, file *Golden, why string) {
	g := &golden
	g.Lock()
	defer g.Unlock()
	if err := g.readIndex(); err != nil {
		t.Error(err)
		return
	}
	if f := g.index[file.Route]; f != nil && f.Test == file.Test {
		g.orphan(t, f, why)
	}
}
