package rest_test

import (
	"net/http"
	"testing"

	"folio/rest/resttest"
)

func TestCORS(t *testing.T) {
	srv := resttest.New(t, resttest.WithCORS("https://app.example.com", "https://docs.example.com/"))
	open := resttest.New(t, resttest.WithCORS("*"))
	cases := []struct {
		name      string
		srv       *resttest.Server
		method    string
		origin    string
		preflight bool
		status    int
		allow     string
	}{
		{"preflight-allowed-204", srv, http.MethodOptions, "https://app.example.com", true, http.StatusNoContent, "https://app.example.com"},
		{"preflight-trailing-slash-configured-204", srv, http.MethodOptions, "https://docs.example.com", true, http.StatusNoContent, "https://docs.example.com"},
		{"preflight-other-origin-no-headers", srv, http.MethodOptions, "https://evil.example.com", true, http.StatusNoContent, ""},
		{"get-allowed-origin", srv, http.MethodGet, "https://app.example.com", false, http.StatusOK, "https://app.example.com"},
		{"get-other-origin-no-headers", srv, http.MethodGet, "https://evil.example.com", false, http.StatusOK, ""},
		{"wildcard-any-origin", open, http.MethodGet, "https://anything.example", false, http.StatusOK, "*"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, c.srv.URL+"/v1/", nil)
			req.Header.Set("Origin", c.origin)
			if c.preflight {
				req.Header.Set("Access-Control-Request-Method", "PATCH")
				req.Header.Set("Access-Control-Request-Headers", "authorization, content-type")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, c.status)
			}
			if got := resp.Header.Get("Access-Control-Allow-Origin"); got != c.allow {
				t.Errorf("Access-Control-Allow-Origin = %q, want %q", got, c.allow)
			}
			if c.allow != "" && c.preflight {
				if resp.Header.Get("Access-Control-Allow-Methods") == "" || resp.Header.Get("Access-Control-Allow-Headers") == "" {
					t.Errorf("preflight without allowed methods and headers: %v", resp.Header)
				}
			}
			if c.allow != "" && !c.preflight && resp.Header.Get("Access-Control-Expose-Headers") == "" {
				t.Error("X-Request-Id and the rate limit headers must be exposed to scripts")
			}
		})
	}
}
