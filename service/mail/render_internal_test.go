package mail

import (
	"strings"
	"testing"
	"time"

	"folio/store"
)

// Every template renders a subject, a text and an HTML body that say what
// the mail is about and carry its link.
func TestRenderTemplates(t *testing.T) {
	link := "https://docs.example/invitation?token=SECRET"
	cases := []struct {
		name, template string
		v              view
		subject        string
		texts          []string
	}{
		{"invitation-new-address", store.MailInvitation,
			view{Org: "Acme", Inviter: "Grace Hopper", Link: link, Expires: "7 days", ExpiresAt: "Mon, 7 Dec 2026 10:00 UTC"},
			"Grace Hopper invited you to Acme on Folio", []string{link, "works once, for 7 days (until Mon, 7 Dec 2026 10:00 UTC)", "Choose a password"}},
		{"invitation-no-inviter", store.MailInvitation, view{Org: "Acme", Link: link, Expires: "7 days"},
			"You are invited to Acme on Folio", []string{link}},
		{"invitation-existing-account", store.MailInvitation,
			view{Org: "Acme", Inviter: "Grace", HasAccount: true, Link: "https://docs.example/signin?next=/account"},
			"Grace invited you to Acme on Folio", []string{"https://docs.example/signin?next=/account", "Sign in to accept"}},
		{"password-reset", store.MailPasswordReset, view{Link: link, Expires: "1 hour", ExpiresAt: "x"},
			"Reset your Folio password", []string{link, "for 1 hour", "ada@example.com"}},
		{"signup-new-address", store.MailSignup, view{Link: link, Expires: "24 hours", ExpiresAt: "x"},
			"Confirm your address to finish signing up to Folio", []string{link, "for 24 hours"}},
		{"signup-existing-account", store.MailSignup, view{HasAccount: true, Link: "https://docs.example/forgot-password"},
			"Someone tried to sign up to Folio with your address", []string{"https://docs.example/forgot-password", "has an account already"}},
		{"new-sign-in", store.MailNewSignIn,
			view{Link: "https://docs.example/account", At: "Mon, 7 Dec 2026 10:00 UTC", UserAgent: "Firefox", Client: "203.0.113.9", Method: "password"},
			"New sign-in to your Folio account", []string{"Firefox", "203.0.113.9", "Mon, 7 Dec 2026 10:00 UTC", "https://docs.example/account"}},
		{"webhook-disabled", store.MailWebhookDisabled,
			view{Org: "Acme", WebhookURL: "https://hooks.example/in", Reason: "delivery d1 failed for 24h0m0s (answered 500)",
				WebhookAPI: "https://docs.example/v1/orgs/o1/webhooks/w1"},
			"A webhook of Acme was turned off", []string{"https://hooks.example/in", "answered 500", "PATCH https://docs.example/v1/orgs/o1/webhooks/w1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.v.PublicURL, c.v.Email = "https://docs.example", "ada@example.com"
			m, err := render(c.template, c.v)
			if err != nil {
				t.Fatal(err)
			}
			if m.Subject != c.subject || m.To != "ada@example.com" {
				t.Errorf("subject %q to %q, want %q", m.Subject, m.To, c.subject)
			}
			for _, want := range c.texts {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, m.Text)
				}
				// The HTML says the same (with & escaped, which none of these has).
				if !strings.Contains(m.HTML, want) {
					t.Errorf("html lacks %q:\n%s", want, m.HTML)
				}
			}
			if !strings.HasPrefix(m.HTML, "<!DOCTYPE html>") || !strings.Contains(m.HTML, "<title>"+c.subject+"</title>") {
				t.Errorf("html has no title %q:\n%s", c.subject, m.HTML)
			}
			if strings.Contains(m.Text, "<no value>") || strings.Contains(m.HTML, "<no value>") {
				t.Errorf("a field is missing:\n%s\n%s", m.Text, m.HTML)
			}
			if !strings.HasSuffix(m.Text, "-- \nFolio, https://docs.example\n") {
				t.Errorf("text ends %q", m.Text[max(0, len(m.Text)-60):])
			}
		})
	}
}

// Names come from users: in HTML they are escaped, and nowhere can they
// add lines (to the text, or headers to the subject).
func TestRenderNeutralizesNames(t *testing.T) {
	v := view{PublicURL: "https://docs.example", Email: "ada@example.com", Link: "https://docs.example/invitation?token=t",
		Org:     oneLine("Acme\r\nBcc: everyone@example.com"),
		Inviter: oneLine(`<script>alert(1)</script><a href="https://evil.example">x</a>`)}
	m, err := render(store.MailInvitation, v)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(m.Subject, "\r\n") || !strings.Contains(m.Subject, "Acme  Bcc: everyone@example.com") {
		t.Errorf("subject %q", m.Subject)
	}
	if strings.Contains(m.Text, "\nBcc:") {
		t.Errorf("the organization's title added a line:\n%s", m.Text)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, `href="https://evil.example"`) ||
		!strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Errorf("html not escaped:\n%s", m.HTML)
	}
}

func TestRenderUnknownTemplate(t *testing.T) {
	if _, err := render("nope", view{}); err == nil {
		t.Fatal("rendered an unknown template")
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		" Ada\tLovelace\n": "Ada Lovelace",
		"a\u2028b\x00c":    "a b c",
		"Grüße":            "Grüße",
	} {
		if got := oneLine(in); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", in, got, want)
		}
	}
	long := oneLine(strings.Repeat("é", 400))
	if r := []rune(long); len(r) != 300 || !strings.HasSuffix(long, "…") {
		t.Errorf("a long value keeps %d runes", len(r))
	}
}

func TestLifetime(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Hour: "1 hour", 24 * time.Hour: "24 hours", 7 * 24 * time.Hour: "7 days",
		90 * time.Minute: "90 minutes", time.Minute: "1 minute",
	} {
		if got := lifetime(d); got != want {
			t.Errorf("lifetime(%s) = %q, want %q", d, got, want)
		}
	}
	// Every link purpose has a lifetime the mail can say.
	for purpose, d := range store.LinkLifetime {
		if strings.Contains(lifetime(d), "minute") {
			t.Errorf("%s: %s", purpose, lifetime(d))
		}
	}
}
