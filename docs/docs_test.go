// Package docs holds Folio's documentation (this folder, the README and
// bench/'s notes) and the tests that keep it true to the code: every
// setting the code reads is listed in configuration.md, every relative link
// resolves (to a file, and to a heading when it names one), and the README
// stays a short front page that links every document here.
package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// root is the repository, seen from this package's directory.
const root = ".."

// codeDirs are the top-level folders whose Go sources may read settings;
// those that do not exist (yet) are skipped.
var codeDirs = []string{"cmd", "graph", "rest", "store", "domain", "internal", "service"}

// testOnly are variables the code reads that are not settings of the
// server, and why configuration.md's tables of settings need not list them.
var testOnly = map[string]string{
	"FOLIO_TEST_DATABASE_URL": "read by the test harness (store/pgtest) and set by `folio db run`, never by `folio serve`",
	"FOLIO_TEST_POOLER":       "puts the tests' databases behind PgBouncer (store/pgtest, make test-pgbouncer), never read by `folio serve`",
	"FOLIO_TEST_CACHE":        "where the tests and make bench install npm packages (internal/npmcache), never read by `folio serve`",
}

// readElsewhere are variables configuration.md lists that no Folio source
// reads itself, and who reads them.
var readElsewhere = map[string]string{
	"GOMEMLIMIT":   "the Go runtime",
	"AUTOMEMLIMIT": "github.com/KimMachineGun/automemlimit, which folio serve calls",
}

// testSection is the heading of configuration.md under which variables
// read only by tests are listed; the tables above it are the settings.
const testSection = "## For tests only"

var (
	settingName = regexp.MustCompile(`\bFOLIO_[A-Z0-9_]+`)
	envName     = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	backticked  = regexp.MustCompile("`([A-Z][A-Z0-9_]*)`")
)

// envReaders are the functions whose first argument, a string literal, is
// the name of an environment variable (os.Getenv, os.LookupEnv, and the
// small wrappers the commands use).
var envReaders = map[string]bool{"Getenv": true, "LookupEnv": true, "getenv": true, "env": true}

// setting is a variable the code reads, and one place that reads it.
type setting struct {
	name, where string
	prefix      bool // a prefix of names (FOLIO_BLOB_S3_), not a name
}

// settingsInCode finds the environment variables the non-test Go sources
// read: every FOLIO_ name in a string literal (names built from a prefix
// count as the prefix), and every name passed literally to an env reader.
func settingsInCode(t *testing.T) map[string]setting {
	t.Helper()
	found := map[string]setting{}
	add := func(name, where string) {
		if _, ok := found[name]; !ok {
			found[name] = setting{name: name, where: where, prefix: strings.HasSuffix(name, "_")}
		}
	}
	fset := token.NewFileSet()
	for _, dir := range codeDirs {
		top := filepath.Join(root, dir)
		if _, err := os.Stat(top); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BasicLit:
					if n.Kind != token.STRING {
						return true
					}
					s, err := strconv.Unquote(n.Value)
					if err != nil {
						return true
					}
					for _, name := range settingName.FindAllString(s, -1) {
						add(name, rel+":"+strconv.Itoa(fset.Position(n.Pos()).Line))
					}
				case *ast.CallExpr:
					var fn string
					switch f := n.Fun.(type) {
					case *ast.Ident:
						fn = f.Name
					case *ast.SelectorExpr:
						fn = f.Sel.Name
					}
					if !envReaders[fn] || len(n.Args) == 0 {
						return true
					}
					if lit, ok := n.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						if s, err := strconv.Unquote(lit.Value); err == nil && envName.MatchString(s) {
							add(s, rel+":"+strconv.Itoa(fset.Position(lit.Pos()).Line))
						}
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return found
}

// documentedSettings reads configuration.md's tables: the names in the
// first column of each row, split into the settings and the variables
// listed for tests only, and the names a setting's default column gives
// as its fallback (AWS_REGION behind FOLIO_BLOB_S3_REGION, say).
func documentedSettings(t *testing.T) (settings, fallbacks, tests map[string]bool) {
	t.Helper()
	b, err := os.ReadFile("configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	settings, fallbacks, tests = map[string]bool{}, map[string]bool{}, map[string]bool{}
	into, forTests := settings, false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "## ") {
			forTests = strings.TrimSpace(line) == testSection
			into = settings
			if forTests {
				into = tests
			}
			continue
		}
		if !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 3 {
			continue
		}
		for _, m := range backticked.FindAllStringSubmatch(cells[1], -1) {
			into[m[1]] = true
		}
		if len(cells) > 3 && !forTests {
			for _, m := range backticked.FindAllStringSubmatch(cells[2], -1) {
				fallbacks[m[1]] = true
			}
		}
	}
	if len(settings) == 0 {
		t.Fatal("configuration.md lists no settings: its tables' first column should name them in backticks")
	}
	return settings, fallbacks, tests
}

// TestSettingsDocumented fails when the code reads an environment variable
// that configuration.md does not list, and when configuration.md lists a
// setting nothing reads.
func TestSettingsDocumented(t *testing.T) {
	code := settingsInCode(t)
	settings, fallbacks, tests := documentedSettings(t)
	if len(code) == 0 {
		t.Fatal("found no environment variable in the code: is the scan looking in the right folders?")
	}
	names := make([]string, 0, len(code))
	for name := range code {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s := code[name]
		if reason, ok := testOnly[name]; ok {
			if !tests[name] {
				t.Errorf("%s (%s) is named at %s: list it under %q in configuration.md", name, reason, s.where, testSection)
			}
			continue
		}
		if s.prefix {
			if !slices.ContainsFunc(keys(settings), func(d string) bool { return strings.HasPrefix(d, name) }) {
				t.Errorf("settings named %s... are read by the code (%s), but configuration.md lists none", name, s.where)
			}
			continue
		}
		if !settings[name] && !fallbacks[name] {
			t.Errorf("%s is read by the code (named at %s), but configuration.md does not list it: add one line (default, meaning, range)", name, s.where)
		}
	}
	for name := range settings {
		if _, ok := code[name]; ok {
			continue
		}
		if _, ok := readElsewhere[name]; ok {
			continue
		}
		t.Errorf("configuration.md lists %s, which no Go source of %s reads: remove it, or say in readElsewhere who reads it", name, strings.Join(codeDirs, ", "))
	}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// markdownFiles are the documents whose links are checked: the README,
// everything under docs/, and bench/'s notes.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	bench, err := filepath.Glob(filepath.Join(root, "bench", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append(files, bench...)
}

var (
	fence      = regexp.MustCompile("^\\s*(```|~~~)")
	inlineLink = regexp.MustCompile(`\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*(\S+)`)
	heading    = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	scheme     = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	linkText   = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// prose returns a document's lines with fenced code blocks and code spans
// blanked (a link written as code is an example, not a link); the lines
// keep their numbers.
func prose(text string) []string {
	lines := strings.Split(text, "\n")
	in := false
	for i, line := range lines {
		if fence.MatchString(line) {
			in = !in
			lines[i] = ""
		} else if in {
			lines[i] = ""
		}
	}
	return strings.Split(blankCodeSpans(strings.Join(lines, "\n")), "\n")
}

// blankCodeSpans replaces what code spans hold with spaces, line breaks
// kept: a span opens with a run of backticks and closes with the next run
// of as many, on the same line or a later one; a run that nothing closes
// is text.
func blankCodeSpans(text string) string {
	b := []byte(text)
	run := func(i int) int { // the length of the backtick run at i
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		return n
	}
	for i := 0; i < len(b); {
		n := run(i)
		if n == 0 {
			i++
			continue
		}
		end := -1
		for j := i + n; j < len(b); {
			if m := run(j); m > 0 {
				if m == n {
					end = j
					break
				}
				j += m
			} else {
				j++
			}
		}
		if end < 0 {
			i += n
			continue
		}
		for k := i; k < end+n; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		i = end + n
	}
	return string(b)
}

// anchors are the ids GitHub gives a document's headings: the heading's
// text in lower case, without punctuation, spaces as dashes; a repeated
// one gets -1, -2, ...
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	in := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			in = !in
			continue
		}
		m := heading.FindStringSubmatch(line)
		if in || m == nil {
			continue
		}
		h := linkText.ReplaceAllString(m[1], "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-':
				b.WriteRune(r)
			case r == ' ':
				b.WriteByte('-')
			}
		}
		id := b.String()
		if n := seen[id]; n > 0 {
			out[id+"-"+strconv.Itoa(n)] = true
		} else {
			out[id] = true
		}
		seen[id]++
	}
	return out
}

// TestRelativeLinks fails on a relative link, in the README, docs/ or
// bench/'s notes, to a file that does not exist, or to a heading its
// document does not have.
func TestRelativeLinks(t *testing.T) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, file := range markdownFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range prose(string(b)) {
			var targets []string
			for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
				targets = append(targets, strings.Trim(m[1], "<>"))
			}
			if m := refLink.FindStringSubmatch(line); m != nil {
				targets = append(targets, strings.Trim(m[1], "<>"))
			}
			for _, target := range targets {
				if scheme.MatchString(target) || strings.HasPrefix(target, "//") {
					continue // a URL: not checked here
				}
				checked++
				where := file + ":" + strconv.Itoa(i+1)
				path, anchor, _ := strings.Cut(target, "#")
				dest := file
				if path != "" {
					if strings.HasPrefix(path, "/") {
						t.Errorf("%s: link %q is absolute: write it relative to the document", where, target)
						continue
					}
					dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
					if abs, _ := filepath.Abs(dest); !strings.HasPrefix(abs, absRoot+string(filepath.Separator)) {
						t.Errorf("%s: link %q leaves the repository", where, target)
						continue
					}
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s: link %q: no such file %s", where, target, dest)
						continue
					}
				}
				if anchor == "" || !strings.HasSuffix(dest, ".md") {
					continue
				}
				db, err := os.ReadFile(dest)
				if err != nil {
					t.Errorf("%s: link %q: %v", where, target, err)
					continue
				}
				if !anchors(string(db))[anchor] {
					t.Errorf("%s: link %q: %s has no heading #%s", where, target, dest, anchor)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no relative link found: is the scan reading the documents?")
	}
}

// TestReadme keeps the README a front page: at most 300 lines, with the
// first session CI runs (.ci/first-session), linking every document under
// docs/.
func TestReadme(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if n := strings.Count(readme, "\n"); n > 300 {
		t.Errorf("README.md has %d lines: keep it under 300, and move the rest to docs/", n)
	}
	if !strings.Contains(readme, "\n## A first session\n\n```sh\n") {
		t.Error(`README.md has no "## A first session" heading followed by a sh block: .ci/first-session runs that block`)
	}
	linked := map[string]bool{}
	for _, line := range prose(readme) {
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			path, _, _ := strings.Cut(strings.Trim(m[1], "<>"), "#")
			linked[filepath.Clean(path)] = true
		}
	}
	for _, file := range markdownFiles(t) {
		rel, err := filepath.Rel(root, file)
		if err != nil {
			t.Fatal(err)
		}
		if rel == "README.md" || !strings.HasPrefix(filepath.ToSlash(rel), "docs/") {
			continue
		}
		if !linked[rel] {
			t.Errorf("README.md does not link %s: add it to Where to read next", filepath.ToSlash(rel))
		}
	}
}
