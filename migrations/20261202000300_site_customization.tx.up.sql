-- A site's customization (GitBook's SiteCustomizationSettings, only the
-- settings an admin set: defaults fill the rest when read) and each site
-- space's overrides of it. NULL: never set, the defaults apply.
ALTER TABLE sites ADD COLUMN customization jsonb, ADD COLUMN customization_updated_at timestamptz;
ALTER TABLE site_spaces ADD COLUMN customization jsonb, ADD COLUMN customization_updated_at timestamptz;
-- Every read of a site gathers its site spaces' overrides (the published
-- view hands them out): only the site spaces that have some are looked at.
CREATE INDEX site_spaces_customized_idx ON site_spaces (site_id) WHERE customization IS NOT NULL;
