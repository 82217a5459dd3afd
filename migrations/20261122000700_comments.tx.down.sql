DROP TABLE IF EXISTS comment_reactions, comment_replies, comments;

--bun:split

ALTER TABLE change_requests DROP COLUMN IF EXISTS comments;
