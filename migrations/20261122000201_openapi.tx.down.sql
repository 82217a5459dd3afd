DROP TABLE IF EXISTS openapi_spec_versions, openapi_specs;
