-- Pending invitations by e-mail (POST /v1/orgs/{id}/invites): an invitation
-- is not a membership. Only the user whose e-mail address is the invited
-- one (compared case-insensitively) sees it and may accept it, which makes
-- them a member with its role (and sso when asked); accepting, declining
-- or an admin's revocation deletes it. One pending invitation per address
-- and organization: inviting the address again changes its role.
CREATE TABLE invitations (
    id              text PRIMARY KEY,
    organization_id text NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    email           text NOT NULL,
    role            text,
    sso             boolean NOT NULL DEFAULT false,
    invited_by      text REFERENCES users (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX invitations_org_email_key ON invitations (organization_id, lower(email));
CREATE INDEX invitations_org_idx ON invitations (organization_id, created_at, id);
CREATE INDEX invitations_email_idx ON invitations (lower(email), created_at, id);
