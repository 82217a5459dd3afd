// Package fetch downloads documents from user-supplied URLs without letting
// those URLs reach into the server's own network: only http and https, every
// address actually dialled (after DNS, on every redirect) checked against
// private, loopback, link-local and metadata ranges, a timeout per request
// and a cap on the body size. OpenAPI processing and website import use it.
package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"syscall"
	"time"
)

// Defaults for a zero Config field.
const (
	DefaultTimeout      = 30 * time.Second
	DefaultMaxBytes     = 10 << 20
	DefaultMaxRedirects = 5
)

// Config says how far a Fetcher may go.
type Config struct {
	// AllowPrivate lets requests reach private, loopback and link-local
	// addresses (tests and closed networks); off by default.
	AllowPrivate bool
	// Timeout bounds one request, from dialling to the last byte of the body.
	Timeout time.Duration
	// MaxBytes caps the size of a response body.
	MaxBytes int64
	// MaxRedirects caps how many redirects one request follows.
	MaxRedirects int
}

// Errors a fetch can fail with; test them with errors.Is.
var (
	ErrTimeout   = errors.New("timed out")
	ErrRefused   = errors.New("address not allowed")
	ErrTooLarge  = errors.New("response too large")
	ErrStatus    = errors.New("unexpected status")
	ErrBadURL    = errors.New("not an http or https URL")
	ErrTransport = errors.New("request failed")
)

// Error is a failed fetch: Kind is one of the Err* values, Err the cause.
type Error struct {
	URL  string
	Kind error
	Err  error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("fetch %s: %v: %v", e.URL, e.Kind, e.Err)
	}
	return fmt.Sprintf("fetch %s: %v", e.URL, e.Kind)
}

func (e *Error) Is(target error) bool { return target == e.Kind }

func (e *Error) Unwrap() error { return e.Err }

// Response is a fetched document.
type Response struct {
	URL         *url.URL // after redirects
	ContentType string
	Body        []byte
}

// Fetcher fetches URLs under one Config; it is safe for concurrent use.
type Fetcher struct {
	cfg    Config
	client *http.Client
}

// New builds a Fetcher.
func New(cfg Config) *Fetcher {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.MaxRedirects <= 0 {
		cfg.MaxRedirects = DefaultMaxRedirects
	}
	dialer := &net.Dialer{Timeout: cfg.Timeout, KeepAlive: 30 * time.Second}
	if !cfg.AllowPrivate {
		// Control runs on the resolved address of every connection, so a
		// host name that resolves (or later re-resolves) to an internal
		// address is refused, and so is every hop of a redirect.
		dialer.Control = refusePrivate
	}
	transport := &http.Transport{
		// No proxy from the environment: a proxy would dial for us and the
		// address checks would see only the proxy.
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          10,
		IdleConnTimeout:       30 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: cfg.Timeout,
	}
	client := &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > cfg.MaxRedirects {
				return fmt.Errorf("more than %d redirects", cfg.MaxRedirects)
			}
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return &Error{URL: req.URL.String(), Kind: ErrBadURL}
			}
			return nil
		},
	}
	return &Fetcher{cfg: cfg, client: client}
}

// Config returns the fetcher's configuration, defaults filled in.
func (f *Fetcher) Config() Config { return f.cfg }

// Get fetches rawURL and returns its body. Any status other than 2xx is
// ErrStatus; the errors are *Error values whose Kind says what went wrong.
// When ctx itself ends, the error is ctx's, not ErrTimeout.
func (f *Fetcher) Get(ctx context.Context, rawURL string) (*Response, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, &Error{URL: rawURL, Kind: ErrBadURL}
	}
	rctx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &Error{URL: rawURL, Kind: ErrBadURL, Err: err}
	}
	req.Header.Set("User-Agent", "Folio")
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, f.classify(ctx, rctx, rawURL, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, &Error{URL: rawURL, Kind: ErrStatus, Err: errors.New(resp.Status)}
	}
	if resp.ContentLength > f.cfg.MaxBytes {
		return nil, &Error{URL: rawURL, Kind: ErrTooLarge, Err: errors.New("Content-Length " + strconv.FormatInt(resp.ContentLength, 10))}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, f.cfg.MaxBytes+1))
	if err != nil {
		return nil, f.classify(ctx, rctx, rawURL, err)
	}
	if int64(len(body)) > f.cfg.MaxBytes {
		return nil, &Error{URL: rawURL, Kind: ErrTooLarge, Err: fmt.Errorf("over %d bytes", f.cfg.MaxBytes)}
	}
	return &Response{URL: resp.Request.URL, ContentType: resp.Header.Get("Content-Type"), Body: body}, nil
}

// classify names a transport error: the caller's own cancellation stays
// as it is, our deadline is ErrTimeout, a refused address ErrRefused.
func (f *Fetcher) classify(parent, rctx context.Context, rawURL string, err error) error {
	if parent.Err() != nil {
		return parent.Err()
	}
	var fe *Error
	if errors.As(err, &fe) {
		// Raised by our dial or redirect check: drop the transport's wrapping.
		return &Error{URL: rawURL, Kind: fe.Kind, Err: fe.Err}
	}
	if errors.Is(rctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) {
		return &Error{URL: rawURL, Kind: ErrTimeout, Err: fmt.Errorf("no complete answer within %s", f.cfg.Timeout)}
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return &Error{URL: rawURL, Kind: ErrTimeout, Err: err}
	}
	return &Error{URL: rawURL, Kind: ErrTransport, Err: err}
}

// refusePrivate is the dialer's Control hook: it sees the address about to
// be connected to, after name resolution.
func refusePrivate(network, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return &Error{URL: address, Kind: ErrRefused, Err: err}
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return &Error{URL: address, Kind: ErrRefused, Err: err}
	}
	if !Public(ip) {
		return &Error{URL: address, Kind: ErrRefused, Err: fmt.Errorf("%s is not a public address", ip)}
	}
	return nil
}

// blocked lists special-purpose ranges that netip's predicates do not cover.
var blocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this" network
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT (and some clouds' metadata, 100.100.100.200)
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and broadcast
	netip.MustParsePrefix("64:ff9b::/96"),    // NAT64: may embed an internal IPv4 address
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local NAT64
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("100::/64"),        // discard
}

// Public reports whether ip is an ordinary public unicast address: not
// loopback, private (RFC 1918, fc00::/7), link-local (169.254.0.0/16 with
// the cloud metadata address, fe80::/10), multicast, unspecified or reserved.
func Public(ip netip.Addr) bool {
	ip = ip.Unmap() // ::ffff:127.0.0.1 is 127.0.0.1
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() ||
		ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range blocked {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}
