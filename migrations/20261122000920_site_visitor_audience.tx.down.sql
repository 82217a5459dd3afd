ALTER TABLE sites DROP COLUMN IF EXISTS visitor_key_audience;
