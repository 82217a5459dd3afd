CREATE INDEX IF NOT EXISTS search_pages_tsv_idx ON search_pages USING gin (tsv);
DROP INDEX IF EXISTS search_pages_scope_tsv_idx;
CREATE INDEX IF NOT EXISTS search_sections_tsv_idx ON search_sections USING gin (tsv);
DROP INDEX IF EXISTS search_sections_scope_tsv_idx;
