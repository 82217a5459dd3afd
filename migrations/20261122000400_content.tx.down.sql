DROP TABLE IF EXISTS space_files, change_requests, revisions, tree_nodes, documents;
