package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"

	"folio/internal/mail"
)

// mailFromEnv reads FOLIO_SMTP_URL and FOLIO_MAIL_FROM (default
// "Folio <folio@HOST>", HOST that of publicURL) and returns the sender of
// the server's mail; nil, and a log line saying so, when FOLIO_SMTP_URL is
// unset. A URL or an address it cannot use is an error naming the setting
// (never the URL itself, which may hold a password).
func mailFromEnv(publicURL string) (*mail.Sender, error) {
	raw := os.Getenv("FOLIO_SMTP_URL")
	if raw == "" {
		slog.Info("mail is off (FOLIO_SMTP_URL unset): invitations, password resets and notices are not sent")
		return nil, nil
	}
	from := os.Getenv("FOLIO_MAIL_FROM")
	if from == "" {
		u, err := url.Parse(publicURL)
		if err != nil || u.Hostname() == "" {
			return nil, fmt.Errorf("FOLIO_MAIL_FROM: unset, and FOLIO_PUBLIC_URL %q names no host to send from: set FOLIO_MAIL_FROM", publicURL)
		}
		from = "Folio <folio@" + u.Hostname() + ">"
	}
	s, err := mail.New(mail.Config{URL: raw, From: from})
	switch {
	case errors.Is(err, mail.ErrBadFrom) && os.Getenv("FOLIO_MAIL_FROM") == "":
		return nil, fmt.Errorf("FOLIO_MAIL_FROM: unset, and the default from FOLIO_PUBLIC_URL does not work (%w): set FOLIO_MAIL_FROM", err)
	case errors.Is(err, mail.ErrBadFrom):
		return nil, fmt.Errorf("FOLIO_MAIL_FROM: %w", err)
	case err != nil:
		return nil, fmt.Errorf("FOLIO_SMTP_URL: %w", err)
	}
	slog.Info("mail is on", "smtp", s.Server(), "from", s.From())
	return s, nil
}
