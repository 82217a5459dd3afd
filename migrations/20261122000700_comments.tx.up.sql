-- Comments and replies on spaces and change requests, with emoji reactions.
-- A comment belongs to its space, and to a change request when it was posted
-- in one (change_request_id); the two sets are listed apart and a change
-- request's comments stay with it after its merge. spaces.comments and
-- change_requests.comments count the open comments of each, and
-- comments.replies the replies of a comment: the writes that change them
-- keep them in the same transaction.
ALTER TABLE change_requests ADD COLUMN comments integer NOT NULL DEFAULT 0;

--bun:split

-- page_document is the hash of the page's document when the comment was
-- posted ('' for pages without one): a different hash now, or no page, is
-- an outdated target. revision_id is the revision the target was in.
CREATE TABLE comments (
    id                text PRIMARY KEY,
    organization_id   text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    space_id          text NOT NULL REFERENCES spaces (id) ON DELETE CASCADE,
    change_request_id text REFERENCES change_requests (id) ON DELETE CASCADE,
    posted_by         text NOT NULL REFERENCES users (id),
    posted_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    edited_at         timestamptz,
    markdown          text NOT NULL,
    node_id           text,
    page_id           text,
    page_document     text,
    revision_id       text NOT NULL,
    status            text NOT NULL DEFAULT 'open',
    resolved_at       timestamptz,
    resolved_by       text REFERENCES users (id),
    replies           integer NOT NULL DEFAULT 0
);
CREATE INDEX comments_space_idx ON comments (space_id, posted_at, id) WHERE change_request_id IS NULL;
CREATE INDEX comments_change_request_idx ON comments (change_request_id, posted_at, id) WHERE change_request_id IS NOT NULL;

--bun:split

CREATE TABLE comment_replies (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    comment_id      text NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    posted_by       text NOT NULL REFERENCES users (id),
    posted_at       timestamptz NOT NULL DEFAULT clock_timestamp(),
    edited_at       timestamptz,
    markdown        text NOT NULL
);
CREATE INDEX comment_replies_comment_idx ON comment_replies (comment_id, posted_at, id);

--bun:split

-- One reaction per user per emoji on a comment or a reply (subject_id is
-- the one reacted to). comment_id is the comment itself or the reply's
-- comment, so deleting a comment takes every reaction of its thread along.
CREATE TABLE comment_reactions (
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    comment_id      text NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    reply_id        text REFERENCES comment_replies (id) ON DELETE CASCADE,
    subject_id      text NOT NULL,
    emoji           text NOT NULL,
    user_id         text NOT NULL REFERENCES users (id),
    reacted_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (subject_id, emoji, user_id)
);
CREATE INDEX comment_reactions_comment_idx ON comment_reactions (comment_id);
