-- Space content: revisions, their page trees, documents, files and change
-- requests. A revision's tree is a persistent hash trie of entries (pages and
-- files) keyed by the hash of their ids: nodes are stored once by the hash of
-- their content and shared by every revision that has them, so a revision
-- that changes one page writes that page's leaf and the few nodes above it.
CREATE TABLE documents (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    hash            text NOT NULL,
    markdown        text NOT NULL,
    PRIMARY KEY (organization_id, hash)
);

--bun:split

-- An inner node lists its children's hashes; a leaf holds its entries.
CREATE TABLE tree_nodes (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    hash            text NOT NULL,
    children        text[],
    entries         jsonb,
    PRIMARY KEY (organization_id, hash)
);

--bun:split

-- root is the hash of the revision's tree; '' is the empty tree.
CREATE TABLE revisions (
    id                text PRIMARY KEY,
    organization_id   text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id          text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    change_request_id text,
    type              text NOT NULL,
    parents           text[] NOT NULL DEFAULT '{}',
    root              text NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX revisions_space_idx ON revisions (space_id, created_at);

-- Spaces created before content existed get their first, empty revision.
INSERT INTO revisions (id, organization_id, space_id, type, root)
SELECT revision_id, organization_id, id, 'edits', '' FROM spaces;

--bun:split

-- number counts the change requests of a space from 1 (spaces.change_requests
-- hands them out).
CREATE TABLE change_requests (
    id               text PRIMARY KEY,
    organization_id  text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id         text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    number           integer NOT NULL,
    status           text NOT NULL,
    subject          text NOT NULL DEFAULT '',
    created_by       text NOT NULL REFERENCES users (id),
    merged_by        text REFERENCES users (id),
    revision_initial text NOT NULL,
    revision_id      text NOT NULL,
    revision_merged  text,
    created_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    merged_at        timestamptz,
    UNIQUE (space_id, number)
);
CREATE INDEX change_requests_status_idx ON change_requests (space_id, status, number);

--bun:split

-- The files uploaded into a space, for downloads; blob is the content hash
-- in the blob store. Duplicated spaces copy these rows and share the blobs.
CREATE TABLE space_files (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id        text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    id              text NOT NULL,
    name            text NOT NULL,
    content_type    text NOT NULL,
    blob            text NOT NULL,
    PRIMARY KEY (space_id, id)
);
