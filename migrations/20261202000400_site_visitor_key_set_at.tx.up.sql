-- When a site's visitor key was set (Site.visitorKey.updatedAt): the
-- site's updated_at moves with every other change. Keys set before this
-- column take the site's last change, the best time known.
ALTER TABLE sites ADD COLUMN visitor_key_updated_at timestamptz;
UPDATE sites SET visitor_key_updated_at = updated_at WHERE visitor_key IS NOT NULL;
