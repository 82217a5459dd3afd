package store

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"folio/domain"
	"folio/internal/markdown"
)

// MaxSearchQuery is the longest search query, in characters.
const MaxSearchQuery = 512

// maxSearchSections caps the sections listed under one page result.
const maxSearchSections = 5

// SearchHit is a page that matches a search, with its best sections.
type SearchHit struct {
	SpaceID     string  `bun:"space_id"`
	PageID      string  `bun:"page_id"`
	Title       string  `bun:"title"`
	Description string  `bun:"description"`
	Path        string  `bun:"path"`
	NegScore    float64 `bun:"neg_score"` // the score negated, so the keyset is ascending
	Rank        int     `bun:"rank"`      // one-based position among all the search's hits
	Sections    []SearchSection
}

// Score is the hit's relevance: 2 and more for a title match, 1 and more
// for a description match, below 1 for matches in the text only.
func (h SearchHit) Score() float64 { return -h.NegScore }

// SearchSection is a matching section of a page.
type SearchSection struct {
	SpaceID string  `bun:"space_id"`
	PageID  string  `bun:"page_id"`
	Ordinal int     `bun:"ordinal"`
	Anchor  string  `bun:"anchor"`
	Title   string  `bun:"title"`
	Body    string  `bun:"body"`
	Score   float64 `bun:"score"`
}

// SearchSpace searches the current revision of one space. INVALID when
// the query is empty or longer than MaxSearchQuery characters.
func (s *Store) SearchSpace(ctx context.Context, spaceID, query string, args PageArgs) (Page[SearchHit], error) {
	return s.search(ctx, searchScope{name: "space", filter: "{t}.space_id = ?1", id: spaceID, scanSmall: true}, query, args)
}

// SearchOrganization searches the current revisions of the live spaces of
// an organization that a member with role can read: every space for a
// role, only those a default level opens for guests (role nil).
func (s *Store) SearchOrganization(ctx context.Context, orgID string, role *domain.Role, query string, args PageArgs) (Page[SearchHit], error) {
	// organization_id on the row itself lets the (organization_id, space_id,
	// tsv) index skip other organizations' matches. The spaces that are not
	// readable (deleted, or closed to guests) are then dropped by a NOT IN
	// the planner hashes: a filter on the rows the index found, never an
	// index condition. With "space_id IN (readable spaces)" instead, the
	// planner could (and with fresh spaces did) run one index scan per
	// readable space, each reading the organization's posting list again:
	// 100 scans and 20 to 50 ms for a word found a thousand times. Search
	// rows always carry their space's organization (a move rewrites them in
	// the same transaction), so the two conditions select the same rows.
	unreadable := "deleted_at IS NOT NULL"
	scope := "org"
	if role == nil {
		unreadable += " OR COALESCE(default_level, folio_collection_level(parent_id)) IS NULL"
		scope = "org-guest"
	}
	filter := "{t}.organization_id = ?1 AND {t}.space_id NOT IN (SELECT id FROM spaces WHERE organization_id = ?1 AND (" + unreadable + "))"
	return s.search(ctx, searchScope{name: scope, filter: filter, id: orgID}, query, args)
}

// searchScope is what a search reads: filter is a condition on the search
// row alias {t}, with ?1 the space or organization id; name and id bind
// page tokens to it. scanSmall: when the scope holds fewer than
// searchScanPages pages, its rows are read and matched one by one rather
// than found through the GIN index (see candidates).
type searchScope struct {
	name, filter, id string
	scanSmall        bool
}

// searchScanPages is the size under which a space is searched by reading
// its rows (the primary key's space_id prefix) instead of the GIN index.
// The last word of a query is a prefix ("server:*"), and GIN answers a
// prefix by collecting the postings of every lexeme it begins, in every
// space of every organization, before it intersects them with the space:
// 10 to 20 ms for a common word whatever the space's size, for a few dozen
// matches on the page of results. Reading a space's rows costs about a
// microsecond a row (its three sections per page included): 1 to 5 ms for
// any term in a space of 1,000 pages, where the index answers a rare term
// in 0.3 ms. Up to this size the bounded cost wins; above it, a rare term
// read row by row would cost more than a common one through the index.
const searchScanPages = 3000

// candidates is the part of a search statement that selects the rows of
// table (alias t) matching the query ?0 in scope, up to limit rows, with
// the columns cols. It is a UNION ALL of branches of which one runs (the
// others' one-time filters are false):
//   - scanSmall and a small scope (the size CTE): the scope's rows, read by
//     its space_id condition and matched by ts_match_vq, the function
//     behind @@, which no index serves;
//   - bigrams and a query that requires word pairs (folio_phrase_bigrams,
//     see migration 20261125001100): the rows the pair index finds,
//     matched by ts_match_vq (the pairs are necessary, not sufficient);
//   - otherwise the GIN index on tsv.
//
// folio_phrase_bigrams is immutable and its argument a constant, so the
// planner computes the pairs: it drops the branches they rule out and
// estimates the pair index's rows from its statistics (with the pairs in a
// CTE it guessed 1,500 rows and planned parallel workers for 267).
func (sc searchScope) candidates(cols, table, t, limit string, bigrams bool) string {
	filter := strings.ReplaceAll(sc.filter, "{t}", t)
	sel := "SELECT " + cols + " FROM " + table + " AS " + t + " WHERE "
	indexedGate := ""
	var branches []string
	if sc.scanSmall {
		branches = append(branches, sel+"ts_match_vq("+t+".tsv, ?0) AND "+filter+" AND (SELECT small FROM size)")
		indexedGate = " AND NOT (SELECT small FROM size)"
	}
	indexed := sel + t + ".tsv @@ ?0 AND " + filter + indexedGate
	if bigrams {
		branches = append(branches, sel+"folio_bigrams("+t+".tsv) @> folio_phrase_bigrams(?0) AND ts_match_vq("+t+".tsv, ?0) AND "+
			filter+indexedGate+" AND folio_phrase_bigrams(?0) <> '{}'")
		indexed += " AND folio_phrase_bigrams(?0) = '{}'"
	}
	branches = append(branches, indexed)
	if len(branches) == 1 {
		return indexed + " LIMIT " + limit
	}
	for i, b := range branches {
		branches[i] = "(" + b + " LIMIT " + limit + ")"
	}
	return strings.Join(branches, "\n\t\t\tUNION ALL\n\t\t\t")
}

// Search candidates: a search ranks at most this many pages matching by
// title or description and this many matching sections, so a word found
// in most pages costs as much as one found in a thousand (ranking needs
// each match's row, and reading 100,000 rows takes seconds). A term with
// up to searchPageCandidates matching pages of up to three matching
// sections each is ranked and counted exactly.
const (
	searchPageCandidates    = 1000
	searchSectionCandidates = 3000
)

// searchRow is one row of a search statement: the number of matching
// pages, a hit and one of its best sections. A hit with several sections
// comes in as many rows, one without a matching section in one row with
// no section; a search without hits (on this page of results) has one
// row with only the count.
type searchRow struct {
	Total int `bun:"total"`
	SearchHit
	SectionOrdinal *int     `bun:"section_ordinal"`
	SectionAnchor  string   `bun:"section_anchor"`
	SectionTitle   string   `bun:"section_title"`
	SectionBody    string   `bun:"section_body"`
	SectionScore   *float64 `bun:"section_score"`
}

// search ranks the pages of a scope: pages whose title or description
// match, or with a matching section. Pages rank by score, then space and
// page id; the page token is bound to the query. The count, the page of
// hits and each hit's best sections come from one statement.
func (s *Store) search(ctx context.Context, scope searchScope, query string, args PageArgs) (Page[SearchHit], error) {
	var out Page[SearchHit]
	if strings.TrimSpace(query) == "" {
		return out, domain.Invalid("query", "is required")
	}
	if utf8.RuneCountInString(query) > MaxSearchQuery {
		return out, domain.Invalid("query", "must be at most %d characters", MaxSearchQuery)
	}
	ks := keyset{name: "search\x00" + query, cols: []string{"neg_score", "space_id", "page_id"}}.in(scope.name, scope.id)
	after, err := s.decodePage(ks, args.Page)
	if err != nil {
		return out, err
	}
	tsq, tsArgs := tsQuery(query)
	// The tsquery goes into the statement as a constant expression (bun
	// formats arguments into the text), never through a CTE or a bind
	// parameter: the planner folds it and reads the tsvector statistics,
	// so a word in most rows is found by a sequential scan that stops at
	// the candidate limit, while a bitmap scan of the GIN index would
	// collect every match first.
	keyFilter := ""
	if after != nil {
		keyFilter = "WHERE (neg_score, space_id, page_id) > (?5)"
	}
	ctes := ""
	if scope.scanSmall {
		ctes += `size AS MATERIALIZED (
			SELECT count(*) < ?6 AS small FROM (SELECT 1 FROM search_pages AS p WHERE ` + strings.ReplaceAll(scope.filter, "{t}", "p") + ` LIMIT ?6) AS x
		),
		`
	}
	// Sections are read for the page of hits only (h.i <= limit, not the
	// extra row that tells whether a next page exists), by primary key,
	// ranked there: ts_rank runs on a page's few sections, not on every
	// matching section of the scope.
	stmt := `WITH ` + ctes + `pm AS (
			` + scope.candidates(`p.space_id, p.page_id,
				CASE WHEN ts_filter(p.tsv, '{a}') @@ ?0 THEN 2 ELSE 1 END + ts_rank(p.tsv, ?0, 32) AS r`, "search_pages", "p", "?2", false) + `
		),
		sm AS (
			` + scope.candidates("s.space_id, s.page_id, ts_rank(s.tsv, ?0, 32) AS r", "search_sections", "s", "?3", true) + `
		),
		scored AS MATERIALIZED (
			SELECT space_id, page_id, -sum(r)::float8 AS neg_score FROM (
				SELECT space_id, page_id, r FROM pm
				UNION ALL
				SELECT space_id, page_id, max(r) FROM sm GROUP BY space_id, page_id
			) AS x GROUP BY space_id, page_id
		),
		hits AS MATERIALIZED (
			SELECT *, row_number() OVER (ORDER BY neg_score, space_id, page_id) AS i FROM (
				SELECT * FROM (SELECT *, row_number() OVER (ORDER BY neg_score, space_id, page_id) AS rank FROM scored) AS ranked
				` + keyFilter + ` ORDER BY neg_score, space_id, page_id LIMIT ?4 + 1
			) AS c
		)
		SELECT (SELECT count(*) FROM scored) AS total, h.neg_score, h.rank, p.space_id, p.page_id, p.title, p.description, p.path,
			sec.ordinal AS section_ordinal, sec.anchor AS section_anchor, sec.title AS section_title, sec.body AS section_body,
			sec.score AS section_score
		FROM hits AS h
		JOIN search_pages AS p USING (space_id, page_id)
		LEFT JOIN LATERAL (
			SELECT s.ordinal, s.anchor, s.title, s.body, ts_rank(s.tsv, ?0, 32)::float8 AS score
			FROM search_sections AS s WHERE s.space_id = h.space_id AND s.page_id = h.page_id AND s.tsv @@ ?0 AND h.i <= ?4
			ORDER BY score DESC, s.ordinal LIMIT ` + strconv.Itoa(maxSearchSections) + `
		) AS sec ON true
		RIGHT JOIN (SELECT) AS one ON true
		ORDER BY h.neg_score, h.space_id, h.page_id, sec.score DESC, sec.ordinal`
	var rows []searchRow
	err = s.readOn(ctx, func(db bun.IDB) error {
		rows = rows[:0]
		return db.NewRaw(stmt, bun.SafeQuery(tsq, tsArgs...), scope.id, searchPageCandidates, searchSectionCandidates,
			args.Limit, bun.In(after), searchScanPages).Scan(ctx, &rows)
	})
	if err != nil {
		return out, dbError(err, "search")
	}
	out.Items = []SearchHit{}
	for _, r := range rows {
		out.Count = r.Total
		if r.PageID == "" {
			continue
		}
		if n := len(out.Items); n == 0 || out.Items[n-1].SpaceID != r.SpaceID || out.Items[n-1].PageID != r.PageID {
			hit := r.SearchHit
			hit.Sections = []SearchSection{}
			out.Items = append(out.Items, hit)
		}
		if r.SectionOrdinal != nil {
			h := &out.Items[len(out.Items)-1]
			h.Sections = append(h.Sections, SearchSection{SpaceID: r.SpaceID, PageID: r.PageID, Ordinal: *r.SectionOrdinal,
				Anchor: r.SectionAnchor, Title: r.SectionTitle, Body: r.SectionBody, Score: *r.SectionScore})
		}
	}
	if len(out.Items) > args.Limit {
		out.Items = out.Items[:args.Limit]
		if args.Limit > 0 {
			last := out.Items[args.Limit-1]
			out.Next = s.encodePage(ks, []any{last.NegScore, last.SpaceID, last.PageID})
		}
	}
	return out, nil
}

var prefixTerm = regexp.MustCompile(`^[\p{L}\p{N}]+$`)

// tsQuery turns user input into a tsquery expression, websearch style:
// words are ANDed and stemmed, "quoted text" is a phrase, -word excludes,
// or between terms is OR. A last bare word also matches as a prefix, so
// results follow the user's typing ("instal" finds "installation").
func tsQuery(input string) (string, []any) {
	trimmed := strings.TrimSpace(input)
	fields := strings.Fields(trimmed)
	last := fields[len(fields)-1]
	if strings.Count(trimmed, `"`)%2 == 1 || !prefixTerm.MatchString(last) || strings.EqualFold(last, "or") {
		return "websearch_to_tsquery('english', ?)", []any{input}
	}
	head := fields[:len(fields)-1]
	op := "&&"
	if n := len(head); n > 0 && strings.EqualFold(head[n-1], "or") {
		head, op = head[:n-1], "||"
	}
	return "(websearch_to_tsquery('english', ?) " + op + " to_tsquery('english', ?))",
		[]any{strings.Join(head, " "), strings.ToLower(last) + ":*"}
}

// searchPage is the indexed form of one document page.
type searchPage struct {
	bun.BaseModel `bun:"table:search_pages,alias:sp"`

	OrganizationID string `bun:"organization_id"`
	SpaceID        string `bun:"space_id"`
	PageID         string `bun:"page_id"`
	Title          string `bun:"title"`
	Description    string `bun:"description"`
	Path           string `bun:"path"`
	Document       string `bun:"document"`
}

type searchSectionRow struct {
	bun.BaseModel `bun:"table:search_sections,alias:ss"`

	OrganizationID string `bun:"organization_id"`
	SpaceID        string `bun:"space_id"`
	PageID         string `bun:"page_id"`
	Ordinal        int    `bun:"ordinal"`
	Anchor         string `bun:"anchor"`
	Title          string `bun:"title"`
	Body           string `bun:"body"`
}

// indexSpace makes a space's search rows those of t, its new current
// revision: pages that are gone or changed (title, description, path or
// document) are deleted and changed or new ones written with their
// sections; unchanged pages are not touched, so a one-page merge rewrites
// one page's rows however large the space.
func indexSpace(ctx context.Context, tx bun.IDB, orgID, spaceID string, t *Tree) error {
	var have []searchPage
	if err := tx.NewSelect().Model(&have).Where("sp.space_id = ?", spaceID).Scan(ctx); err != nil {
		return dbError(err, "search index")
	}
	want := map[string]searchPage{}
	paths := pagePaths(t)
	for _, e := range t.Pages() {
		if e.Type != PageDocument {
			continue
		}
		want[e.ID] = searchPage{OrganizationID: orgID, SpaceID: spaceID, PageID: e.ID, Title: e.Title,
			Description: e.Description, Path: paths[e.ID], Document: e.Document}
	}
	var drop []string
	for _, h := range have {
		w, ok := want[h.PageID]
		if ok && w == h {
			delete(want, h.PageID) // unchanged
			continue
		}
		drop = append(drop, h.PageID)
	}
	if len(drop) > 0 {
		if _, err := tx.NewDelete().Model((*searchPage)(nil)).Where("space_id = ? AND page_id IN (?)", spaceID, bun.In(drop)).Exec(ctx); err != nil {
			return dbError(err, "search index")
		}
	}
	if len(want) == 0 {
		return nil
	}
	pages := make([]searchPage, 0, len(want))
	for _, p := range want {
		pages = append(pages, p)
	}
	return insertSearchPages(ctx, tx, orgID, spaceID, pages)
}

// insertSearchPages adds the search rows of pages (none of them indexed)
// with their sections.
func insertSearchPages(ctx context.Context, tx bun.IDB, orgID, spaceID string, pages []searchPage) error {
	if len(pages) == 0 {
		return nil
	}
	var hashes []string
	for _, p := range pages {
		if p.Document != "" {
			hashes = append(hashes, p.Document)
		}
	}
	slices.SortFunc(pages, func(a, b searchPage) int { return cmpString(a.PageID, b.PageID) })
	docs, err := documentsIn(ctx, tx, orgID, hashes)
	if err != nil {
		return err
	}
	if _, err := tx.NewInsert().Model(&pages).Exec(ctx); err != nil {
		return dbError(err, "search index")
	}
	var sections []searchSectionRow
	for _, p := range pages {
		for i, sec := range markdown.Sections(docs[p.Document]) {
			sections = append(sections, searchSectionRow{OrganizationID: orgID, SpaceID: spaceID, PageID: p.PageID,
				Ordinal: i, Anchor: sec.Anchor, Title: sec.Title, Body: sec.Body})
		}
	}
	if len(sections) == 0 {
		return nil
	}
	_, err = tx.NewInsert().Model(&sections).Exec(ctx)
	return dbError(err, "search index")
}

// copySearchIndex gives a duplicated space the search rows of its source,
// whose current revision it shares.
func copySearchIndex(ctx context.Context, tx bun.IDB, srcID, cpID string) error {
	_, err := tx.NewRaw(`INSERT INTO search_pages (organization_id, space_id, page_id, title, description, path, document)
		SELECT organization_id, ?, page_id, title, description, path, document FROM search_pages WHERE space_id = ?`, cpID, srcID).Exec(ctx)
	if err != nil {
		return dbError(err, "search index")
	}
	// A statement of its own: the sections' foreign key needs the pages above.
	_, err = tx.NewRaw(`INSERT INTO search_sections (organization_id, space_id, page_id, ordinal, anchor, title, body)
		SELECT organization_id, ?, page_id, ordinal, anchor, title, body FROM search_sections WHERE space_id = ?`, cpID, srcID).Exec(ctx)
	return dbError(err, "search index")
}

// pagePaths computes every page's path: its ancestors' slugs and its own,
// joined by '/'.
func pagePaths(t *Tree) map[string]string {
	out := map[string]string{}
	var path func(e *Entry, depth int) string
	path = func(e *Entry, depth int) string {
		if p, ok := out[e.ID]; ok {
			return p
		}
		p := e.Slug
		if parent := t.Entries[EntryPage+":"+e.Parent]; e.Parent != "" && parent != nil && depth <= MaxPageDepth {
			p = path(parent, depth+1) + "/" + p
		}
		out[e.ID] = p
		return p
	}
	for _, e := range t.Pages() {
		path(e, 0)
	}
	return out
}

// documentsIn loads the markdown of documents inside a transaction, by hash.
func documentsIn(ctx context.Context, tx bun.IDB, orgID string, hashes []string) (map[string]string, error) {
	out := map[string]string{}
	if len(hashes) == 0 {
		return out, nil
	}
	var rows []document
	err := tx.NewSelect().Model(&rows).Column("hash", "markdown").
		Where("doc.organization_id = ? AND doc.hash IN (?)", orgID, bun.In(hashes)).Scan(ctx)
	for _, r := range rows {
		out[r.Hash] = r.Markdown
	}
	return out, dbError(err, "document")
}

// SearchMatches is the exact number of pages of an organization's live
// spaces that query matches (by title, description or a section), without
// the candidate limits of a search: it reads every match, so it is for
// benchmarks and diagnostics (classifying terms by how common they are),
// not for requests.
func (s *Store) SearchMatches(ctx context.Context, orgID, query string) (int, error) {
	if strings.TrimSpace(query) == "" {
		return 0, domain.Invalid("query", "is required")
	}
	tsq, tsArgs := tsQuery(query)
	var n int
	err := s.readOn(ctx, func(db bun.IDB) error {
		return db.NewRaw(`SELECT count(*) FROM (
			SELECT space_id, page_id FROM search_pages WHERE organization_id = ?1 AND tsv @@ ?0
			UNION
			SELECT space_id, page_id FROM search_sections WHERE organization_id = ?1 AND tsv @@ ?0
		) AS m WHERE space_id IN (SELECT id FROM spaces WHERE organization_id = ?1 AND deleted_at IS NULL)`,
			bun.SafeQuery(tsq, tsArgs...), orgID).Scan(ctx, &n)
	})
	return n, dbError(err, "search")
}
