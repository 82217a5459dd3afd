package reader

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"folio/service/insights"
	"folio/store"
)

// record buffers an insights event of a published site's reader: no
// statement of the request's own (the recorder writes batches), no cookie
// read or set, and the address only in the visitor's hash.
// pageID is nil for an event of no page.
func (rd *Reader) record(r *http.Request, s *siteView, sec *sectionView, v *variantView, typ string, pageID *string, with func(*store.InsightEvent)) {
	if rd.cfg.Insights == nil || s.OrgID == "" {
		return // insights off, or a space published on its own (no site)
	}
	e := rd.event(r, s, sec, v, typ, pageID, s.Origin+r.URL.Path)
	if with != nil {
		with(&e.InsightEvent)
	}
	rd.cfg.Insights.Add(e)
}

// recordView is record of a page view from the caches (fastpath.go),
// whose page id and URL were made once, and so are not made per view.
func (rd *Reader) recordView(r *http.Request, s *siteView, sec *sectionView, v *variantView, pageID *string, url string) {
	if rd.cfg.Insights == nil || s.OrgID == "" {
		return
	}
	rd.cfg.Insights.Add(rd.event(r, s, sec, v, "page_view", pageID, url))
}

// event is an insights event of r at url.
func (rd *Reader) event(r *http.Request, s *siteView, sec *sectionView, v *variantView, typ string, pageID *string, url string) insights.Event {
	e := store.InsightEvent{OrganizationID: s.OrgID, SiteID: s.ID, Type: typ, DisplayContext: "site",
		URL: url, URLPath: r.URL.Path, PageID: pageID}
	if sec != nil && sec.ID != "" {
		e.SiteSectionID = &sec.ID
	}
	if v != nil {
		e.SiteSpaceID, e.SpaceID = &v.ID, &v.SpaceID
	}
	addr := r.RemoteAddr
	if rd.cfg.ClientAddr != nil {
		addr = rd.cfg.ClientAddr(r)
	}
	return insights.Event{InsightEvent: e, Client: addr, UserAgent: r.UserAgent()}
}

// maxFeedbackComment is GitBook's limit on a feedback comment.
const maxFeedbackComment = 512

// feedback records a reader's rating of a page (the form under every
// page, posted without script to the page's own address), with its
// optional comment, then thanks them. The page must be one the reader may
// read, as for a view.
func (rd *Reader) feedback(w http.ResponseWriter, r *http.Request, s *siteView, rest string) {
	sec, v, pagePath := s.resolve(rest)
	// Feedback is taken where the site asks for it (its customization's
	// page feedback), as the form is shown.
	if v == nil || pagePath == "~search" || strings.HasPrefix(pagePath, "~files/") || !s.looks.of(v.ID).Feedback {
		notFound(w)
		return
	}
	rating := r.PostFormValue("rating")
	if rating != "good" && rating != "ok" && rating != "bad" {
		writeMessage(w, http.StatusBadRequest, "Feedback not sent", "Choose whether the page helped (a rating of good, ok or bad).")
		return
	}
	comment := strings.TrimSpace(r.PostFormValue("comment"))
	if !utf8.ValidString(comment) || utf8.RuneCountInString(comment) > maxFeedbackComment {
		writeMessage(w, http.StatusBadRequest, "Feedback not sent", "A comment has at most 512 characters.")
		return
	}
	c, err := rd.content(r.Context(), s, v, s.content.page, map[string]any{"path": pagePath, "tree": false})
	if err != nil && !refused(err) {
		rd.fail(w, r, err)
		return
	}
	if c == nil || c.Page == nil {
		notFound(w)
		return
	}
	typ := "page_post_feedback"
	if comment != "" {
		typ = "page_post_feedback_comment"
	}
	rd.record(r, s, sec, v, typ, &c.Page.ID, func(e *store.InsightEvent) {
		e.FeedbackRating = &rating
		if comment != "" {
			e.FeedbackComment = &comment
		}
	})
	writeMessage(w, http.StatusOK, "Thank you", "Your feedback on this page was sent. Go back to keep reading.")
}
