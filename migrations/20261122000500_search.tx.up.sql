-- Full-text search over the current revision of each space. Rows are
-- written when a revision becomes a space's current one (a merge, an
-- import, a duplicate) and only for the pages that changed, never per
-- query. Pages carry their title and description (weights A and B) and
-- sections the text under each heading (heading B, body D); the tsvectors
-- are generated columns, so every writer (bulk loads included) gets the
-- same stemming.
CREATE TABLE search_pages (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id        text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    page_id         text NOT NULL,
    title           text NOT NULL,
    description     text NOT NULL DEFAULT '',
    path            text NOT NULL,
    document        text NOT NULL DEFAULT '',
    tsv             tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) STORED,
    PRIMARY KEY (space_id, page_id)
);
CREATE INDEX search_pages_tsv_idx ON search_pages USING gin (tsv);

--bun:split

-- ordinal 0 is the text before the first heading (anchor '').
CREATE TABLE search_sections (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id        text NOT NULL,
    page_id         text NOT NULL,
    ordinal         integer NOT NULL,
    anchor          text NOT NULL,
    title           text NOT NULL,
    body            text NOT NULL,
    tsv             tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'B') || setweight(to_tsvector('english', body), 'D')) STORED,
    PRIMARY KEY (space_id, page_id, ordinal),
    FOREIGN KEY (space_id, page_id) REFERENCES search_pages (space_id, page_id) ON DELETE CASCADE
);
CREATE INDEX search_sections_tsv_idx ON search_sections USING gin (tsv);
