DROP TABLE IF EXISTS saml_providers, invites, team_members, teams, members, organizations, api_tokens, users, server_settings;
