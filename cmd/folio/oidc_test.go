package main

import (
	"slices"
	"testing"
)

func TestOIDCConfigFromEnv(t *testing.T) {
	cases := []struct {
		name                        string
		issuer, id, secret, domains string
		fails, enabled              bool
		wantDomains                 []string
	}{
		{name: "unset-off"},
		{name: "all-three", issuer: "https://idp.example.com/realms/acme", id: "folio", secret: "s3cret", enabled: true},
		{name: "loopback-http", issuer: "http://127.0.0.1:5556/dex", id: "folio", secret: "s", enabled: true},
		{name: "localhost-http", issuer: "http://localhost:8081", id: "folio", secret: "s", enabled: true},
		{name: "domains-normalised", issuer: "https://idp.example.com", id: "folio", secret: "s", domains: " Acme.COM, @example.org ,",
			enabled: true, wantDomains: []string{"acme.com", "example.org"}},
		{name: "issuer-without-client-fails", issuer: "https://idp.example.com", fails: true},
		{name: "client-without-issuer-fails", id: "folio", secret: "s", fails: true},
		{name: "no-secret-fails", issuer: "https://idp.example.com", id: "folio", fails: true},
		{name: "plain-http-elsewhere-fails", issuer: "http://idp.example.com", id: "folio", secret: "s", fails: true},
		{name: "not-a-url-fails", issuer: "idp.example.com", id: "folio", secret: "s", fails: true},
		{name: "query-fails", issuer: "https://idp.example.com/?tenant=1", id: "folio", secret: "s", fails: true},
		{name: "bad-domain-fails", issuer: "https://idp.example.com", id: "folio", secret: "s", domains: "acme", fails: true},
		{name: "domains-without-issuer-fails", domains: "acme.com", fails: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_OIDC_ISSUER", c.issuer)
			t.Setenv("FOLIO_OIDC_CLIENT_ID", c.id)
			t.Setenv("FOLIO_OIDC_CLIENT_SECRET", c.secret)
			t.Setenv("FOLIO_OIDC_ALLOWED_DOMAINS", c.domains)
			t.Setenv("FOLIO_OIDC_NAME", "")
			got, err := oidcConfig()
			if c.fails {
				if err == nil {
					t.Fatalf("accepted: %+v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Enabled() != c.enabled || !slices.Equal(got.AllowedDomains, c.wantDomains) {
				t.Fatalf("got %+v", got)
			}
			if c.enabled && got.Label() != "OpenID Connect" {
				t.Fatalf("label %q", got.Label())
			}
		})
	}
}
