-- People sign in: passwords, browser sessions, personal API tokens,
-- one-time links sent by mail, known devices, and the state of single
-- sign-on (SAML requests we made, assertions already used, OIDC states).
ALTER TABLE users
    ADD COLUMN password_hash       text,
    ADD COLUMN password_changed_at timestamptz,
    ADD COLUMN server_admin        boolean NOT NULL DEFAULT false;

--bun:split

-- Personal tokens: tokens from `folio token create` keep an empty name, no
-- expiry and full access.
ALTER TABLE api_tokens
    ADD COLUMN name         text NOT NULL DEFAULT '',
    ADD COLUMN expires_at   timestamptz,
    ADD COLUMN read_only    boolean NOT NULL DEFAULT false,
    ADD COLUMN last_used_at timestamptz;
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at, id) WHERE revoked_at IS NULL;

--bun:split

-- A signed-in browser. The cookie holds a random secret; only its SHA-256
-- is kept. A session ends at expires_at (absolute lifetime), or when idle
-- past the idle lifetime since last_seen_at, or when deleted (sign-out).
CREATE TABLE sessions (
    id           text PRIMARY KEY,
    user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   bytea NOT NULL UNIQUE,
    method       text NOT NULL,
    provider_id  text,
    user_agent   text NOT NULL DEFAULT '',
    client       text NOT NULL DEFAULT '',
    created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
    last_seen_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at, id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

--bun:split

-- One-time links sent by mail (password reset, invitation, sign-up
-- confirmation); only the SHA-256 of the secret is kept, and a link works
-- once, before expires_at.
CREATE TABLE auth_links (
    token_hash    bytea PRIMARY KEY,
    purpose       text NOT NULL,
    email         text NOT NULL,
    user_id       text REFERENCES users (id) ON DELETE CASCADE,
    invitation_id text REFERENCES invitations (id) ON DELETE CASCADE,
    created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz
);
CREATE INDEX auth_links_expires_idx ON auth_links (expires_at);

--bun:split

-- Browsers a user has signed in from (a long-lived device cookie, hashed):
-- a sign-in from any other sends a mail.
CREATE TABLE user_devices (
    user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    device_hash   bytea NOT NULL,
    first_seen_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    last_seen_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (user_id, device_hash)
);

--bun:split

-- Sign-ins under way with an identity provider: a SAML AuthnRequest id, or
-- an OIDC state with its nonce and PKCE verifier. browser_hash binds it to
-- the browser that started it (a cookie); a row is used once.
CREATE TABLE sso_requests (
    id              text PRIMARY KEY,
    kind            text NOT NULL,
    organization_id text REFERENCES organizations (id) ON DELETE CASCADE,
    provider_id     text,
    browser_hash    bytea NOT NULL,
    nonce           text NOT NULL DEFAULT '',
    verifier        text NOT NULL DEFAULT '',
    redirect        text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    expires_at      timestamptz NOT NULL
);
CREATE INDEX sso_requests_expires_idx ON sso_requests (expires_at);

--bun:split

-- SAML assertion ids already used, per provider, kept until the assertion
-- would have expired anyway: a replayed assertion is refused.
CREATE TABLE saml_assertions (
    provider_id  text NOT NULL,
    assertion_id text NOT NULL,
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (provider_id, assertion_id)
);
CREATE INDEX saml_assertions_expires_idx ON saml_assertions (expires_at);

--bun:split

-- Whether a provider accepts responses it was not asked for (IdP-initiated
-- sign-in); off unless an admin turns it on.
ALTER TABLE saml_providers ADD COLUMN idp_initiated boolean NOT NULL DEFAULT false;
