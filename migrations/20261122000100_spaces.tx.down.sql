DROP TABLE IF EXISTS space_custom_values, custom_fields, spaces, collections;
--bun:split
DROP FUNCTION IF EXISTS folio_collection_level(text);
