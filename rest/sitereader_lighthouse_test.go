package rest_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"folio/internal/npmcache"
	"folio/rest/resttest"
)

// lighthouse is the Lighthouse the quality bar is measured with (it runs
// on the machine's Node.js, against Debian's Chromium).
const lighthouse = "lighthouse@12.2.3"

// TestReaderLighthouse runs Lighthouse on the API reference page of a
// customized site, desktop and mobile, in the light and the dark theme
// (the site's default theme, so that the page itself is dark), and wants
// 100 in performance, accessibility, best practices and SEO. Eight runs
// take a few minutes on a busy machine, so it runs only when
// FOLIO_LIGHTHOUSE names a file, where the scores are written as a
// markdown table (make lighthouse: docs/lighthouse.md).
func TestReaderLighthouse(t *testing.T) {
	out := os.Getenv("FOLIO_LIGHTHOUSE")
	if out == "" {
		t.Skip("FOLIO_LIGHTHOUSE is unset (make lighthouse sets it)")
	}
	chromium := requireChromium(t)
	dir, err := npmcache.Package(lighthouse)
	if err != nil {
		t.Fatal(err)
	}
	cli := filepath.Join(dir, "node_modules", "lighthouse", "cli", "index.js")
	srv := resttest.New(t)
	srv.StartWorkers(workersFor)
	alice := srv.User("alice@example.com")
	categories := []string{"performance", "accessibility", "best-practices", "seo"}
	var rows []string
	for _, theme := range []string{"light", "dark"} {
		org := createOrg(t, alice, "Pets "+theme)
		page := srv.URL + customAPISite(t, srv, alice, org, theme) + "/api"
		for _, device := range []string{"desktop", "mobile"} {
			scratch := chromiumScratch(t)
			report := filepath.Join(scratch, "report.json")
			args := []string{cli, page, "--quiet", "--output=json", "--output-path=" + report,
				"--only-categories=" + strings.Join(categories, ","),
				"--chrome-flags=--headless=new --no-sandbox --disable-gpu --user-data-dir=" + filepath.Join(scratch, "profile")}
			if device == "desktop" {
				args = append(args, "--preset=desktop")
			}
			cmd := exec.CommandContext(t.Context(), "node", args...)
			cmd.Env = append(os.Environ(), "CHROME_PATH="+chromium, "TMPDIR="+filepath.Join(scratch, "tmp"))
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("lighthouse %s %s: %v\n%s", theme, device, err, b)
			}
			raw, err := os.ReadFile(report)
			if err != nil {
				t.Fatal(err)
			}
			var r struct {
				Categories map[string]struct {
					Score     *float64
					AuditRefs []struct{ ID string }
				}
				Audits map[string]struct {
					Title        string
					Score        *float64
					ScoreDisplay string `json:"scoreDisplayMode"`
					Details      struct {
						Items []struct {
							Node struct{ Snippet string }
						}
					}
				}
			}
			if err := json.Unmarshal(raw, &r); err != nil {
				t.Fatal(err)
			}
			row := fmt.Sprintf("| %s | %s |", device, theme)
			for _, c := range categories {
				cat := r.Categories[c]
				score := 0
				if cat.Score != nil {
					score = int(*cat.Score*100 + 0.5)
				}
				row += fmt.Sprintf(" %d |", score)
				if score == 100 {
					continue
				}
				var failing []string
				for _, a := range cat.AuditRefs {
					au := r.Audits[a.ID]
					if au.Score != nil && *au.Score < 1 && slices.Contains([]string{"binary", "numeric", "metricSavings"}, au.ScoreDisplay) {
						var nodes []string
						for _, it := range au.Details.Items {
							if it.Node.Snippet != "" {
								nodes = append(nodes, it.Node.Snippet)
							}
						}
						failing = append(failing, fmt.Sprintf("%s (%.2f) %v", au.Title, *au.Score, nodes))
					}
				}
				t.Errorf("%s, %s theme: %s %d: %s", device, theme, c, score, strings.Join(failing, "; "))
			}
			rows = append(rows, row)
		}
	}
	table := "| device | theme | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|---|\n" + strings.Join(rows, "\n") + "\n"
	t.Logf("Lighthouse:\n%s", table)
	doc := "# Lighthouse\n\nLighthouse 12.2.3 (Node.js " + nodeVersion() + ", Debian's Chromium) on the API reference page of a customized site " +
		"(rest/sitereader_lighthouse_test.go, `make lighthouse`), desktop and mobile, the site's default theme light and dark.\n\n" + table
	if err := os.WriteFile(out, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

func nodeVersion() string {
	b, err := exec.Command("node", "--version").Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(b))
}
