package mail_test

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"folio/internal/mail"
	"folio/internal/mailtest"
)

func TestNewRefuses(t *testing.T) {
	cases := []struct{ name, url, from, want string }{
		{"not-a-url", "smtp://u:s3cret@host:port:x", "a@b.example", "not a URL"},
		{"unknown-scheme", "http://mail.example", "a@b.example", `scheme "http"`},
		{"no-host", "smtp://", "a@b.example", "no host"},
		{"path", "smtp://mail.example/inbox", "a@b.example", "no path"},
		{"query", "smtp://mail.example?tls=off", "a@b.example", "no path, query"},
		{"port-out-of-range", "smtps://u:s3cret@mail.example:70000", "a@b.example", "port"},
		{"insecure-to-another-host", "smtp+insecure://mail.example:25", "a@b.example", "loopback only"},
		{"insecure-to-a-name-that-may-resolve-anywhere", "smtp+insecure://localhost.example:25", "a@b.example", "loopback only"},
		{"insecure-with-credentials", "smtp+insecure://u:s3cret@127.0.0.1:25", "a@b.example", "no credentials"},
		{"no-from", "smtp://mail.example", "", "bad sender address"},
		{"bad-from", "smtp://mail.example", "Folio <nobody>", "bad sender address"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := mail.New(mail.Config{URL: c.url, From: c.from})
			if err == nil {
				t.Fatalf("accepted: %s", s.Server())
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to say %q", err, c.want)
			}
			if strings.Contains(err.Error(), "s3cret") {
				t.Errorf("error %q shows the password", err)
			}
			if wantFrom := strings.Contains(c.want, "sender"); errors.Is(err, mail.ErrBadFrom) != wantFrom {
				t.Errorf("errors.Is(%q, ErrBadFrom) = %v", err, !wantFrom)
			}
		})
	}
}

func TestNewAccepts(t *testing.T) {
	for _, c := range []struct{ url, server string }{
		{"smtp://u:p@mail.example", "starttls mail.example:587"},
		{"smtps://u:p@mail.example", "tls mail.example:465"},
		{"smtp://mail.example:2525/", "starttls mail.example:2525"},
		{"smtp+insecure://127.0.0.1", "insecure 127.0.0.1:25"},
		{"smtp+insecure://[::1]:1025", "insecure [::1]:1025"},
		{"smtp+insecure://localhost:1025", "insecure localhost:1025"},
	} {
		s, err := mail.New(mail.Config{URL: c.url, From: "Folio <folio@docs.example>"})
		if err != nil {
			t.Errorf("%s: %v", c.url, err)
			continue
		}
		if s.Server() != c.server || s.From() != `"Folio" <folio@docs.example>` {
			t.Errorf("%s: Server %q From %q, want %q", c.url, s.Server(), s.From(), c.server)
		}
	}
}

var msg = mail.Message{To: "ada@example.com", Subject: "Grüße from Folio", Text: "Hello Ada,\nhttps://docs.example/x?token=abc\n",
	HTML: "<p>Hello <strong>Ada</strong></p>"}

func send(t *testing.T, rawURL string, cfg mail.Config) error {
	t.Helper()
	cfg.URL = rawURL
	if cfg.From == "" {
		cfg.From = "Folio <folio@docs.example>"
	}
	s, err := mail.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return s.Send(ctx, msg)
}

// checkMessage checks what every message carries.
func checkMessage(t *testing.T, got mailtest.Message, wantTLS bool) {
	t.Helper()
	if got.TLS != wantTLS {
		t.Errorf("TLS = %v, want %v", got.TLS, wantTLS)
	}
	if got.ContentType != "multipart/alternative" || got.Text != msg.Text || got.HTML != msg.HTML {
		t.Errorf("content %q, text %q, html %q", got.ContentType, got.Text, got.HTML)
	}
	if got.Subject != msg.Subject || got.From != "folio@docs.example" || got.Header.Get("To") != "<ada@example.com>" {
		t.Errorf("subject %q, envelope from %q, To %q", got.Subject, got.From, got.Header.Get("To"))
	}
	if got.Header.Get("Auto-Submitted") != "auto-generated" || !strings.HasSuffix(got.Header.Get("Message-Id"), "@docs.example>") ||
		got.Header.Get("Date") == "" || got.Header.Get("User-Agent") != "" {
		t.Errorf("headers %v", got.Header)
	}
}

func TestSendSTARTTLSWithPassword(t *testing.T) {
	smtpd := mailtest.StartWith(t, mailtest.Options{TLS: mailtest.STARTTLS, Username: "folio", Password: "pw"})
	if err := send(t, smtpd.URL(), mail.Config{RootCAs: smtpd.RootCAs()}); err != nil {
		t.Fatal(err)
	}
	checkMessage(t, smtpd.Wait(t, "ada@example.com"), true)
}

func TestSendImplicitTLS(t *testing.T) {
	smtpd := mailtest.StartWith(t, mailtest.Options{TLS: mailtest.ImplicitTLS, Username: "folio", Password: "pw"})
	if !strings.HasPrefix(smtpd.URL(), "smtps://") {
		t.Fatalf("URL %s", smtpd.URL())
	}
	if err := send(t, smtpd.URL(), mail.Config{RootCAs: smtpd.RootCAs()}); err != nil {
		t.Fatal(err)
	}
	checkMessage(t, smtpd.Wait(t, "ada@example.com"), true)
}

func TestSendPlainOnLoopback(t *testing.T) {
	smtpd := mailtest.Start(t)
	if err := send(t, smtpd.URL(), mail.Config{}); err != nil {
		t.Fatal(err)
	}
	checkMessage(t, smtpd.Wait(t, "ada@example.com"), false)
}

// Every refusal sends nothing.
func TestSendRefused(t *testing.T) {
	plain := mailtest.Start(t)
	starttls := mailtest.StartWith(t, mailtest.Options{TLS: mailtest.STARTTLS, Username: "folio", Password: "pw"})
	implicit := mailtest.StartWith(t, mailtest.Options{TLS: mailtest.ImplicitTLS})
	wrongPassword := (&url.URL{Scheme: "smtp", Host: starttls.Addr(), User: url.UserPassword("folio", "nope")}).String()
	cases := []struct {
		name string
		url  string
		cfg  mail.Config
		want string
	}{
		// smtp:// never falls back to clear text.
		{"starttls-not-offered", "smtp://" + plain.Addr(), mail.Config{}, "STARTTLS"},
		{"certificate-not-trusted", starttls.URL(), mail.Config{}, "certificate"},
		{"implicit-tls-certificate-not-trusted", implicit.URL(), mail.Config{}, "certificate"},
		{"wrong-password", wrongPassword, mail.Config{RootCAs: starttls.RootCAs()}, "535"},
		{"no-password-where-one-is-required", "smtp://" + starttls.Addr(), mail.Config{RootCAs: starttls.RootCAs()}, "502"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := send(t, c.url, c.cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("send = %v, want an error with %q", err, c.want)
			}
			if strings.Contains(err.Error(), "nope") {
				t.Errorf("error %q shows the password", err)
			}
		})
	}
	for _, s := range []*mailtest.Server{plain, starttls, implicit} {
		if n := len(s.Messages()); n != 0 {
			t.Errorf("%s received %d messages", s.Addr(), n)
		}
	}
}

// A server that refuses a recipient (5xx) is an error for the caller to
// retry; the next try goes through.
func TestSendRecipientRefusedThenAccepted(t *testing.T) {
	smtpd := mailtest.Start(t)
	smtpd.Refuse(1)
	err := send(t, smtpd.URL(), mail.Config{})
	if err == nil || !strings.Contains(err.Error(), "550") {
		t.Fatalf("send = %v, want the 550 refusal", err)
	}
	if errors.Is(err, mail.ErrBadRecipient) {
		t.Errorf("a refusal by the server is not a bad address: %v", err)
	}
	if err := send(t, smtpd.URL(), mail.Config{}); err != nil {
		t.Fatal(err)
	}
	smtpd.Wait(t, "ada@example.com")
	if smtpd.Refused() != 1 || len(smtpd.Messages()) != 1 {
		t.Errorf("refused %d, received %d", smtpd.Refused(), len(smtpd.Messages()))
	}
}

func TestSendBadRecipient(t *testing.T) {
	smtpd := mailtest.Start(t)
	s, err := mail.New(mail.Config{URL: smtpd.URL(), From: "folio@docs.example"})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), mail.Message{To: "not an address", Subject: "x", Text: "x"})
	if !errors.Is(err, mail.ErrBadRecipient) {
		t.Fatalf("send = %v, want ErrBadRecipient", err)
	}
}

// A server that never answers costs the timeout, not forever.
func TestSendTimesOut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() { // accept, then say nothing
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() })
		}
	}()
	s, err := mail.New(mail.Config{URL: "smtp+insecure://" + ln.Addr().String(), From: "folio@docs.example", Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), msg)
	if err == nil || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("send = %v, want a timeout", err)
	}
}
