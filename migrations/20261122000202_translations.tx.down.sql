DROP TABLE IF EXISTS translation_settings;
