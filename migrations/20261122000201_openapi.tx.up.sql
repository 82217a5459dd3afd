-- OpenAPI specifications and their versions. A spec's source is a URL or a
-- text; processing (fetch, parse, validate) runs as a River job.
CREATE TABLE openapi_specs (
    id                   text PRIMARY KEY,
    organization_id      text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    slug                 text NOT NULL,
    source_url           text,
    source_text          text,
    processing_state     text NOT NULL DEFAULT 'pending',
    -- revision counts source changes; processed_revision is the last one a
    -- job recorded, so a late job never overwrites a newer result.
    revision             bigint NOT NULL DEFAULT 1,
    processed_revision   bigint NOT NULL DEFAULT 0,
    last_version_id      text,
    last_processed_at    timestamptz,
    last_error_code      text,
    last_error_message   text,
    created_at           timestamptz NOT NULL,
    updated_at           timestamptz NOT NULL,
    UNIQUE (organization_id, slug),
    CHECK ((source_url IS NULL) <> (source_text IS NULL))
);
CREATE INDEX openapi_specs_org_idx ON openapi_specs (organization_id, created_at, id);

--bun:split

CREATE TABLE openapi_spec_versions (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    spec_id         text NOT NULL REFERENCES openapi_specs (id) ON DELETE CASCADE,
    -- the source URL the document was fetched from; null for a text source
    source_url      text,
    hash            text NOT NULL,
    -- json, not jsonb: the document keeps its key order (paths, properties)
    filesystem      json NOT NULL,
    created_at      timestamptz NOT NULL
);
CREATE INDEX openapi_spec_versions_spec_idx ON openapi_spec_versions (spec_id, created_at, id);
