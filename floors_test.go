package folio

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// A floor is a layer of the module: the folders it covers and its height.
// A package imports from its own floor and the floors below it (doc.go).
type floor struct {
	name    string
	folders []string
	height  int
}

var floors = []floor{
	{"binaries", []string{"folio/cmd", "folio/bench", "folio/docs"}, 7}, // docs: the documents' own tests
	{"rest", []string{"folio/rest"}, 6},
	{"graph", []string{"folio/graph"}, 5},
	{"service", []string{"folio/service"}, 4},
	{"store", []string{"folio/store"}, 3},
	{"domain", []string{"folio/domain"}, 2},
	{"internal", []string{"folio/internal"}, 1},
	{"migrations", []string{"folio/migrations"}, 0},
}

// testImportExceptions are imports from a _test.go file that the floors
// forbid, each kept for the reason given. An exception nothing needs any
// more fails TestFloors, so the list only shrinks.
var testImportExceptions = map[[2]string]string{
	{"folio/store", "folio/bench/corpus"}:    "store's search tests and benchmarks run on make bench's corpus (realistic pages and vocabulary)",
	{"folio/rest", "folio/bench/baseline"}:   "rest's read benchmarks set Folio beside make bench's direct baseline on the same database",
	{"folio/rest", "folio/bench/queries"}:    "rest's site-tree benchmark runs make bench's very documents",
	{"folio/rest", "folio/bench/staticpage"}: "rest's reader-stack benchmark sets Folio beside make bench's very file server",
}

// bunExceptions are packages outside the store floor that import bun, each
// for the reason given; like testImportExceptions, a stale one fails.
var bunExceptions = map[string]string{
	"folio/cmd/folio": "restore writes its rows inside store.RunInTx, whose callback takes a bun.Tx",
}

// pkg is what `go list -json` says of a package that the rules read.
type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

func floorOf(path string) (floor, bool) {
	for _, f := range floors {
		for _, dir := range f.folders {
			if path == dir || strings.HasPrefix(path, dir+"/") {
				return f, true
			}
		}
	}
	return floor{}, false
}

// isHelper reports a test helper: a package whose name ends in "test"
// (store/pgtest, rest/resttest, internal/blob/blobtest), like the
// standard library's httptest. Only _test.go files and other helpers may
// import one, so no binary carries test code.
func isHelper(path string) bool {
	return strings.HasSuffix(path[strings.LastIndex(path, "/")+1:], "test")
}

func isFolio(path string) bool { return path == "folio" || strings.HasPrefix(path, "folio/") }

func isBun(path string) bool {
	return path == "github.com/uptrace/bun" || strings.HasPrefix(path, "github.com/uptrace/bun/")
}

// checker applies the rules to a set of packages and remembers which
// exceptions it used.
type checker struct {
	testExceptions map[[2]string]string
	bunExceptions  map[string]string
	used           map[string]bool
	problems       []string
}

func newChecker() *checker {
	return &checker{testExceptions: testImportExceptions, bunExceptions: bunExceptions, used: map[string]bool{}}
}

func (c *checker) fail(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

func (c *checker) check(pkgs []pkg) {
	for _, p := range pkgs {
		if p.ImportPath == "folio" {
			continue // this package: doc.go and the test
		}
		fp, ok := floorOf(p.ImportPath)
		if !ok {
			c.fail("%s is on no floor: put it under a floor's folder, or add its folder to floors (floors_test.go) and doc.go", p.ImportPath)
			continue
		}
		for _, q := range p.Imports {
			c.checkImport(p.ImportPath, fp, q, false)
		}
		for _, q := range slices.Concat(p.TestImports, p.XTestImports) {
			c.checkImport(p.ImportPath, fp, q, true)
		}
	}
}

func (c *checker) checkImport(p string, fp floor, q string, test bool) {
	in := ""
	if test {
		in = " (in a _test.go file)"
	}
	if isBun(q) {
		if fp.name == "store" || fp.name == "migrations" {
			return
		}
		if _, ok := c.bunExceptions[p]; ok {
			c.used["bun "+p] = true
			return
		}
		c.fail("%s imports %s%s: only the store floor talks to bun; take what you need through a store method", p, q, in)
		return
	}
	if !isFolio(q) || q == p {
		return
	}
	fq, ok := floorOf(q)
	if !ok {
		return // reported as a package on no floor
	}
	switch {
	case isHelper(q):
		if test || isHelper(p) {
			return
		}
		c.fail("%s imports the test helper %s outside a _test.go file", p, q)
		return
	case fp.name == "migrations":
		c.fail("%s imports %s%s: migrations are data and import no Folio package", p, q, in)
		return
	case fq.name == "migrations":
		if test || fp.name == "store" || fp.name == "binaries" {
			return
		}
		c.fail("%s imports %s: only the store floor and the binaries run migrations", p, q)
		return
	case fq.height <= fp.height:
		return
	}
	if test {
		if _, ok := c.testExceptions[[2]string{p, q}]; ok {
			c.used["test "+p+" "+q] = true
			return
		}
	}
	c.fail("%s (floor %s) imports %s (floor %s)%s, a floor above it", p, fp.name, q, fq.name, in)
}

// stale reports the exceptions no package needed.
func (c *checker) stale() {
	for k := range c.testExceptions {
		if !c.used["test "+k[0]+" "+k[1]] {
			c.fail("exception %s -> %s is no longer needed: remove it from testImportExceptions", k[0], k[1])
		}
	}
	for k := range c.bunExceptions {
		if !c.used["bun "+k] {
			c.fail("%s no longer imports bun: remove it from bunExceptions", k)
		}
	}
}

// TestFloors checks every package of the module, tests included, against
// the floors: `go list` says what each imports.
func TestFloors(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,TestImports,XTestImports", "./...").Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages: not the module?", len(pkgs))
	}
	c := newChecker()
	c.check(pkgs)
	c.stale()
	for _, p := range c.problems {
		t.Error(p)
	}
}

// TestFloorRules feeds the rules imports that break them, one each, and
// some that do not: a rule that stopped firing would let TestFloors pass
// on anything.
func TestFloorRules(t *testing.T) {
	cases := []struct {
		name string
		pkg  pkg
		want string // "" for no problem
	}{
		{"down a floor", pkg{ImportPath: "folio/rest", Imports: []string{"folio/store", "folio/domain", "folio/internal/logs"}}, ""},
		{"same floor", pkg{ImportPath: "folio/service/jobs", Imports: []string{"folio/service/export"}}, ""},
		{"up a floor", pkg{ImportPath: "folio/store", Imports: []string{"folio/graph/model"}}, "a floor above it"},
		{"internal imports the domain", pkg{ImportPath: "folio/internal/markdown", Imports: []string{"folio/domain"}}, "a floor above it"},
		{"domain imports store", pkg{ImportPath: "folio/domain", Imports: []string{"folio/store"}}, "a floor above it"},
		{"service imports graph", pkg{ImportPath: "folio/service/seed", Imports: []string{"folio/graph"}}, "a floor above it"},
		{"test up a floor", pkg{ImportPath: "folio/store", XTestImports: []string{"folio/graph"}}, "(in a _test.go file), a floor above it"},
		{"test uses a helper", pkg{ImportPath: "folio/graph", TestImports: []string{"folio/rest/resttest", "folio/store/pgtest"}}, ""},
		{"binary uses a helper", pkg{ImportPath: "folio/bench/cmd/bench", Imports: []string{"folio/rest/resttest"}}, "test helper"},
		{"helper uses a helper", pkg{ImportPath: "folio/rest/resttest", Imports: []string{"folio/store/pgtest"}}, ""},
		{"graph runs migrations", pkg{ImportPath: "folio/graph", Imports: []string{"folio/migrations"}}, "run migrations"},
		{"store runs migrations", pkg{ImportPath: "folio/store/pgtest", Imports: []string{"folio/migrations"}}, ""},
		{"migrations import store", pkg{ImportPath: "folio/migrations", Imports: []string{"folio/store"}}, "import no Folio package"},
		{"rest imports bun", pkg{ImportPath: "folio/rest", Imports: []string{"github.com/uptrace/bun"}}, "only the store floor talks to bun"},
		{"graph test imports bun", pkg{ImportPath: "folio/graph", TestImports: []string{"github.com/uptrace/bun/dialect/pgdialect"}}, "only the store floor talks to bun"},
		{"store imports bun", pkg{ImportPath: "folio/store", Imports: []string{"github.com/uptrace/bun"}}, ""},
		{"new top-level folder", pkg{ImportPath: "folio/util", Imports: []string{"fmt"}}, "on no floor"},
	}
	for _, tc := range cases {
		c := &checker{used: map[string]bool{}}
		c.check([]pkg{tc.pkg})
		switch {
		case tc.want == "" && len(c.problems) > 0:
			t.Errorf("%s: unexpected problems %q", tc.name, c.problems)
		case tc.want != "" && (len(c.problems) != 1 || !strings.Contains(c.problems[0], tc.want)):
			t.Errorf("%s: problems %q, want one containing %q", tc.name, c.problems, tc.want)
		}
	}

	// An exception allows its one import, and a stale one is reported.
	c := &checker{
		testExceptions: map[[2]string]string{{"folio/store", "folio/bench/corpus"}: "why", {"folio/graph", "folio/rest"}: "why"},
		bunExceptions:  map[string]string{"folio/cmd/folio": "why"},
		used:           map[string]bool{},
	}
	c.check([]pkg{
		{ImportPath: "folio/store", XTestImports: []string{"folio/bench/corpus"}},
		{ImportPath: "folio/cmd/folio", Imports: []string{"github.com/uptrace/bun"}},
		{ImportPath: "folio/service/seed", XTestImports: []string{"folio/bench/corpus"}},
	})
	c.stale()
	want := []string{
		"folio/service/seed (floor service) imports folio/bench/corpus (floor binaries) (in a _test.go file), a floor above it",
		"exception folio/graph -> folio/rest is no longer needed: remove it from testImportExceptions",
	}
	if !slices.Equal(c.problems, want) {
		t.Errorf("exceptions: problems\n%q\nwant\n%q", c.problems, want)
	}
}
