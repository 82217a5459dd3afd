-- Insights of published sites: what readers view, search and rate. One row
-- per event, never an address or a cookie: visitor_hash is an HMAC of the
-- address and user agent under a salt that changes every day (the salts
-- live in server_settings and are deleted after a day), so a visitor can be
-- counted once per day but not followed from one day to the next, nor
-- traced back to an address. Not partitioned: retention deletes old rows
-- in batches by the (site_id, at) index's sibling on at.
CREATE TABLE site_insight_events (
    id               bigserial PRIMARY KEY,
    organization_id  text NOT NULL,
    site_id          text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    at               timestamptz NOT NULL,
    type             text NOT NULL,
    display_context  text NOT NULL DEFAULT 'site',
    url              text NOT NULL DEFAULT '',
    url_path         text NOT NULL DEFAULT '',
    site_section_id  text,
    site_space_id    text,
    space_id         text,
    page_id          text,
    visitor_hash     text NOT NULL,
    search_query     text,
    search_hits      integer,
    feedback_rating  text,
    feedback_comment text
);
CREATE INDEX site_insight_events_site_at_idx ON site_insight_events (site_id, at);
CREATE INDEX site_insight_events_at_idx ON site_insight_events (at);
