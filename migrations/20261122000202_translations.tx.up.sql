-- Translation settings: a titled set of target languages.
CREATE TABLE translation_settings (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    title           text NOT NULL,
    languages       text[] NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL,
    updated_at      timestamptz NOT NULL
);
CREATE INDEX translation_settings_org_idx ON translation_settings (organization_id, created_at, id);
