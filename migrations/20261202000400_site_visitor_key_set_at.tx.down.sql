ALTER TABLE sites DROP COLUMN visitor_key_updated_at;
