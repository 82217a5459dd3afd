package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"folio/bench/loadgen"
	"folio/bench/queries"
	"folio/rest"
	"folio/store"
)

type run struct {
	cfg      config
	data     *seeded
	folio    string
	baseline string
	noEvents string // folio built with -tags folio_noevents
	vs       string // with -only writes, the binary this build is compared with
	// noInsights is the same folio started with FOLIO_INSIGHTS=off.
	noInsights string
	public     string
	dsn        string
	store      *store.Store
	client     *http.Client
	only       string // one part of the suite (-only)
	folioBin   string // the folio binary, for servers the suite starts itself
	// graphileConfig is PostGraphile 5's graphile.config.mjs.
	graphileConfig string
	env            []string       // the servers' environment (DATABASE_URL, ...)
	pids           map[string]int // the servers' processes by base URL, for their CPU time (cpu.go)
}

// measurement is one target under one workload: its maximum throughput
// (closed loop), and latencies and errors at 70% of it (open loop), with
// the CPU time each run took.
type measurement struct {
	target     string
	max        float64
	at70       loadgen.Result
	rate       float64
	cpuMax     cpuUse    // the closed loop's
	cpu70      cpuUse    // the open loop's
	busy70     []float64 // the machine's busy share in each tailWindow of the open loop
	statements string
	allocs     string
	failed     string // why the target could not be measured
}

func (m measurement) row() string {
	if m.failed != "" {
		return fmt.Sprintf("| %s | FAILED: %s | | | | | | | | |", m.target, strings.ReplaceAll(m.failed, "|", "\\|"))
	}
	p50, p99 := m.at70.Quantile(0.5), m.at70.Quantile(0.99)
	ratio := 0.0
	if p50 > 0 {
		ratio = float64(p99) / float64(p50)
	}
	return fmt.Sprintf("| %s | %.0f | %.0f | %s | %s | %s | %.1f | %d | %s | %s |", m.target, m.max, m.rate,
		ms(p50), ms(m.at70.Quantile(0.95)), ms(p99), ratio, m.at70.Errors, m.statements, m.allocs)
}

const header = "| target | max req/s | load req/s | p50 | p95 | p99 | p99/p50 | errors | SQL statements/request | allocs/request |\n|---|---|---|---|---|---|---|---|---|---|"

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func (r *run) get(base, path string) loadgen.Request {
	return func(int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		req.Header.Set("Authorization", "Bearer "+r.data.token)
		return req
	}
}

// getEach makes the i-th request a GET of path(i).
func (r *run) getEach(base string, path func(i int) string) loadgen.Request {
	return func(i int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, base+path(i), nil)
		req.Header.Set("Authorization", "Bearer "+r.data.token)
		return req
	}
}

func (r *run) post(base, path string, body func(i int) string) loadgen.Request {
	return func(i int) *http.Request {
		req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body(i)))
		req.Header.Set("Authorization", "Bearer "+r.data.token)
		req.Header.Set("Content-Type", "application/json")
		return req
	}
}

// fetch sends one request and returns its body and statement count; the
// suite stops when it fails.
func (r *run) fetch(mk loadgen.Request) ([]byte, string) {
	b, n, err := r.tryFetch(mk)
	if err != nil {
		log.Fatal(err)
	}
	return b, n
}

// tryFetch sends one request and returns its body and statement count, or
// why it failed.
func (r *run) tryFetch(mk loadgen.Request) ([]byte, string, error) {
	req := mk(0)
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		return nil, "", fmt.Errorf("%s: %d %.300s", req.URL, resp.StatusCode, b)
	}
	n := resp.Header.Get("X-Folio-Statements")
	if n == "" {
		n = "-"
	}
	return b, n, nil
}

// measure finds a target's maximum throughput, then measures it at 70%.
func (r *run) measure(ctx context.Context, target string, clients int, mk loadgen.Request) measurement {
	_, statements, err := r.tryFetch(mk)
	if err != nil {
		// One broken target is reported, not the end of the suite.
		log.Printf("%s: FAILED: %v", target, err)
		return measurement{target: target, failed: oneLine(err)}
	}
	pid := r.serverOf(mk)
	stop := meter(pid)
	closed := loadgen.Closed(ctx, r.client, clients, r.cfg.maxRun, mk)
	cpuMax := stop(closed.Sent)
	max := closed.Throughput()
	rate := max * 0.7
	stop, windows := meter(pid), busyEvery(tailWindow)
	at70 := loadgen.Open(ctx, r.client, rate, r.cfg.measure, 256, mk)
	cpu70, busy70 := stop(at70.Sent), windows()
	log.Printf("%s: max %.0f req/s, p50 %s p99 %s at %.0f req/s (the generator sent p50 %s p99 %s late)", target, max,
		ms(at70.Quantile(0.5)), ms(at70.Quantile(0.99)), rate, ms(at70.LateQuantile(0.5)), ms(at70.LateQuantile(0.99)))
	return measurement{target: target, max: max, at70: at70, rate: rate, cpuMax: cpuMax, cpu70: cpu70, busy70: busy70,
		statements: statements, allocs: "-"}
}

// serverOf is the process of the server mk's requests go to (0 when not
// one the suite started).
func (r *run) serverOf(mk loadgen.Request) int {
	u := mk(0).URL
	return r.pids[u.Scheme+"://"+u.Host]
}

// fixedRate measures a write workload at a fixed rate.
func (r *run) fixedRate(ctx context.Context, target string, rate float64, mk loadgen.Request) measurement {
	res := loadgen.Open(ctx, r.client, rate, r.cfg.measure, 64, mk)
	log.Printf("%s: p50 %s p99 %s at %.0f req/s, %d errors", target, ms(res.Quantile(0.5)), ms(res.Quantile(0.99)), rate, res.Errors)
	return measurement{target: target, max: res.Throughput(), at70: res, rate: rate, statements: "-", allocs: "-"}
}

// allocs runs a Go benchmark of one request through the in-process handler.
func (r *run) allocs(path string) string {
	// No access lines in the suite's output, and none made: the server
	// measured runs with FOLIO_LOG_LEVEL=error, which skips them.
	quiet := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError}))
	h, err := rest.NewHandler(rest.Config{Store: r.store, PublicURL: r.public, Logger: quiet})
	if err != nil {
		log.Fatal(err)
	}
	res := testing.Benchmark(func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", "Bearer "+r.data.token)
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK {
				b.Fatalf("%s: %d", path, w.Code)
			}
		}
	})
	return fmt.Sprintf("%d (%d B)", res.AllocsPerOp(), res.AllocedBytesPerOp())
}

// pgbench runs one SQL statement on the database's own client for the
// database's ceiling; it returns transactions per second.
func (r *run) pgbench(sql string, clients int) float64 {
	script := filepath.Join(r.tmp(), "read.sql")
	if err := writeFile(script, sql+";\n"); err != nil {
		log.Fatal(err)
	}
	bin, err := exec.Command("bash", "-c", "command -v pgbench || ls /usr/lib/postgresql/*/bin/pgbench | tail -1").Output()
	if err != nil {
		log.Printf("pgbench not found: %v", err)
		return 0
	}
	host := regexp.MustCompile(`host=(\S+)`).FindStringSubmatch(r.dsn)[1]
	cmd := exec.Command(strings.TrimSpace(string(bin)), "-n", "-h", host, "-U", "folio", "-c", strconv.Itoa(clients), "-j", "2",
		"-T", strconv.Itoa(int(r.cfg.maxRun.Seconds())), "-f", script, "folio")
	out, err := cmd.CombinedOutput()
	if err != nil {
		log.Printf("pgbench: %v: %s", err, out)
		return 0
	}
	m := regexp.MustCompile(`tps = ([0-9.]+)`).FindSubmatch(out)
	if m == nil {
		return 0
	}
	tps, _ := strconv.ParseFloat(string(m[1]), 64)
	return tps
}

// deepPage walks a list to the page 90% of the way through and returns its token.
func (r *run) deepPage(path string, limit int) string {
	var page string
	seen, total := 0, 1
	for seen < total*9/10-limit {
		url := fmt.Sprintf("%s?limit=%d", path, limit)
		if page != "" {
			url += "&page=" + page
		}
		body, _ := r.fetch(r.get(r.folio, url))
		var l struct {
			Items []json.RawMessage
			Count int
			Next  *struct{ Page string }
		}
		json.Unmarshal(body, &l)
		total = l.Count
		seen += len(l.Items)
		if l.Next == nil {
			break
		}
		page = l.Next.Page
	}
	return page
}

func (r *run) all(ctx context.Context) string {
	r.client = loadgen.Client(512)
	var b strings.Builder
	fmt.Fprintf(&b, "# Folio benchmark results\n\nMade by `make bench` on %s.\n\n", time.Now().UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(&b, "Machine: %s.\n\n", machine())
	data := fmt.Sprintf("one organization with %d spaces; one space of %d pages", r.cfg.spaces, r.cfg.pages)
	switch r.only {
	case "search":
		data = "the search corpus only (-only search)"
	case "reads":
		data = fmt.Sprintf("one organization with %d spaces and %d sites x %d sections x %d site spaces (-only reads)",
			readsInTurn+1+r.cfg.sites, r.cfg.sites, r.cfg.sections, r.cfg.siteSpaces)
	case "postgraphile":
		data = fmt.Sprintf("one organization with %d spaces and %d sites x %d sections x %d site spaces (-only postgraphile)",
			r.cfg.spaces+1+r.cfg.sites, r.cfg.sites, r.cfg.sections, r.cfg.siteSpaces)
	}
	fmt.Fprintf(&b, "Data: %s. Load comes from the bench process over loopback; "+
		"`max` is a closed loop of %d clients for %s; latencies are from an open loop at 70%% of that maximum for %s, measured "+
		"from each request's scheduled time (no coordinated omission). SQL statements include the token lookup.\n\n",
		data, r.cfg.clients, r.cfg.maxRun, r.cfg.measure)
	d := r.data
	switch r.only {
	case "postgraphile":
		r.postgraphile(ctx, &b)
		return b.String()
	case "events":
		r.eventCost(ctx, &b)
		r.webhookLatency(ctx, &b)
		return b.String()
	case "search":
		r.searchSection(ctx, &b)
		return b.String()
	case "reads":
		r.singleReads(ctx, &b)
		return b.String()
	case "insights":
		_, _, cost := r.readerPagesAnd(ctx, true)
		return b.String() + cost
	case "reader":
		r.readerSection(ctx, &b)
		return b.String()
	case "pooler":
		r.poolerCost(ctx, &b)
		return b.String()
	case "writes":
		r.orgWrites(ctx, &b, r.vs)
		return b.String()
	case "merges":
		r.mergeSection(ctx, &b)
		return b.String()
	}

	r.singleReads(ctx, &b)

	// List pages, first and 90% deep.
	b.WriteString("## List pages (GET /v1/orgs/{id}/spaces)\n\n" + header + "\n")
	var deepRatios []string
	for _, limit := range []int{50, 1000} {
		path := "/v1/orgs/" + d.orgID + "/spaces"
		first := r.measure(ctx, fmt.Sprintf("limit=%d, first page", limit), r.cfg.clients, r.get(r.folio, fmt.Sprintf("%s?limit=%d", path, limit)))
		token := r.deepPage(path, limit)
		deep := r.measure(ctx, fmt.Sprintf("limit=%d, 90%% deep", limit), r.cfg.clients, r.get(r.folio, fmt.Sprintf("%s?limit=%d&page=%s", path, limit, token)))
		b.WriteString(first.row() + "\n" + deep.row() + "\n")
		deepRatios = append(deepRatios, fmt.Sprintf("- limit=%d: a page 90%% deep costs **%.2fx** the first page (p50), %.2fx (max throughput).",
			limit, float64(deep.at70.Quantile(0.5))/float64(first.at70.Quantile(0.5)), first.max/deep.max))
	}
	b.WriteString("\n" + strings.Join(deepRatios, "\n") + "\n\n")

	// Content: the page tree of the big space.
	b.WriteString("## Content\n\n" + header + "\n")
	tree := r.measure(ctx, fmt.Sprintf("GET /v1/spaces/{id}/content/pages (%d pages)", r.cfg.pages), 4, r.get(r.folio, "/v1/spaces/"+d.bigSpace+"/content/pages"))
	b.WriteString(tree.row() + "\n\n")

	// The frontend's main query.
	b.WriteString(fmt.Sprintf("## Site tree (GraphQL: %d sites x %d sections x %d site spaces, spaces with %d-page trees)\n\n",
		r.cfg.sites, r.cfg.sections, r.cfg.siteSpaces, r.cfg.sitePages) + header + "\n")
	for _, m := range r.siteTree(ctx) {
		b.WriteString(m.row() + "\n")
	}
	b.WriteString("\n")

	// The same database through PostGraphile.
	r.postgraphile(ctx, &b)

	// Published site pages (rest/reader), as a browser views them.
	r.readerSection(ctx, &b)
	_, _, cost := r.readerPagesAnd(ctx, true)
	b.WriteString(cost)

	r.searchSection(ctx, &b)

	// Writes at a fixed rate.
	b.WriteString(fmt.Sprintf("## Writes (open loop at %.0f req/s)\n\n", r.cfg.writeRate) + header + "\n")
	create := r.fixedRate(ctx, "POST /v1/orgs/{id}/spaces", r.cfg.writeRate, r.post(r.folio, "/v1/orgs/"+d.orgID+"/spaces",
		func(i int) string { return fmt.Sprintf(`{"title":"Written %d"}`, i) }))
	b.WriteString(create.row() + "\n")
	for _, w := range r.writeWorkloads(ctx) {
		b.WriteString(w.row() + "\n")
	}
	b.WriteString("\n")
	r.mergeSection(ctx, &b)

	// The change feed: what it costs a write, and how soon webhooks hear.
	r.eventCost(ctx, &b)
	r.webhookLatency(ctx, &b)

	// Writes of 16 clients in one organization (issue 39's third target),
	// with and without events.
	r.orgWrites(ctx, &b, "")

	// The same server behind PgBouncer.
	r.poolerCost(ctx, &b)

	// Targets.
	b.WriteString("## Targets\n\n")
	b.WriteString("- REST through the internal GraphQL operation against the direct baseline: see Single reads.\n")
	b.WriteString("- A list page 90% deep against the first page: see List pages.\n")
	b.WriteString("- Against PostGraphile (site tree p50 at most 0.8x and throughput at least 1.25x; the REST list of 1,000 at least 1.0x its throughput): see Peer.\n")
	b.WriteString("- Search p95 at most 30 ms for terms with at most 1,000 matches: see the p95 column of their rows in Search.\n")
	b.WriteString("- Writes with the change feed at most 10% slower than without (max req/s): see Change feed cost.\n")
	b.WriteString("- Webhook delivery latency from a write's acknowledgement to the receiver at 100 writes/s (p50, p99 reported): see Webhook delivery latency.\n")
	b.WriteString("- p99 at most 5x p50 at 70% of the maximum, with no errors: the p99/p50 and errors columns (the site tree rows are closed loops, not 70% runs).\n")
	return b.String()
}

// singleReads measures the two single reads against the direct baseline
// and the database's ceiling for the organization read's statement.
func (r *run) singleReads(ctx context.Context, b *strings.Builder) {
	d := r.data
	b.WriteString("## Single reads\n\n" + header + "\n")
	var ratios, byLoad, cpuRows, tailRows, tails50 []string
	spaceInTurn := func(i int) string { return "/v1/spaces/" + d.inTurn[i%len(d.inTurn)] }
	for _, read := range []struct {
		name string
		path func(i int) string // the i-th request's
	}{
		{"GET /v1/orgs/{id}", func(int) string { return "/v1/orgs/" + d.orgID }},
		{"GET /v1/spaces/{id}", func(int) string { return "/v1/spaces/" + d.spaceID }},
		// Clients read many objects, each statement's values new to the
		// connection; the two reads above repeat one object's.
		{fmt.Sprintf("GET /v1/spaces/{id}, %d spaces in turn", len(d.inTurn)), spaceInTurn},
	} {
		folioReq, baseReq := r.getEach(r.folio, read.path), r.getEach(r.baseline, read.path)
		folioBody, _ := r.fetch(folioReq)
		baseBody, _ := r.fetch(baseReq)
		f := r.measure(ctx, read.name+" (Folio)", r.cfg.clients, folioReq)
		f.allocs = r.allocs(read.path(0))
		base := r.measure(ctx, read.name+" (baseline)", r.cfg.clients, baseReq)
		b.WriteString(f.row() + "\n" + base.row() + "\n")
		byLoad = append(byLoad, r.tailByLoad(ctx, f, folioReq), r.tailByLoad(ctx, base, baseReq))
		cpuRows = append(cpuRows, cpuRow(f), cpuRow(base))
		tailRows = append(tailRows, tailRow(f), tailRow(base))
		same := "identical"
		if !bytes.Equal(folioBody, baseBody) {
			same = "DIFFERENT"
			log.Printf("bodies differ:\nfolio:    %s\nbaseline: %s", folioBody, baseBody)
		}
		share, perPair := r.pairedShare(ctx, folioReq, baseReq)
		log.Printf("%s: Folio/baseline per pair: %s", read.name, strings.Join(perPair, " "))
		tails50 = append(tails50, r.tailAt50(ctx, read.name, f, base, folioReq, baseReq))
		ratios = append(ratios, fmt.Sprintf("- %s: Folio reaches **%.0f%%** of the baseline's throughput (median of %d pairs of "+
			"closed loops alternating between the two, ABBA; pairs: %s; the maxima above, measured apart, give %.0f%%); response bytes %s. "+
			"At 70%%, the load generator itself sent its p99 request %s late for Folio (p99 %s), %s for the baseline (p99 %s): "+
			"a tail that the generator's delay accounts for is the shared machine's, not the server's.",
			read.name, 100*share, len(perPair), strings.Join(perPair, ", "), 100*f.max/base.max, same,
			ms(f.at70.LateQuantile(0.99)), ms(f.at70.Quantile(0.99)), ms(base.at70.LateQuantile(0.99)), ms(base.at70.Quantile(0.99))))
	}
	graphqlRows, graphqlRatios := r.graphqlBaseline(ctx)
	b.WriteString(graphqlRows)
	orgSQL := fmt.Sprintf(`SELECT organization.*, m.role AS viewer_role, EXISTS (SELECT 1 FROM team_members AS t WHERE t.organization_id = organization.id AND t.user_id = m.user_id AND t.role = 'owner') AS viewer_owns_team FROM organizations AS organization JOIN members AS m ON m.organization_id = organization.id AND m.user_id = '%s' WHERE organization.id IN ('%s')`, d.userID, d.orgID)
	tps := r.pgbench(orgSQL, r.cfg.clients)
	fmt.Fprintf(b, "| pgbench: the organization read statement | %.0f | | | | | | | 1 | |\n\n", tps)
	b.WriteString(strings.Join(append(ratios, graphqlRatios...), "\n") + "\n\n")
	cut := r.tailPairing()
	fmt.Fprintf(b, "The tail at half the load, against the baseline at the same rate (issue 39's target: Folio's p99/p50 at most "+
		"1.25x the baseline's): open loops at 50%% of the lower of the two maxima above, on Folio and on the baseline in turn, "+
		"in %d ABBA pairs of slices, each slice an open loop of %s whose first %s (the loop's start) is not counted. "+
		"Each pair gives Folio's p99/p50 over the baseline's; the target's figure is the median of the pairs' ratios "+
		"(as the throughput shares are paired), with the quartiles of the pairs' ratios (how far the pairs agree), "+
		"beside the ratio of each side's slices merged. "+
		"The load average is the machine's (1 minute) before and after the pairs.\n\n"+
		"| read | at req/s (both) | Folio p50 / p99 (p99/p50), merged | baseline p50 / p99 (p99/p50), merged | merged: Folio's over the baseline's | "+
		"median of the pairs' ratios (pairs) | load average |\n"+
		"|---|---|---|---|---|---|---|\n%s\n\n", cut.pairs, cut.warm+cut.slice, cut.warm, strings.Join(tails50, "\n"))
	b.WriteString("How the tail grows with the load: p50 / p99 (p99/p50) of open loops at a share of each target's maximum, " +
		"the 70% column being the run above, with how busy the machine was (see the CPU table below). A tail that the baseline grows as fast as Folio belongs to the machine " +
		"the generator, the server and PostgreSQL share.\n\n" +
		"| target | at 30% | at 50% | at 70% |\n|---|---|---|---|\n" + strings.Join(byLoad, "\n") + "\n\n")
	b.WriteString("Where the machine's CPU went, per request: the load generator (this suite's process) / the server / " +
		"everything else (PostgreSQL, mostly), read from /proc over the closed loop that found the maximum and over the " +
		"open loop at 70% of it; `busy` is the share of the machine's cores in use. In the closed loop every process always has " +
		"the next request waiting; in the open loop each request wakes the generator, the server and PostgreSQL on its own, " +
		"and the last column is how much more CPU a request costs the machine so: 70% of the closed loop's rate keeps the machine " +
		"about as busy as the closed loop was, times 0.7, times that ratio.\n\n" +
		"| target | closed loop (maximum) | open loop at 70% | machine CPU per request, open / closed |\n|---|---|---|---|\n" +
		strings.Join(cpuRows, "\n") + "\n\n")
	fmt.Fprintf(b, "Where the slowest 1%% of the requests at 70%% fell: the %s windows of the run (by each request's scheduled time) "+
		"that hold them, how busy the machine was in those windows and in the others (medians), how many of them were due in "+
		"the run's first second, and the p99 of the requests due after it (against the run's p50). A tail packed into few windows "+
		"in which the machine was busier is every request stalled at once while a queue drained, not a slow path some requests "+
		"take. In its first second an open loop can stall while the server warms to it (in trials the generator opened up to 48 "+
		"more connections and the server's heap grew into new memory).\n\n"+
		"| target | p99 | windows holding the slowest 1%% | machine busy in them / elsewhere | due in the first second | p99 after it |\n"+
		"|---|---|---|---|---|---|\n%s\n\n",
		tailWindow, strings.Join(tailRows, "\n"))
}

// tailAt50 runs open loops at 50% of the lower of f's and base's maxima
// on both in ABBA pairs of slices (tailPairs) and returns a row of their
// tails: p50, p99 and p99/p50 of each side's slices merged, the same ratio
// of the merged sides, and the median of the pairs' ratios (the target's
// figure), with the machine's load average before and after.
func (r *run) tailAt50(ctx context.Context, name string, f, base measurement, folioReq, baseReq loadgen.Request) string {
	if f.failed != "" || base.failed != "" {
		return fmt.Sprintf("| %s | - | - | - | - | - | - |", name)
	}
	rate := 0.5 * min(f.max, base.max)
	before := loadAverage()
	pairs := r.tailPairs(ctx, r.tailPairing(), rate, folioReq, baseReq)
	after := loadAverage()
	med, q, ratios, merged := tailPairsSummary(pairs)
	tail := func(res loadgen.Result) string {
		return fmt.Sprintf("%s / %s (%.1fx)", ms(res.Quantile(0.5)), ms(res.Quantile(0.99)), tailRatio(res))
	}
	perPair := make([]string, len(ratios))
	for i, x := range ratios {
		perPair[i] = fmt.Sprintf("%.2f", x)
	}
	fs, bs := tail(merged[0]), tail(merged[1])
	log.Printf("%s at %.0f req/s: Folio %s, baseline %s: merged %.2fx, median of pairs %.2fx (quartiles %.2f-%.2f; %s)", name, rate, fs, bs,
		tailRatio(merged[0])/tailRatio(merged[1]), med, q[0], q[1], strings.Join(perPair, " "))
	return fmt.Sprintf("| %s | %.0f | %s | %s | %.2fx | **%.2fx** (quartiles %.2f-%.2f; pairs %s) | %s / %s |", name, rate, fs, bs,
		tailRatio(merged[0])/tailRatio(merged[1]), med, q[0], q[1], strings.Join(perPair, ", "), before, after)
}

// loadAverage is the machine's one-minute load average ("-" without /proc).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "-"
}

// graphqlBaseline measures the site tree (to the space) and the list of
// 1,000 spaces over GraphQL on Folio and on the direct baseline, which
// answers them by hand with the same statements and bytes
// (bench/baseline/graphql.go): rows for the single reads' table, and
// Folio's paired share of each.
func (r *run) graphqlBaseline(ctx context.Context) (rows string, ratios []string) {
	d := r.data
	org := map[string]any{"id": d.orgID}
	for _, doc := range []struct{ name, query string }{
		{"GraphQL site tree, to the space", queries.SiteTreeToSpace},
		{"GraphQL 1,000 spaces, 15 fields", queries.SpaceList},
	} {
		folioReq, baseReq := gql(r.folio+"/graphql", d.token, doc.query, org), gql(r.baseline+"/graphql", d.token, doc.query, org)
		folioBody, _ := r.fetch(folioReq)
		baseBody, _ := r.fetch(baseReq)
		f := r.measure(ctx, doc.name+" (Folio)", r.cfg.clients, folioReq)
		base := r.measure(ctx, doc.name+" (baseline)", r.cfg.clients, baseReq)
		rows += f.row() + "\n" + base.row() + "\n"
		same := "identical"
		if !bytes.Equal(folioBody, baseBody) {
			same = "DIFFERENT"
			log.Printf("bodies differ:\nfolio:    %.2000s\nbaseline: %.2000s", folioBody, baseBody)
		}
		share, perPair := r.pairedShare(ctx, folioReq, baseReq)
		log.Printf("%s: Folio/baseline per pair: %s", doc.name, strings.Join(perPair, " "))
		ratios = append(ratios, fmt.Sprintf("- %s: Folio reaches **%.0f%%** of the baseline's throughput (median of %d pairs, ABBA; "+
			"pairs: %s; the maxima above, measured apart, give %.0f%%); response bytes %s (%d bytes, %s statements on both sides).",
			doc.name, 100*share, len(perPair), strings.Join(perPair, ", "), 100*f.max/base.max, same, len(folioBody), f.statements))
	}
	return rows, ratios
}

// tailByLoad runs m's workload as open loops at 30% and 50% of its
// maximum and returns a row of the tail at each load, with m's own 70%.
func (r *run) tailByLoad(ctx context.Context, m measurement, mk loadgen.Request) string {
	cell := func(res loadgen.Result, cpu cpuUse) string {
		p50, p99 := res.Quantile(0.5), res.Quantile(0.99)
		return fmt.Sprintf("%s / %s (%.1fx), %s busy", ms(p50), ms(p99), float64(p99)/float64(max(p50, 1)), percent(cpu.busy()))
	}
	row := "| " + m.target
	for _, share := range []float64{0.3, 0.5} {
		stop := meter(r.serverOf(mk))
		res := loadgen.Open(ctx, r.client, m.max*share, r.cfg.measure, 256, mk)
		row += " | " + cell(res, stop(res.Sent))
	}
	return row + " | " + cell(m.at70, m.cpu70) + " |"
}

// cpuRow is a row of where the CPU went in m's closed loop and in its open
// loop at 70%, per request.
func cpuRow(m measurement) string {
	ratio := "-"
	if closed, open := m.cpuMax.perRequest(m.cpuMax.machine), m.cpu70.perRequest(m.cpu70.machine); closed > 0 {
		ratio = fmt.Sprintf("%.2fx", open/closed)
	}
	return fmt.Sprintf("| %s | %.0f req/s, %s busy: %s | %.0f req/s, %s busy: %s | %s |", m.target,
		m.max, percent(m.cpuMax.busy()), m.cpuMax.split(), m.at70.Throughput(), percent(m.cpu70.busy()), m.cpu70.split(), ratio)
}

func percent(share float64) string {
	if share == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*share)
}

// readerSection measures published site pages (rest/reader), as a browser
// views them, against the same bytes served from a file.
func (r *run) readerSection(ctx context.Context, b *strings.Builder) {
	b.WriteString(fmt.Sprintf("## Published site pages (site 0: %d sections x %d site spaces, %d-page spaces; no token)\n\n",
		r.cfg.sections, r.cfg.siteSpaces, r.cfg.sitePages) + header + "\n")
	rows, notes := r.readerPages(ctx)
	for _, m := range rows {
		b.WriteString(m.row() + "\n")
	}
	b.WriteString("\n" + strings.Join(notes, "\n") + "\n\n")
}
