package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"

	"github.com/emersion/go-smtp"
)

// mailCatch runs `folio mail catch`: an SMTP server on loopback that
// accepts every message and prints it (headers and plain-text part) on
// standard output, so the mails of a server started with
// FOLIO_SMTP_URL=smtp+insecure://127.0.0.1:1025 can be read, and their
// links followed, on a machine with no mail server. It never delivers.
func mailCatch(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "catch" {
		return errors.New("usage: folio mail catch [--addr 127.0.0.1:1025]")
	}
	fs := flag.NewFlagSet("mail catch", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:1025", "loopback address to listen on")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
		return fmt.Errorf("mail catch: --addr %q: want a loopback address such as 127.0.0.1:1025", *addr)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("mail catch: %w", err)
	}
	srv := smtp.NewServer(&catcher{out: stdout})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.MaxMessageBytes = 10 << 20
	fmt.Fprintf(stderr, "catching mail on %s: FOLIO_SMTP_URL=smtp+insecure://%s\n", ln.Addr(), ln.Addr())
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); err != nil && ctx.Err() == nil && !errors.Is(err, smtp.ErrServerClosed) {
		return fmt.Errorf("mail catch: %w", err)
	}
	return nil
}

// catcher is the SMTP backend: every session prints its message.
type catcher struct {
	mu  sync.Mutex
	out io.Writer
}

func (c *catcher) NewSession(*smtp.Conn) (smtp.Session, error) { return &catchSession{c: c}, nil }

type catchSession struct {
	c    *catcher
	from string
	to   []string
}

func (s *catchSession) Mail(from string, _ *smtp.MailOptions) error { s.from = from; return nil }
func (s *catchSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}
func (s *catchSession) Reset()        { s.from, s.to = "", nil }
func (s *catchSession) Logout() error { return nil }

func (s *catchSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	fmt.Fprintf(s.c.out, "──── mail from %s to %s\n", s.from, strings.Join(s.to, ", "))
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		fmt.Fprintf(s.c.out, "%s\n", raw)
		return nil
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	fmt.Fprintf(s.c.out, "Subject: %s\n\n%s\n", subject, plainText(msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body))
	return nil
}

// plainText is the text/plain part of a message body (the first one found
// in its multipart parts), decoded; the raw body when it has none.
func plainText(contentType, encoding string, body io.Reader) string {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if err != nil {
				return ""
			}
			if text := plainText(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p); text != "" {
				return text
			}
		}
	}
	if mt != "text/plain" {
		return ""
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64": // the decoder skips line breaks
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, _ := io.ReadAll(body)
	return strings.TrimRight(string(b), "\r\n")
}
