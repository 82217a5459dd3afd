DROP TABLE IF EXISTS search_sections, search_pages;
