DROP INDEX site_spaces_customized_idx;
ALTER TABLE site_spaces DROP COLUMN customization, DROP COLUMN customization_updated_at;
ALTER TABLE sites DROP COLUMN customization, DROP COLUMN customization_updated_at;
