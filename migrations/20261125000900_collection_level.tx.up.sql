-- folio_collection_level, as before (the default level a collection passes
-- on: its own, or the nearest one set among its ancestors; NULL when none
-- is), made cheap to call once per row of a space list: STRICT, so a space
-- outside any collection (parent NULL) costs no call at all, and PL/pgSQL,
-- whose one lookup per ancestor is planned once per session, where the SQL
-- function planned its recursive query at every call (7 µs a row).
CREATE OR REPLACE FUNCTION folio_collection_level(collection text) RETURNS text
LANGUAGE plpgsql STABLE STRICT AS $$
DECLARE
    cur    text := collection;
    lvl    text;
    parent text;
BEGIN
    FOR depth IN 0..100 LOOP
        SELECT c.default_level, c.parent_id INTO lvl, parent FROM collections AS c WHERE c.id = cur;
        IF NOT FOUND OR lvl IS NOT NULL OR parent IS NULL THEN
            RETURN lvl;
        END IF;
        cur := parent;
    END LOOP;
    RETURN NULL;
END
$$;
