// Package mailtest runs a real SMTP server (github.com/emersion/go-smtp)
// inside a test process, on loopback, and collects the messages it
// receives, so a test can read the mail a server sent and follow its links.
//
//	smtpd := mailtest.Start(t)                        // plain SMTP on 127.0.0.1:<free port>
//	srv.StartWorkers(jobs.Config{Mail: smtpd.Sender(t)}) // resttest: links start with resttest.PublicURL
//	... invite someone by e-mail ...
//	m := smtpd.Wait(t, "ada@example.com")             // the next mail to that address
//	link := m.Link("/invitation")                     // its first link to that path
//	token := m.Token("/invitation")                   // that link's token parameter
//
// Sender gives a sender for jobs.Config.Mail. URL gives the address to put
// in FOLIO_SMTP_URL (or internal/mail's Config.URL), for a server started
// as a separate process: smtp+insecure://127.0.0.1:<port> by default. StartWith serves
// STARTTLS or implicit TLS with a certificate made for the test (trust it
// with RootCAs) and may require a user name and password; Refuse makes the
// server refuse the next messages with a permanent error (550), as a real
// server that bounces does.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"io"
	"log"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"folio/internal/mail"
)

// Mode is how a Server speaks TLS.
type Mode int

const (
	// Plain speaks no TLS (URL smtp+insecure://).
	Plain Mode = iota
	// STARTTLS offers STARTTLS (URL smtp://).
	STARTTLS
	// ImplicitTLS speaks TLS from the first byte (URL smtps://).
	ImplicitTLS
)

// Options configure a Server.
type Options struct {
	TLS Mode
	// Username and Password, when set, are required (AUTH PLAIN, after
	// TLS only) before any mail is taken. Plain mode takes none.
	Username, Password string
}

// Message is one message received.
type Message struct {
	// From and To are the envelope's sender and recipients.
	From string
	To   []string
	// Header holds the message's headers; Subject is decoded.
	Header  netmail.Header
	Subject string
	// ContentType is the message's media type (multipart/alternative for
	// text plus HTML).
	ContentType string
	// Text and HTML are the decoded bodies of the text/plain and
	// text/html parts ("" when absent), with \n line ends.
	Text, HTML string
	// TLS says whether the connection was encrypted when the message
	// came (after STARTTLS, or implicit TLS).
	TLS bool
	// Raw is the message as received.
	Raw []byte
}

var linkRe = regexp.MustCompile(`https?://[^\s<>"')]+`)

// Links returns the URLs in the text body, in order.
func (m Message) Links() []string { return linkRe.FindAllString(m.Text, -1) }

// Link returns the first link of the text body whose path is path, or "".
func (m Message) Link(path string) string {
	for _, l := range m.Links() {
		if u, err := url.Parse(l); err == nil && u.Path == path {
			return l
		}
	}
	return ""
}

// Token returns the token query parameter of Link(path), or "".
func (m Message) Token(path string) string {
	u, err := url.Parse(m.Link(path))
	if err != nil {
		return ""
	}
	return u.Query().Get("token")
}

// Server is a running SMTP server; it stops when the test ends.
type Server struct {
	opts  Options
	addr  string
	roots *x509.CertPool
	srv   *smtp.Server

	mu       sync.Mutex
	msgs     []Message
	taken    []bool
	refuse   int
	refused  int
	arrivals chan struct{}
}

// Start starts a plain SMTP server (no TLS, no authentication).
func Start(t testing.TB) *Server { return StartWith(t, Options{}) }

// StartWith starts a server with these options.
func StartWith(t testing.TB, o Options) *Server {
	t.Helper()
	s := &Server{opts: o, arrivals: make(chan struct{}, 1)}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.MaxMessageBytes = 4 << 20
	srv.MaxRecipients = 50
	srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: listen: %v", err)
	}
	if o.TLS != Plain {
		cert, roots := testCertificate(t)
		s.roots = roots
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		if o.TLS == ImplicitTLS {
			ln = tls.NewListener(ln, srv.TLSConfig)
		}
	}
	s.addr, s.srv = ln.Addr().String(), srv
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// URL is the server's address as a sender's URL, with the credentials of
// Options.
func (s *Server) URL() string {
	u := url.URL{Host: s.addr}
	switch s.opts.TLS {
	case STARTTLS:
		u.Scheme = "smtp"
	case ImplicitTLS:
		u.Scheme = "smtps"
	default:
		u.Scheme = "smtp+insecure"
	}
	if s.opts.Username != "" && s.opts.TLS != Plain {
		u.User = url.UserPassword(s.opts.Username, s.opts.Password)
	}
	return u.String()
}

// From is the sender address of Sender.
const From = "Folio <folio@folio.test>"

// Sender returns a sender (package internal/mail) that sends to this
// server, from From, trusting its test certificate: what jobs.Config.Mail
// takes.
func (s *Server) Sender(t testing.TB) *mail.Sender {
	t.Helper()
	snd, err := mail.New(mail.Config{URL: s.URL(), From: From, RootCAs: s.roots})
	if err != nil {
		t.Fatalf("mailtest: sender: %v", err)
	}
	return snd
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return s.addr }

// RootCAs returns a pool that trusts the server's certificate (nil in
// Plain mode).
func (s *Server) RootCAs() *x509.CertPool { return s.roots }

// Refuse makes the server refuse the next n messages: each recipient gets
// 550 (a permanent failure), and nothing is kept.
func (s *Server) Refuse(n int) {
	s.mu.Lock()
	s.refuse = n
	s.mu.Unlock()
}

// Refused counts the messages refused so far.
func (s *Server) Refused() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refused
}

// Messages returns every message received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// WaitTimeout is how long Wait waits for a message.
const WaitTimeout = 30 * time.Second

// Wait returns the next message to the address to that no earlier Wait
// returned, waiting for it up to WaitTimeout; the test fails without one.
func (s *Server) Wait(t testing.TB, to string) Message {
	t.Helper()
	deadline := time.After(WaitTimeout)
	for {
		if m, ok := s.take(to); ok {
			return m
		}
		select {
		case <-s.arrivals:
		case <-deadline:
			t.Fatalf("mailtest: no mail to %s within %s (%d received in all)", to, WaitTimeout, len(s.Messages()))
		}
	}
}

func (s *Server) take(to string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, m := range s.msgs {
		if s.taken[i] {
			continue
		}
		for _, rcpt := range m.To {
			if strings.EqualFold(rcpt, to) {
				s.taken[i] = true
				return m, true
			}
		}
	}
	return Message{}, false
}

func (s *Server) add(m Message) {
	s.mu.Lock()
	s.msgs = append(s.msgs, m)
	s.taken = append(s.taken, false)
	s.mu.Unlock()
	select {
	case s.arrivals <- struct{}{}:
	default:
	}
}

// session is one SMTP transaction's state.
type session struct {
	s       *Server
	conn    *smtp.Conn
	authed  bool
	from    string
	to      []string
	refused bool
}

var errRefused = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "mailbox unavailable (mailtest refuses)"}

func (ss *session) AuthMechanisms() []string {
	if ss.s.opts.Username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if _, tlsOn := ss.conn.TLSConnectionState(); !tlsOn {
			return errors.New("authentication needs TLS")
		}
		if user != ss.s.opts.Username || pass != ss.s.opts.Password {
			return smtp.ErrAuthFailed
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.opts.Username != "" && !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.s.mu.Lock()
	if ss.refused || ss.s.refuse > 0 {
		if !ss.refused {
			ss.s.refuse--
			ss.s.refused++
		}
		ss.refused = true
		ss.s.mu.Unlock()
		return errRefused
	}
	ss.s.mu.Unlock()
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := parse(raw)
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "mailtest cannot read the message: " + err.Error()}
	}
	_, m.TLS = ss.conn.TLSConnectionState()
	m.From, m.To = ss.from, ss.to
	ss.s.add(m)
	return nil
}

func (ss *session) Reset()        { ss.from, ss.to, ss.refused = "", nil, false }
func (ss *session) Logout() error { return nil }

// parse decodes a message's subject and text and HTML bodies.
func parse(raw []byte) (Message, error) {
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return Message{}, err
	}
	m := Message{Header: msg.Header, Raw: raw}
	dec := new(mime.WordDecoder)
	if m.Subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		return m, err
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return m, err
	}
	m.ContentType = mt
	err = m.addPart(mt, params, msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	return m, err
}

// addPart reads one part, and the parts inside a multipart one.
func (m *Message) addPart(mt string, params map[string]string, encoding string, body io.Reader) error {
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			pmt, pparams, err := mime.ParseMediaType(p.Header.Get("Content-Type"))
			if err != nil {
				return err
			}
			if err := m.addPart(pmt, pparams, p.Header.Get("Content-Transfer-Encoding"), p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, &newlineStripper{r: body})
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	// Line ends as a mail program shows them.
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	switch mt {
	case "text/plain":
		m.Text = text
	case "text/html":
		m.HTML = text
	}
	return nil
}

// newlineStripper drops line breaks, which base64.NewDecoder does not take.
type newlineStripper struct{ r io.Reader }

func (n *newlineStripper) Read(p []byte) (int, error) {
	for {
		k, err := n.r.Read(p)
		j := 0
		for _, c := range p[:k] {
			if c != '\r' && c != '\n' {
				p[j] = c
				j++
			}
		}
		if j > 0 || err != nil {
			return j, err
		}
	}
}

// testCertificate makes a self-signed certificate for 127.0.0.1, ::1 and
// localhost, and a pool that trusts it.
func testCertificate(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatalf("mailtest: key: %v", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: "mailtest"},
		NotBefore:    time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true,
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		DNSNames:    []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatalf("mailtest: certificate: %v", err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatalf("mailtest: certificate: %v", err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}
