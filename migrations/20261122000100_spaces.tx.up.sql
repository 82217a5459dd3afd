-- Spaces and collections: the containers of all content, and custom fields.
-- Siblings (the spaces and collections of one parent) share one order, kept
-- as sortable text keys compared byte by byte (COLLATE "C"), so a move
-- rewrites one row.
CREATE TABLE collections (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    parent_id       text REFERENCES collections (id) ON DELETE CASCADE,
    title           text NOT NULL,
    description     text,
    default_level   text,
    position        text COLLATE "C" NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX collections_position_key ON collections (organization_id, coalesce(parent_id, ''), position);
CREATE INDEX collections_org_idx ON collections (organization_id, created_at, id);
CREATE INDEX collections_parent_idx ON collections (parent_id, position, id);

--bun:split

-- A space whose collection is removed goes to the top level (parent NULL).
CREATE TABLE spaces (
    id                    text PRIMARY KEY,
    organization_id       text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    parent_id             text REFERENCES collections (id) ON DELETE SET NULL,
    title                 text NOT NULL,
    emoji                 text NOT NULL DEFAULT '',
    visibility            text NOT NULL,
    edit_mode             text NOT NULL DEFAULT 'live',
    default_level         text,
    position              text COLLATE "C" NOT NULL,
    revision_id           text NOT NULL,
    -- Counters fed by the comment and change request tables in the same
    -- transactions that change them.
    comments              integer NOT NULL DEFAULT 0,
    change_requests       integer NOT NULL DEFAULT 0,
    change_requests_open  integer NOT NULL DEFAULT 0,
    change_requests_draft integer NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at            timestamptz NOT NULL DEFAULT clock_timestamp(),
    deleted_at            timestamptz
);
-- Deleted spaces keep their key until they are restored (they get a new one then).
CREATE UNIQUE INDEX spaces_position_key ON spaces (organization_id, coalesce(parent_id, ''), position) WHERE deleted_at IS NULL;
CREATE INDEX spaces_org_idx ON spaces (organization_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX spaces_parent_idx ON spaces (parent_id, position, id) WHERE deleted_at IS NULL;
CREATE INDEX spaces_deleted_idx ON spaces (deleted_at) WHERE deleted_at IS NOT NULL;

--bun:split

-- folio_collection_level is the default level a collection passes on: its
-- own, or the nearest one set among its ancestors; NULL when none is.
CREATE FUNCTION folio_collection_level(collection text) RETURNS text
LANGUAGE sql STABLE AS $$
    WITH RECURSIVE up (id, parent_id, default_level, depth) AS (
        SELECT id, parent_id, default_level, 0 FROM collections WHERE id = collection
        UNION ALL
        SELECT c.id, c.parent_id, c.default_level, up.depth + 1
        FROM collections AS c JOIN up ON c.id = up.parent_id
        WHERE up.default_level IS NULL AND up.depth < 100
    )
    SELECT default_level FROM up WHERE default_level IS NOT NULL ORDER BY depth LIMIT 1
$$;

--bun:split

CREATE TABLE custom_fields (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    name            text NOT NULL,
    type            text NOT NULL,
    title           text NOT NULL DEFAULT '',
    description     text NOT NULL DEFAULT '',
    placeholder     text NOT NULL DEFAULT '',
    options         text[],
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (organization_id, name)
);
CREATE INDEX custom_fields_org_idx ON custom_fields (organization_id, created_at, id);

--bun:split

CREATE TABLE space_custom_values (
    organization_id text NOT NULL,
    space_id        text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    field_id        text NOT NULL REFERENCES custom_fields (id) ON DELETE CASCADE,
    value           jsonb NOT NULL,
    PRIMARY KEY (space_id, field_id)
);
CREATE INDEX space_custom_values_field_idx ON space_custom_values (field_id);
