package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"folio/domain"
)

// DefaultInsightsRetention is how long insights events are kept when
// FOLIO_INSIGHTS_RETENTION does not say (90 days).
const DefaultInsightsRetention = 90 * 24 * time.Hour

// InsightEvent is one event of a published site's insights. It holds no
// address and no cookie: VisitorHash is computed from them under the
// day's salt (InsightsSalt) and the inputs are forgotten.
type InsightEvent struct {
	bun.BaseModel `bun:"table:site_insight_events,alias:ie"`

	ID              int64     `bun:"id,pk,autoincrement"`
	OrganizationID  string    `bun:"organization_id"`
	SiteID          string    `bun:"site_id"`
	At              time.Time `bun:"at"`
	Type            string    `bun:"type"`
	DisplayContext  string    `bun:"display_context"`
	URL             string    `bun:"url"`
	URLPath         string    `bun:"url_path"`
	SiteSectionID   *string   `bun:"site_section_id"`
	SiteSpaceID     *string   `bun:"site_space_id"`
	SpaceID         *string   `bun:"space_id"`
	PageID          *string   `bun:"page_id"`
	VisitorHash     string    `bun:"visitor_hash"`
	SearchQuery     *string   `bun:"search_query"`
	SearchHits      *int      `bun:"search_hits"`
	FeedbackRating  *string   `bun:"feedback_rating"`
	FeedbackComment *string   `bun:"feedback_comment"`
}

// InsertInsightEvents writes a batch of events in one statement.
func (s *Store) InsertInsightEvents(ctx context.Context, events []InsightEvent) error {
	if len(events) == 0 {
		return nil
	}
	if _, err := s.DB.NewInsert().Model(&events).ExcludeColumn("id").Exec(ctx); err != nil {
		return dbError(err, "insights events")
	}
	return nil
}

// insightsSaltKey names the salt of a UTC day in server_settings.
func insightsSaltKey(day time.Time) string { return "insights_salt:" + day.UTC().Format(time.DateOnly) }

// InsightsSalt is the secret salt of the UTC day of t, shared by every
// server on the database: the first server to need it picks it at random.
// PruneInsights deletes the salts of past days, after which the hashes
// made with them can no longer be linked to anything.
func (s *Store) InsightsSalt(ctx context.Context, t time.Time) ([]byte, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	name := insightsSaltKey(t)
	if _, err := s.DB.NewRaw(`INSERT INTO server_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING`, name, key).Exec(ctx); err != nil {
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	if err := s.DB.NewRaw(`SELECT value FROM server_settings WHERE key = ?`, name).Scan(ctx, &key); err != nil {
		return nil, fmt.Errorf("load %s: %w", name, err)
	}
	return key, nil
}

// PruneInsights deletes insights events older than retention, in batches,
// and the visitor salts of days before yesterday (yesterday's stays for
// events still in a server's buffer across midnight).
func (s *Store) PruneInsights(ctx context.Context, retention time.Duration) (int, error) {
	now := s.Now()
	if _, err := s.DB.NewRaw(`DELETE FROM server_settings WHERE key LIKE 'insights\_salt:%' AND key < ?`,
		insightsSaltKey(now.AddDate(0, 0, -1))).Exec(ctx); err != nil {
		return 0, fmt.Errorf("prune insights salts: %w", err)
	}
	total, cutoff := 0, now.Add(-retention)
	for {
		res, err := s.DB.NewRaw(`DELETE FROM site_insight_events WHERE id IN (
			SELECT id FROM site_insight_events WHERE at < ? LIMIT 10000)`, cutoff).Exec(ctx)
		if err != nil {
			return total, fmt.Errorf("prune insights: %w", err)
		}
		n, _ := res.RowsAffected()
		total += int(n)
		if n < 10000 {
			return total, nil
		}
	}
}

// InsightsColumn is a column of an aggregation: a dimension to group by
// or an aggregate (GitBook's SiteInsightsQueryEventsColumn). Interval is
// the datetime column's bucket (hour, day, week, month; day when empty).
type InsightsColumn struct {
	Column   string
	Interval string
}

// InsightsFilter keeps the events (or, on an aggregate column, the groups)
// whose column compares to Values with Operator (in, notIn, greaterThan,
// greaterThanOrEqual, lessThan, lessThanOrEqual).
type InsightsFilter struct {
	Column   string
	Operator string
	Values   []any
}

// InsightsQuery is an aggregation over one site's events in [From, To).
type InsightsQuery struct {
	SiteID   string
	From, To time.Time
	Select   []InsightsColumn
	GroupBy  []InsightsColumn
	Where    []InsightsFilter
	OrderBy  *InsightsColumn
	Desc     bool
	Limit    int
}

// InsightsValues is one output column: its name and a value per row.
type InsightsValues struct {
	Column string
	Values []any
}

// insightsDims are the dimension columns Folio records, by GitBook's name:
// the SQL expression and how a value comes back. searchResultsCount is
// Folio's own (the hits a search had), which GitBook has no column for.
var insightsDims = map[string]struct{ expr, kind string }{
	"dayOfWeek":                {"extract(isodow FROM at AT TIME ZONE 'UTC')::int", "int"},
	"hourOfDay":                {"extract(hour FROM at AT TIME ZONE 'UTC')::int", "int"},
	"url":                      {"url", "string"},
	"urlPath":                  {"url_path", "string"},
	"eventType":                {"type", "string"},
	"displayContext":           {"display_context", "string"},
	"siteSection":              {"site_section_id", "nullstring"},
	"siteSpace":                {"site_space_id", "nullstring"},
	"page":                     {"page_id", "page"},
	"eventSearchQuery":         {"coalesce(search_query, '')", "string"},
	"searchResultsCount":       {"search_hits", "nullint"},
	"eventPageFeedbackRating":  {"feedback_rating", "nullstring"},
	"eventPageFeedbackComment": {"coalesce(feedback_comment, '')", "string"},
}

// insightsAggs are the aggregate columns.
var insightsAggs = map[string]string{
	"eventsCount":   "count(*)",
	"visitorsCount": "count(DISTINCT visitor_hash)",
	// Without cookies there are no sessions: a visitor's day is one.
	"sessionsCount":      "count(DISTINCT visitor_hash)",
	"pageFeedbackRating": "",
}

var insightsOps = map[string]string{"greaterThan": ">", "greaterThanOrEqual": ">=", "lessThan": "<", "lessThanOrEqual": "<="}

// insightsExpr is the SQL of a column and its kind; INVALID for a column
// Folio does not record.
func insightsExpr(c InsightsColumn) (expr, kind string, agg bool, err error) {
	if c.Column == "datetime" {
		iv := c.Interval
		if iv == "" {
			iv = "day"
		}
		switch iv {
		case "hour", "day", "week", "month":
		default:
			return "", "", false, domain.Invalid("interval", "must be hour, day, week or month")
		}
		return "date_trunc('" + iv + "', at AT TIME ZONE 'UTC')", "time", false, nil
	}
	if d, ok := insightsDims[c.Column]; ok {
		return d.expr, d.kind, false, nil
	}
	if a, ok := insightsAggs[c.Column]; ok {
		if c.Column == "pageFeedbackRating" {
			return "", "rating", true, nil
		}
		return a, "int", true, nil
	}
	return "", "", false, domain.Errorf(domain.CodeInvalid, "column %q is not recorded by this server", c.Column)
}

// AggregateInsights runs q. Columns and filters Folio does not record are
// INVALID.
func (s *Store) AggregateInsights(ctx context.Context, q InsightsQuery) ([]InsightsValues, error) {
	var sel, group []string
	var args []any
	kinds := make([]string, len(q.Select))
	aggs := map[string]bool{}
	for i, c := range q.Select {
		expr, kind, agg, err := insightsExpr(c)
		if err != nil {
			return nil, err
		}
		kinds[i] = kind
		switch kind {
		case "page":
			sel = append(sel, "space_id", "page_id")
		case "rating":
			sel = append(sel, "count(*) FILTER (WHERE feedback_rating = 'ok')", "count(*) FILTER (WHERE feedback_rating = 'good')",
				"count(*) FILTER (WHERE feedback_rating = 'bad')")
		default:
			sel = append(sel, expr)
		}
		aggs[c.Column] = agg
	}
	for _, c := range q.GroupBy {
		expr, kind, agg, err := insightsExpr(c)
		if err != nil {
			return nil, err
		}
		if agg {
			return nil, domain.Errorf(domain.CodeInvalid, "groupBy: %q is an aggregate, not a dimension", c.Column)
		}
		if kind == "page" {
			group = append(group, "space_id", "page_id")
		} else {
			group = append(group, expr)
		}
	}
	// A dimension selected must be grouped by (or the answer has no meaning).
	for i, c := range q.Select {
		if aggs[c.Column] {
			continue
		}
		found := false
		for _, g := range q.GroupBy {
			found = found || (g.Column == c.Column && (c.Column != "datetime" || g.Interval == c.Interval))
		}
		if !found {
			return nil, domain.Errorf(domain.CodeInvalid, "select[%d]: %q must also be in groupBy", i, c.Column)
		}
	}
	where := []string{"site_id = ?", "at >= ?", "at < ?"}
	args = append(args, q.SiteID, q.From, q.To)
	var having []string
	var havingArgs []any
	for i, f := range q.Where {
		expr, kind, agg, err := insightsExpr(InsightsColumn{Column: f.Column})
		if err != nil {
			return nil, err
		}
		if kind == "rating" {
			return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: %q cannot be filtered on", i, f.Column)
		}
		if f.Column == "datetime" {
			expr = "at"
		}
		if kind == "page" {
			expr = "page_id"
		}
		if len(f.Values) == 0 {
			return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: values must not be empty", i)
		}
		var cond string
		var cargs []any
		switch op := f.Operator; op {
		case "", "in", "notIn":
			var nonNull []any
			hasNull := false
			for _, v := range f.Values {
				if v == nil {
					hasNull = true
				} else {
					nonNull = append(nonNull, v)
				}
			}
			var parts []string
			if len(nonNull) > 0 {
				parts = append(parts, expr+" IN (?)")
				cargs = append(cargs, bun.In(nonNull))
			}
			if hasNull {
				parts = append(parts, expr+" IS NULL")
			}
			cond = "(" + strings.Join(parts, " OR ") + ")"
			if op == "notIn" {
				cond = "NOT coalesce(" + cond + ", false)"
			}
		default:
			sqlOp, ok := insightsOps[op]
			if !ok {
				return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: unknown operator %q", i, op)
			}
			if len(f.Values) != 1 || f.Values[0] == nil {
				return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: %s takes one value", i, op)
			}
			cond, cargs = expr+" "+sqlOp+" ?", []any{f.Values[0]}
		}
		if agg {
			having, havingArgs = append(having, cond), append(havingArgs, cargs...)
		} else {
			where, args = append(where, cond), append(args, cargs...)
		}
	}
	sqlText := "SELECT " + strings.Join(sel, ", ") + " FROM site_insight_events WHERE " + strings.Join(where, " AND ")
	if len(group) > 0 {
		sqlText += " GROUP BY " + strings.Join(group, ", ")
	}
	if len(having) > 0 {
		sqlText += " HAVING " + strings.Join(having, " AND ")
		args = append(args, havingArgs...)
	}
	if q.OrderBy != nil {
		idx := -1
		for i, c := range q.Select {
			if c.Column == q.OrderBy.Column && kinds[i] != "page" && kinds[i] != "rating" {
				idx = i
			}
		}
		if idx < 0 {
			return nil, domain.Errorf(domain.CodeInvalid, "order.by: %q must be a selected column (and not page or pageFeedbackRating)", q.OrderBy.Column)
		}
		pos := 1
		for _, k := range kinds[:idx] {
			switch k {
			case "page":
				pos += 2
			case "rating":
				pos += 3
			default:
				pos++
			}
		}
		dir := " ASC"
		if q.Desc {
			dir = " DESC"
		}
		sqlText += fmt.Sprintf(" ORDER BY %d%s", pos, dir)
	} else if len(group) > 0 {
		sqlText += " ORDER BY " + strings.Join(group, ", ")
	}
	sqlText += fmt.Sprintf(" LIMIT %d", q.Limit)
	rows, err := s.DB.QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, dbError(err, "insights")
	}
	defer rows.Close()
	out := make([]InsightsValues, len(q.Select))
	for i, c := range q.Select {
		out[i] = InsightsValues{Column: c.Column, Values: []any{}}
	}
	for rows.Next() {
		var dest []any
		for _, k := range kinds {
			switch k {
			case "time":
				dest = append(dest, new(time.Time))
			case "int":
				dest = append(dest, new(int64))
			case "nullint":
				dest = append(dest, new(sql.NullInt64))
			case "string":
				dest = append(dest, new(string))
			case "nullstring":
				dest = append(dest, new(sql.NullString))
			case "page":
				dest = append(dest, new(sql.NullString), new(sql.NullString))
			case "rating":
				dest = append(dest, new(int64), new(int64), new(int64))
			}
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, dbError(err, "insights")
		}
		j := 0
		for i, k := range kinds {
			var v any
			switch k {
			case "time":
				v = dest[j].(*time.Time).UTC().Format(time.RFC3339)
			case "int":
				v = *dest[j].(*int64)
			case "nullint":
				if n := dest[j].(*sql.NullInt64); n.Valid {
					v = n.Int64
				}
			case "string":
				v = *dest[j].(*string)
			case "nullstring":
				if n := dest[j].(*sql.NullString); n.Valid {
					v = n.String
				}
			case "page":
				space, page := dest[j].(*sql.NullString), dest[j+1].(*sql.NullString)
				j++
				if space.Valid {
					m := map[string]any{"space": space.String, "page": nil}
					if page.Valid {
						m["page"] = page.String
					}
					v = m
				}
			case "rating":
				v = map[string]any{"ok": *dest[j].(*int64), "good": *dest[j+1].(*int64), "bad": *dest[j+2].(*int64)}
				j += 2
			}
			j++
			out[i].Values = append(out[i].Values, v)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "insights")
	}
	return out, nil
}
