-- Search indexes that filter by organization and space inside the index:
-- with a GIN index on the tsvector alone, a search in one space read the
-- matches of every space (a common word: most of the table) and dropped
-- the others after. A multicolumn GIN index serves a condition on any
-- subset of its columns, so one index covers space search (space_id) and
-- organization search (organization_id). btree_gin gives text columns GIN
-- operator classes; it is a trusted extension (PostgreSQL 13 and later),
-- so the database owner can create it without superuser rights, and it
-- ships with PostgreSQL (Debian's postgresql package included).
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX search_pages_scope_tsv_idx ON search_pages USING gin (organization_id, space_id, tsv);
DROP INDEX search_pages_tsv_idx;

CREATE INDEX search_sections_scope_tsv_idx ON search_sections USING gin (organization_id, space_id, tsv);
DROP INDEX search_sections_tsv_idx;
