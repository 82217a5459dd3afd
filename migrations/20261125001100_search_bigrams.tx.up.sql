-- Phrase search through an index of word pairs. GIN knows which rows hold
-- each word, not where: for "index finfinvo" it returns every section that
-- holds both words (7,690 of 300,000 in the benchmark corpus, for 267 that
-- hold the phrase), and PostgreSQL reads each of them to check positions,
-- 25 to 50 ms for one search. Indexing each pair of adjacent lexemes ("index
-- finfinvo") finds the sections that hold the phrase's pairs, near enough
-- to the phrase itself.
--
-- folio_bigrams lists the adjacent lexeme pairs of a tsvector, from its own
-- positions, so a tsvector that matches a <-> b always holds the pair "a b"
-- (the pair is a necessary condition, the phrase check stays). COST tells
-- the planner a call is dear (it is about 60 µs), so it never evaluates it
-- row by row where the index serves it.
CREATE FUNCTION folio_bigrams(v tsvector) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $f$
    SELECT coalesce(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme), '{}')
    FROM (SELECT u.lexeme, p FROM unnest(v) AS u, unnest(u.positions) AS p) AS a
    JOIN (SELECT u.lexeme, p FROM unnest(v) AS u, unnest(u.positions) AS p) AS b ON b.p = a.p + 1
$f$;

-- folio_phrase_bigrams lists the pairs a tsquery requires: a lexeme, <->,
-- a lexeme, read from the query's text, where '<->' binds tighter than
-- '&'. A query with a negation or an alternative requires none (a pair
-- under ! or | is not a condition on every match), nor does a prefix
-- (:*), a distance other than 1 (a stop word between the words) or a
-- parenthesised side: the list is empty and the search does without it.
-- Searches call it on a constant, so the planner runs it while planning,
-- three times a search: PL/pgSQL keeps its query planned for the session
-- (0.1 ms a search, where a SQL function was planned at every call), and
-- a query without '<->' stops at the first test.
CREATE FUNCTION folio_phrase_bigrams(q tsquery) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $f$
BEGIN
    IF q::text ~ '[!|]' OR strpos(q::text, '<->') = 0 THEN
        RETURN '{}';
    END IF;
    RETURN ARRAY(
        WITH tokens AS (
            SELECT m[1] AS t, n
            FROM regexp_matches(q::text, $r$('([^']|'')*'(:[*A-D]+){0,1}|<->|<[0-9]+>|[!&|()])$r$, 'g') WITH ORDINALITY AS r (m, n)
        )
        SELECT DISTINCT substr(a.t, 2, length(a.t) - 2) || ' ' || substr(c.t, 2, length(c.t) - 2)
        FROM tokens AS a JOIN tokens AS b ON b.n = a.n + 1 JOIN tokens AS c ON c.n = a.n + 2
        WHERE b.t = '<->' AND a.t ~ $r$^'[^'\\ ]+'$$r$ AND c.t ~ $r$^'[^'\\ ]+'$$r$);
END
$f$;

--bun:split

-- Scoped like search_sections_scope_tsv_idx (organization, space). Only
-- sections: pages hold a title and a description, few enough candidates.
CREATE INDEX search_sections_bigrams_idx ON search_sections USING gin (organization_id, space_id, folio_bigrams(tsv));
