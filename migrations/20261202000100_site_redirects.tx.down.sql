DROP TABLE site_redirects;
