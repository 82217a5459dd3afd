package main

import (
	"context"
	"strings"
	"testing"
)

func TestMailFromEnv(t *testing.T) {
	cases := []struct {
		name, url, from, publicURL string
		wantFrom, wantErr          string
	}{
		{"unset-is-off", "", "", "https://docs.example", "", ""},
		{"default-from-public-url", "smtp://u:p@mail.example", "", "https://docs.example:8443/base", `"Folio" <folio@docs.example>`, ""},
		{"from-set", "smtps://u:p@mail.example", "Docs <docs@example.com>", "https://docs.example", `"Docs" <docs@example.com>`, ""},
		{"bad-url-names-the-setting", "smtp://u:s3cret@mail.example/x", "", "https://docs.example", "", "FOLIO_SMTP_URL: "},
		{"insecure-remote-refused", "smtp+insecure://mail.example", "", "https://docs.example", "", "FOLIO_SMTP_URL: smtp+insecure is for a server on loopback only"},
		{"bad-from-names-the-setting", "smtp://mail.example", "not an address", "https://docs.example", "", "FOLIO_MAIL_FROM: "},
		{"no-host-for-the-default", "smtp://mail.example", "", "/relative", "", "FOLIO_MAIL_FROM: unset"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("FOLIO_SMTP_URL", c.url)
			t.Setenv("FOLIO_MAIL_FROM", c.from)
			s, err := mailFromEnv(c.publicURL)
			if c.wantErr != "" {
				if err == nil || !strings.HasPrefix(err.Error(), c.wantErr) || strings.Contains(err.Error(), "s3cret") {
					t.Fatalf("error %v, want one starting %q and without the password", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.wantFrom == "" {
				if s != nil {
					t.Fatalf("mail on without FOLIO_SMTP_URL: %s", s.Server())
				}
				return
			}
			if s == nil || s.From() != c.wantFrom {
				t.Fatalf("sender %v, want from %s", s, c.wantFrom)
			}
		})
	}
}

// A bad FOLIO_SMTP_URL stops folio serve before the database starts.
func TestServeRefusesBadSMTPURL(t *testing.T) {
	t.Setenv("FOLIO_DATA_DIR", t.TempDir())
	t.Setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none") // never reached
	t.Setenv("FOLIO_SMTP_URL", "smtp+insecure://mail.example:25")
	if err := serve(context.Background()); err == nil || !strings.HasPrefix(err.Error(), "FOLIO_SMTP_URL: ") {
		t.Fatalf("serve = %v, want a FOLIO_SMTP_URL error", err)
	}
}
