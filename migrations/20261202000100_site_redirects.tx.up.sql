-- Redirects of a published site: a source path below the site (with or
-- without a site space's prefix) leads to a page of the site, a site
-- space, a section or an absolute URL. The reader looks a path up only when
-- it names no page, in one statement on the unique index. automatic marks
-- the redirects a merge made when it moved or renamed a page.
CREATE TABLE site_redirects (
    id                   text PRIMARY KEY,
    organization_id      text NOT NULL,
    site_id              text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    source               text NOT NULL,
    draft                boolean NOT NULL DEFAULT false,
    capture_wildcard     boolean NOT NULL DEFAULT false,
    permanent            boolean NOT NULL DEFAULT false,
    automatic            boolean NOT NULL DEFAULT false,
    dest_kind            text NOT NULL CHECK (dest_kind IN ('site-page', 'site-space', 'site-section', 'external')),
    dest_url             text,
    dest_site_space_id   text,
    dest_page_id         text,
    dest_site_section_id text,
    created_at           timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at           timestamptz
);
CREATE UNIQUE INDEX site_redirects_source_idx ON site_redirects (site_id, draft, source);
CREATE INDEX site_redirects_list_idx ON site_redirects (site_id, created_at, id);
