DROP INDEX IF EXISTS search_sections_bigrams_idx;
DROP FUNCTION IF EXISTS folio_phrase_bigrams(tsquery);
DROP FUNCTION IF EXISTS folio_bigrams(tsvector);
