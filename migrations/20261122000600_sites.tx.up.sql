-- Docs sites and their structure: sections (optionally in section groups)
-- and site spaces (a space linked into a section, or into the site root when
-- the site has no sections), plus share links. Sibling order is a sortable
-- text key compared byte by byte (COLLATE "C"), as for spaces, so a move
-- rewrites one row. The root of a site orders its ungrouped sections and its
-- section groups together; a group orders its own sections.
CREATE TABLE sites (
    id                         text PRIMARY KEY,
    organization_id            text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    type                       text NOT NULL DEFAULT 'basic',
    title                      text NOT NULL,
    hostname                   text UNIQUE,
    basename                   text,
    proxy                      text,
    visibility                 text NOT NULL,
    published                  boolean NOT NULL DEFAULT false,
    adaptive_enabled           boolean NOT NULL DEFAULT false,
    adaptive_schema            jsonb,
    adaptive_schema_updated_at timestamptz,
    -- The key visitor JWTs are checked with: an HS256 secret or an RS256
    -- public key (PEM). Never shown again once set.
    visitor_key_alg            text,
    visitor_key                text,
    created_at                 timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at                 timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sites_org_idx ON sites (organization_id, created_at, id);

--bun:split

CREATE TABLE site_section_groups (
    id              text PRIMARY KEY,
    organization_id text NOT NULL,
    site_id         text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    title           text NOT NULL,
    icon            text,
    position        text COLLATE "C" NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (site_id, position)
);

--bun:split

-- A section's path is unique in its site (groups add no path segment); one
-- section per site is the default.
CREATE TABLE site_sections (
    id              text PRIMARY KEY,
    organization_id text NOT NULL,
    site_id         text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    group_id        text REFERENCES site_section_groups (id),
    title           text NOT NULL,
    description     text,
    icon            text,
    path            text NOT NULL,
    condition       text,
    is_default      boolean NOT NULL DEFAULT false,
    position        text COLLATE "C" NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    UNIQUE (site_id, path)
);
CREATE UNIQUE INDEX site_sections_position_key ON site_sections (site_id, coalesce(group_id, ''), position);
CREATE UNIQUE INDEX site_sections_default_key ON site_sections (site_id) WHERE is_default;
CREATE INDEX site_sections_group_idx ON site_sections (group_id) WHERE group_id IS NOT NULL;

--bun:split

-- A site space's path is unique among its siblings (its section, or the
-- root); one site space per section (or root) is the default.
CREATE TABLE site_spaces (
    id              text PRIMARY KEY,
    organization_id text NOT NULL,
    site_id         text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    section_id      text REFERENCES site_sections (id) ON DELETE CASCADE,
    space_id        text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    path            text NOT NULL,
    condition       text,
    is_default      boolean NOT NULL DEFAULT false,
    position        text COLLATE "C" NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX site_spaces_path_key ON site_spaces (site_id, coalesce(section_id, ''), path);
CREATE UNIQUE INDEX site_spaces_position_key ON site_spaces (site_id, coalesce(section_id, ''), position);
CREATE UNIQUE INDEX site_spaces_default_key ON site_spaces (site_id, coalesce(section_id, '')) WHERE is_default;
CREATE INDEX site_spaces_space_idx ON site_spaces (space_id);

--bun:split

-- Share link keys are derived from the link id with a server secret (so an
-- admin can be shown them again); only their SHA-256 is stored, for lookup.
CREATE TABLE site_share_links (
    id              text PRIMARY KEY,
    organization_id text NOT NULL,
    site_id         text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
    name            text NOT NULL DEFAULT '',
    active          boolean NOT NULL DEFAULT true,
    key_hash        bytea NOT NULL UNIQUE,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX site_share_links_site_idx ON site_share_links (site_id, created_at, id);
