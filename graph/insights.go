package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"net/url"
	"time"
	"unicode/utf8"

	"folio/domain"
	"folio/graph/model"
	"folio/service/insights"
	"folio/store"
)

type clientKey struct{}

// client is who sent the request, as insights need it to count visitors:
// its address (as the rate limit sees it) and user agent.
type client struct{ addr, userAgent string }

// WithClient returns a context carrying the request's client address and
// user agent (for trackSiteInsightsEvents, whose events may leave out the
// visitor's address).
func WithClient(ctx context.Context, addr, userAgent string) context.Context {
	return context.WithValue(ctx, clientKey{}, client{addr, userAgent})
}

func clientOf(ctx context.Context) client {
	c, _ := ctx.Value(clientKey{}).(client)
	return c
}

// insightEventTypes are GitBook's SiteInsightsEventType values.
var insightEventTypes = map[string]bool{
	"page_view": true, "page_markdown_request": true, "search_open": true, "search_type_query": true,
	"search_open_result": true, "page_post_feedback": true, "page_post_feedback_comment": true, "agent_feedback": true,
	"ask_question": true, "ask_view": true, "ask_rate_response": true, "link_click": true, "api_client_open": true,
	"api_client_request": true, "ad_click": true, "ad_display": true, "trademark_click": true, "llms_request": true,
	"mcp_request": true, "rss_request": true,
}

var displayContexts = map[string]bool{"site": true, "server": true, "embed": true, "mcp": true}

var feedbackRatings = map[string]bool{"bad": true, "ok": true, "good": true}

// trackedEvent is the part of GitBook's SiteInsightsEvent Folio keeps.
type trackedEvent struct {
	Type    *string `json:"type"`
	Session *struct {
		UserAgent *string `json:"userAgent"`
		IP        *string `json:"ip"`
	} `json:"session"`
	Location *struct {
		URL            *string `json:"url"`
		DisplayContext *string `json:"displayContext"`
		SiteSection    *string `json:"siteSection"`
		SiteSpace      *string `json:"siteSpace"`
		Space          *string `json:"space"`
		Page           *string `json:"page"`
	} `json:"location"`
	Timestamp *string `json:"timestamp"`
	Query     *string `json:"query"`
	Feedback  *struct {
		Rating  *string `json:"rating"`
		Comment *string `json:"comment"`
	} `json:"feedback"`
}

// parseTrackedEvent checks one event against GitBook's shape (the parts
// Folio reads) and makes it a row; INVALID naming the event otherwise.
func parseTrackedEvent(i int, raw json.RawMessage, site *store.Site, c client, now time.Time) (insights.Event, error) {
	bad := func(format string, args ...any) error {
		return domain.Errorf(domain.CodeInvalid, "events[%d]: "+format, append([]any{i}, args...)...)
	}
	var e trackedEvent
	if err := json.Unmarshal(raw, &e); err != nil {
		return insights.Event{}, bad("not a SiteInsightsEvent object")
	}
	if e.Type == nil || !insightEventTypes[*e.Type] {
		return insights.Event{}, bad("type must be one of GitBook's SiteInsightsEventType values")
	}
	if e.Session == nil || e.Session.UserAgent == nil {
		return insights.Event{}, bad("session.userAgent is required")
	}
	if len(*e.Session.UserAgent) > 1024 {
		return insights.Event{}, bad("session.userAgent is longer than 1024 characters")
	}
	addr := c.addr
	if e.Session.IP != nil {
		ip, err := netip.ParseAddr(*e.Session.IP)
		if err != nil {
			return insights.Event{}, bad("session.ip is not an IP address")
		}
		addr = ip.String()
	}
	if e.Location == nil || e.Location.URL == nil {
		return insights.Event{}, bad("location.url is required")
	}
	u, err := url.Parse(*e.Location.URL)
	if err != nil || len(*e.Location.URL) > 2048 || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return insights.Event{}, bad("location.url must be an absolute http or https URL of at most 2048 characters")
	}
	row := store.InsightEvent{OrganizationID: site.OrganizationID, SiteID: site.ID, Type: *e.Type, DisplayContext: "site",
		URL: u.String(), URLPath: u.EscapedPath(), At: now}
	if row.URLPath == "" {
		row.URLPath = "/"
	}
	if d := e.Location.DisplayContext; d != nil {
		if !displayContexts[*d] {
			return insights.Event{}, bad("location.displayContext must be site, server, embed or mcp")
		}
		row.DisplayContext = *d
	}
	for name, p := range map[string]**string{"siteSection": &row.SiteSectionID, "siteSpace": &row.SiteSpaceID, "space": &row.SpaceID, "page": &row.PageID} {
		var v *string
		switch name {
		case "siteSection":
			v = e.Location.SiteSection
		case "siteSpace":
			v = e.Location.SiteSpace
		case "space":
			v = e.Location.Space
		case "page":
			v = e.Location.Page
		}
		if v != nil && len(*v) > 64 {
			return insights.Event{}, bad("location.%s is longer than 64 characters", name)
		}
		*p = v
	}
	if e.Timestamp != nil {
		t, err := time.Parse(time.RFC3339Nano, *e.Timestamp)
		if err != nil {
			return insights.Event{}, bad("timestamp must be an RFC 3339 date-time")
		}
		if d := t.Sub(now); d > 5*time.Minute || d < -5*time.Minute {
			return insights.Event{}, bad("timestamp must be within 5 minutes of the current time")
		}
		row.At = t.UTC()
	}
	switch *e.Type {
	case "search_type_query", "search_open_result", "ask_question":
		if e.Query == nil {
			return insights.Event{}, bad("query is required for %s", *e.Type)
		}
		if utf8.RuneCountInString(*e.Query) > 512 {
			return insights.Event{}, bad("query is longer than 512 characters")
		}
		row.SearchQuery = e.Query
	case "page_post_feedback", "page_post_feedback_comment":
		if e.Feedback == nil || e.Feedback.Rating == nil || !feedbackRatings[*e.Feedback.Rating] {
			return insights.Event{}, bad("feedback.rating must be bad, ok or good")
		}
		row.FeedbackRating = e.Feedback.Rating
		if *e.Type == "page_post_feedback_comment" {
			if e.Feedback.Comment == nil || *e.Feedback.Comment == "" || utf8.RuneCountInString(*e.Feedback.Comment) > 512 {
				return insights.Event{}, bad("feedback.comment must have 1 to 512 characters")
			}
			row.FeedbackComment = e.Feedback.Comment
		}
	}
	ua := *e.Session.UserAgent
	return insights.Event{InsightEvent: row, Client: addr, UserAgent: ua}, nil
}

// maxTrackedEvents is how many events one trackSiteInsightsEvents takes.
const maxTrackedEvents = 100

// trackSiteEvents records events for a published site of org.
func (r *Resolver) trackSiteEvents(ctx context.Context, orgID, siteID string, raws []json.RawMessage) error {
	site, err := r.Store.Site(ctx, orgID, siteID)
	if err != nil {
		return err
	}
	if !site.Published {
		return domain.NotFound("site") // an unpublished site has no readers to track
	}
	if r.Insights == nil {
		return domain.Errorf(domain.CodeUnavailable, "insights are off on this server")
	}
	if len(raws) > maxTrackedEvents {
		return domain.Invalid("events", "at most %d events per request", maxTrackedEvents)
	}
	c, now := clientOf(ctx), r.Store.Now()
	evs := make([]insights.Event, len(raws))
	for i, raw := range raws {
		if evs[i], err = parseTrackedEvent(i, raw, site, c, now); err != nil {
			return err
		}
	}
	return r.Insights.Write(ctx, evs)
}

// insightsRangePresets are GitBook's SiteInsightsQueryRangePreset values.
var insightsRangePresets = map[string]time.Duration{
	"last24Hours": 24 * time.Hour, "last7Days": 7 * 24 * time.Hour, "last30Days": 30 * 24 * time.Hour,
	"last3Months": 91 * 24 * time.Hour, "lastYear": 365 * 24 * time.Hour,
}

// insightsRange reads GitBook's SiteInsightsQueryRange: a preset ending
// now, or { from, to }.
func insightsRange(raw json.RawMessage, now time.Time) (from, to time.Time, err error) {
	var preset string
	if json.Unmarshal(raw, &preset) == nil {
		d, ok := insightsRangePresets[preset]
		if !ok {
			return from, to, domain.Invalid("range", "must be lastYear, last3Months, last30Days, last7Days, last24Hours or { from, to }")
		}
		return now.Add(-d), now, nil
	}
	var custom struct{ From, To *string }
	if json.Unmarshal(raw, &custom) != nil || custom.From == nil || custom.To == nil {
		return from, to, domain.Invalid("range", "must be a preset or an object { from, to } of RFC 3339 date-times")
	}
	if from, err = time.Parse(time.RFC3339Nano, *custom.From); err != nil {
		return from, to, domain.Invalid("range.from", "must be an RFC 3339 date-time")
	}
	if to, err = time.Parse(time.RFC3339Nano, *custom.To); err != nil {
		return from, to, domain.Invalid("range.to", "must be an RFC 3339 date-time")
	}
	if !from.Before(to) {
		return from, to, domain.Invalid("range", "from must be before to")
	}
	return from, to, nil
}

func insightsColumn(c model.SiteInsightsColumnInput) store.InsightsColumn {
	col := store.InsightsColumn{Column: c.Column}
	if c.Interval != nil {
		col.Interval = string(*c.Interval)
	}
	return col
}

// filterValue makes a filter's JSON value one the database compares: a
// page object becomes its page id, a whole number an integer.
func filterValue(i int, column string, raw json.RawMessage) (any, error) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: a value is not JSON", i)
	}
	switch x := v.(type) {
	case nil, string, bool:
		if column == "datetime" {
			s, _ := x.(string)
			t, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: datetime values must be RFC 3339 date-times", i)
			}
			return t, nil
		}
		return x, nil
	case float64:
		if x == float64(int64(x)) {
			return int64(x), nil
		}
		return x, nil
	case map[string]any:
		if p, ok := x["page"].(string); ok && column == "page" {
			return p, nil
		}
	}
	return nil, domain.Errorf(domain.CodeInvalid, "where[%d]: values must be strings, numbers or null (page: objects { page, space })", i)
}

// aggregateSiteEvents runs an aggregation for an admin or editor of the site.
func (r *Resolver) aggregateSiteEvents(ctx context.Context, orgID, siteID string, in model.SiteInsightsAggregationInput) (*model.SiteInsightsAggregationResult, error) {
	site, err := r.site(ctx, orgID, siteID, domain.RoleEdit)
	if err != nil {
		return nil, err
	}
	q := store.InsightsQuery{SiteID: site.ID, Limit: 1000}
	if q.From, q.To, err = insightsRange(in.Range, r.Store.Now()); err != nil {
		return nil, err
	}
	if in.Limit != nil {
		q.Limit = *in.Limit
	}
	for _, c := range in.GroupBy {
		q.GroupBy = append(q.GroupBy, insightsColumn(c))
	}
	if len(in.Select) == 0 {
		q.Select = append(append(q.Select, q.GroupBy...), store.InsightsColumn{Column: "eventsCount"})
	}
	for _, c := range in.Select {
		q.Select = append(q.Select, insightsColumn(c))
	}
	for i, f := range in.Where {
		filter := store.InsightsFilter{Column: f.Column}
		if f.Operator != nil {
			filter.Operator = string(*f.Operator)
		}
		for _, raw := range f.Values {
			v, err := filterValue(i, f.Column, raw)
			if err != nil {
				return nil, err
			}
			filter.Values = append(filter.Values, v)
		}
		q.Where = append(q.Where, filter)
	}
	if in.Order != nil {
		by := insightsColumn(*in.Order.By)
		q.OrderBy, q.Desc = &by, in.Order.Direction == model.SiteInsightsDirectionDesc
	}
	cols, err := r.Store.AggregateInsights(ctx, q)
	if err != nil {
		return nil, err
	}
	res := &model.SiteInsightsAggregationResult{Columns: make([]model.SiteInsightsColumnValues, len(cols))}
	for i, c := range cols {
		vals := make([]json.RawMessage, len(c.Values))
		for j, v := range c.Values {
			if v == nil {
				continue
			}
			b, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("insights value: %w", err)
			}
			vals[j] = b
		}
		res.Columns[i] = model.SiteInsightsColumnValues{Column: c.Column, Values: vals}
	}
	return res, nil
}
