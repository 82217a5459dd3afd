-- The audience a site's visitor JWTs must name in aud (NULL: any), set
-- with the visitor key and replaced with it.
ALTER TABLE sites ADD COLUMN visitor_key_audience text;
