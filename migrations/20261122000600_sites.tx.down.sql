DROP TABLE IF EXISTS site_share_links, site_spaces, site_sections, site_section_groups, sites;
