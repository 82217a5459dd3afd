package fetch

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
)

// Posted is the outcome of a Post that reached the server.
type Posted struct {
	Status int
	// Body is the start of the response body (at most 1 KiB), for logs.
	Body []byte
}

// Post sends body to rawURL with the given headers, under the same rules as
// Get (address checks, timeout), following no redirects: a 3xx is an
// answer like any other. Any answer, 2xx or not, is returned without error;
// the errors are *Error values (ErrBadURL, ErrRefused, ErrTimeout,
// ErrTransport) or ctx's own.
func (f *Fetcher) Post(ctx context.Context, rawURL string, header http.Header, body []byte) (*Posted, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, &Error{URL: rawURL, Kind: ErrBadURL}
	}
	rctx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		return nil, &Error{URL: rawURL, Kind: ErrBadURL, Err: err}
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", "Folio")
	client := *f.client
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Do(req)
	if err != nil {
		var fe *Error
		if errors.As(err, &fe) {
			return nil, fe
		}
		return nil, f.classify(ctx, rctx, rawURL, err)
	}
	defer resp.Body.Close()
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
	io.Copy(io.Discard, io.LimitReader(resp.Body, f.cfg.MaxBytes)) //nolint:errcheck // drained for connection reuse
	return &Posted{Status: resp.StatusCode, Body: head}, nil
}
