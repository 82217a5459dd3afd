package main

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"regexp"
	"strings"

	"folio/rest/sso"
)

// domainName is an e-mail domain as FOLIO_OIDC_ALLOWED_DOMAINS takes it
// (lower case, at least two labels).
var domainName = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$`)

// oidcConfig reads the OpenID Connect settings: FOLIO_OIDC_ISSUER,
// FOLIO_OIDC_CLIENT_ID and FOLIO_OIDC_CLIENT_SECRET (all three, or none:
// off), FOLIO_OIDC_NAME and FOLIO_OIDC_ALLOWED_DOMAINS. Only their form is
// checked here: the provider is asked nothing until the first sign-in, so
// that the server starts while the provider is down.
func oidcConfig() (sso.OIDCConfig, error) {
	c := sso.OIDCConfig{Issuer: strings.TrimSpace(os.Getenv("FOLIO_OIDC_ISSUER")),
		ClientID: os.Getenv("FOLIO_OIDC_CLIENT_ID"), ClientSecret: os.Getenv("FOLIO_OIDC_CLIENT_SECRET"),
		Name: strings.TrimSpace(env("FOLIO_OIDC_NAME", sso.DefaultOIDCName))}
	domains := splitList(os.Getenv("FOLIO_OIDC_ALLOWED_DOMAINS"))
	if c.Issuer == "" && c.ClientID == "" && c.ClientSecret == "" {
		if len(domains) > 0 {
			return c, fmt.Errorf("FOLIO_OIDC_ALLOWED_DOMAINS is set but FOLIO_OIDC_ISSUER is not: OpenID Connect is off")
		}
		return sso.OIDCConfig{}, nil
	}
	if c.Issuer == "" || c.ClientID == "" || c.ClientSecret == "" {
		return c, fmt.Errorf("FOLIO_OIDC_ISSUER, FOLIO_OIDC_CLIENT_ID and FOLIO_OIDC_CLIENT_SECRET: set all three (OpenID Connect sign-in) or none")
	}
	u, err := url.Parse(c.Issuer)
	if err != nil || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil ||
		!(u.Scheme == "https" || u.Scheme == "http" && loopbackHost(u.Hostname())) {
		return c, fmt.Errorf("FOLIO_OIDC_ISSUER=%q: want the provider's issuer URL, https:// (http:// only on this machine), without query", c.Issuer)
	}
	for _, d := range domains {
		d = strings.ToLower(strings.TrimPrefix(d, "@"))
		if len(d) > 253 || !domainName.MatchString(d) {
			return c, fmt.Errorf("FOLIO_OIDC_ALLOWED_DOMAINS: %q is not a domain name", d)
		}
		c.AllowedDomains = append(c.AllowedDomains, d)
	}
	return c, nil
}

// loopbackHost reports whether host is this machine.
func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
