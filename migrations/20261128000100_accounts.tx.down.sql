ALTER TABLE saml_providers DROP COLUMN idp_initiated;
DROP TABLE saml_assertions;
DROP TABLE sso_requests;
DROP TABLE user_devices;
DROP TABLE auth_links;
DROP TABLE sessions;
DROP INDEX api_tokens_user_idx;
ALTER TABLE api_tokens DROP COLUMN name, DROP COLUMN expires_at, DROP COLUMN read_only, DROP COLUMN last_used_at;
ALTER TABLE users DROP COLUMN password_hash, DROP COLUMN password_changed_at, DROP COLUMN server_admin;
