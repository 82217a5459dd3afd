CREATE OR REPLACE FUNCTION folio_collection_level(collection text) RETURNS text
LANGUAGE sql STABLE CALLED ON NULL INPUT AS $$
    WITH RECURSIVE up (id, parent_id, default_level, depth) AS (
        SELECT id, parent_id, default_level, 0 FROM collections WHERE id = collection
        UNION ALL
        SELECT c.id, c.parent_id, c.default_level, up.depth + 1
        FROM collections AS c JOIN up ON c.id = up.parent_id
        WHERE up.default_level IS NULL AND up.depth < 100
    )
    SELECT default_level FROM up WHERE default_level IS NOT NULL ORDER BY depth LIMIT 1
$$;
