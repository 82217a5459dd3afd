-- Foundation: users and their API tokens, organizations and their people.
CREATE TABLE server_settings (
    key   text PRIMARY KEY,
    value bytea NOT NULL
);

--bun:split

CREATE TABLE users (
    id           text PRIMARY KEY,
    email        text NOT NULL,
    display_name text NOT NULL,
    photo_url    text,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

--bun:split

CREATE TABLE api_tokens (
    id         text PRIMARY KEY,
    user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash bytea NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);

--bun:split

CREATE TABLE organizations (
    id             text PRIMARY KEY,
    title          text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    email_domains  text[] NOT NULL DEFAULT '{}',
    hostname       text UNIQUE,
    type           text NOT NULL DEFAULT 'business',
    default_role   text,
    default_content jsonb,
    logo_url       text,
    sso            boolean NOT NULL DEFAULT false,
    ai             boolean NOT NULL DEFAULT false,
    invite_links   boolean NOT NULL DEFAULT true,
    plan           text NOT NULL DEFAULT 'free'
);
CREATE INDEX organizations_email_domains_idx ON organizations USING gin (email_domains);

--bun:split

CREATE TABLE members (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    user_id         text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role            text,
    disabled        boolean NOT NULL DEFAULT false,
    sso             boolean NOT NULL DEFAULT false,
    joined_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    last_seen_at    timestamptz,
    PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX members_user_idx ON members (user_id, joined_at, organization_id);
CREATE INDEX members_joined_idx ON members (organization_id, joined_at, user_id);
CREATE INDEX members_seen_idx ON members (organization_id, last_seen_at, user_id) WHERE last_seen_at IS NOT NULL;

--bun:split

CREATE TABLE teams (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    title           text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX teams_org_idx ON teams (organization_id, created_at, id);

--bun:split

CREATE TABLE team_members (
    organization_id text NOT NULL,
    team_id         text NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id         text NOT NULL,
    role            text NOT NULL DEFAULT 'member',
    added_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (team_id, user_id),
    FOREIGN KEY (organization_id, user_id) REFERENCES members (organization_id, user_id) ON DELETE CASCADE
);
CREATE INDEX team_members_user_idx ON team_members (organization_id, user_id);
CREATE INDEX team_members_order_idx ON team_members (team_id, added_at, user_id);

--bun:split

CREATE TABLE invites (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    role            text,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX invites_org_idx ON invites (organization_id, created_at, id);

--bun:split

CREATE TABLE saml_providers (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    label           text NOT NULL,
    sso_url         text NOT NULL DEFAULT '',
    entity_id       text NOT NULL DEFAULT '',
    certificate     text NOT NULL DEFAULT '',
    default_team_id text REFERENCES teams (id) ON DELETE SET NULL,
    default_role    text,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX saml_providers_org_idx ON saml_providers (organization_id, created_at, id);
