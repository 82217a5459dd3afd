// Package mail sends e-mail over SMTP, through github.com/wneessen/go-mail.
// A Sender is configured from one URL:
//
//	smtp://user:pass@host:587     STARTTLS, required (a server that does not offer it is refused)
//	smtps://user:pass@host:465    TLS from the first byte (implicit TLS)
//	smtp+insecure://host:25       no TLS at all: for a test server or relay on loopback only
//
// The user and password, when present, authenticate with the strongest
// mechanism the server offers (never in clear: smtp+insecure takes none).
// Every message is plain text plus HTML (multipart/alternative).
package mail

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// DefaultTimeout bounds connecting, and then each exchange with the server.
const DefaultTimeout = 30 * time.Second

// Config configures a Sender.
type Config struct {
	// URL says where and how to send (see the package comment).
	URL string
	// From is the sender's address, with or without a name
	// ("Folio <folio@example.com>").
	From string
	// Timeout bounds connecting and each exchange with the server
	// (DefaultTimeout when zero); the context of Send bounds the whole.
	Timeout time.Duration
	// RootCAs, when set, are the certificate authorities trusted for the
	// server's certificate instead of the system's (tests).
	RootCAs *x509.CertPool
}

// Message is one e-mail to one recipient.
type Message struct {
	To      string
	Subject string
	// Text is the plain-text body; HTML the same message as HTML.
	Text, HTML string
}

// Sender sends messages. It holds no connection: each Send dials, so one
// Sender serves any number of goroutines.
type Sender struct {
	host     string
	port     int
	mode     string // "starttls", "tls" or "insecure"
	user     string
	password string
	from     *mail.Address
	timeout  time.Duration
	rootCAs  *x509.CertPool
}

// Schemes of the URL.
const (
	SchemeSTARTTLS = "smtp"
	SchemeTLS      = "smtps"
	SchemeInsecure = "smtp+insecure"
)

// ErrBadFrom wraps the error of a sender address New cannot use (any other
// error of New is about the URL).
var ErrBadFrom = errors.New("bad sender address")

// New checks a configuration and returns its Sender. The URL's password is
// never part of an error.
func New(cfg Config) (*Sender, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, errors.New("not a URL: want smtp://user:pass@host:587, smtps://user:pass@host:465 or smtp+insecure://127.0.0.1:25")
	}
	s := &Sender{host: u.Hostname(), timeout: cfg.Timeout, rootCAs: cfg.RootCAs}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	var defPort int
	switch u.Scheme {
	case SchemeSTARTTLS:
		s.mode, defPort = "starttls", 587
	case SchemeTLS:
		s.mode, defPort = "tls", 465
	case SchemeInsecure:
		s.mode, defPort = "insecure", 25
	default:
		return nil, fmt.Errorf("scheme %q: want smtp (STARTTLS), smtps (TLS) or smtp+insecure (loopback only)", u.Scheme)
	}
	if s.host == "" {
		return nil, errors.New("the URL names no host")
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return nil, errors.New("the URL takes no path, query or fragment: only scheme, user, password, host and port")
	}
	s.port = defPort
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("port %q: want a number from 1 to 65535", p)
		}
		s.port = n
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.password, _ = u.User.Password()
	}
	if s.mode == "insecure" {
		// Without TLS, anyone on the path reads the mail and its one-time
		// links: only a server on this machine is allowed.
		if !isLoopback(s.host) {
			return nil, fmt.Errorf("smtp+insecure is for a server on loopback only (127.0.0.1, ::1, localhost), not %q: use smtp:// (STARTTLS) or smtps://", s.host)
		}
		if u.User != nil {
			return nil, errors.New("smtp+insecure sends no credentials (they would travel in clear): use smtp:// (STARTTLS) or smtps://")
		}
	}
	if cfg.From == "" {
		return nil, fmt.Errorf("%w: none given", ErrBadFrom)
	}
	if s.from, err = mail.ParseAddress(cfg.From); err != nil {
		return nil, fmt.Errorf("%w %q: %v", ErrBadFrom, cfg.From, err)
	}
	return s, nil
}

// isLoopback reports whether host is a loopback address or localhost
// (never resolved: a name that could point elsewhere is not loopback).
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// From returns the sender's address.
func (s *Sender) From() string { return s.from.String() }

// Server describes where mail goes, without credentials (for logs).
func (s *Sender) Server() string {
	return s.mode + " " + net.JoinHostPort(s.host, strconv.Itoa(s.port))
}

// ErrBadRecipient wraps a recipient address that cannot be sent to at all:
// trying again would not help.
var ErrBadRecipient = errors.New("bad recipient address")

// Send sends one message. An error means the message may not have been
// accepted: the caller tries again later. An error wrapping ErrBadRecipient
// will fail every time.
func (s *Sender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.SetAddrHeaderFromMailAddress(gomail.HeaderFrom, s.from)
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("%w %q: %v", ErrBadRecipient, m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageIDWithValue(messageID(s.from.Address))
	// Sent by a program: no vacation replies to it (RFC 3834).
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	c, err := s.client()
	if err != nil {
		return err
	}
	conn, err := c.DialToSMTPClientWithContext(ctx)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", s.Server(), err)
	}
	err = c.SendWithSMTPClient(conn, msg)
	// The message is the server's once DATA is accepted: a failing QUIT
	// after it is no reason to send it twice.
	_ = c.CloseWithSMTPClient(conn)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", s.Server(), err)
	}
	return nil
}

// client makes the go-mail client of one send.
func (s *Sender) client() (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(s.timeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12, RootCAs: s.rootCAs})}
	switch s.mode {
	case "starttls":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case "tls":
		opts = append(opts, gomail.WithSSL())
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.user), gomail.WithPassword(s.password))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp %s: %w", s.Server(), err)
	}
	return c, nil
}

// messageID makes a Message-ID in the sender's domain (not the machine's
// name, which says nothing to the recipient).
func messageID(from string) string {
	_, domain, _ := strings.Cut(from, "@")
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b) + "@" + domain
}
