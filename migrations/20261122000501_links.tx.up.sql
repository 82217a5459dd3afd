-- The links of a document (targets of its links and images, in order),
-- extracted once when the document is stored: documents are stored once by
-- hash, so a revision that keeps a page keeps its parsed links too. NULL
-- (documents stored before this column) is read as "not extracted yet".
ALTER TABLE documents ADD COLUMN links jsonb;
