// Package sso signs people in through an identity provider: SAML 2.0 with
// the providers organizations configure (saml*.go), and OpenID Connect with
// the one provider the server is configured with (oidc*.go). Either way the
// provider vouches for a person, this package decides whether that is
// enough, finds or makes their account (and memberships), and hands the
// browser to the session manager (rest/session), which sets the session
// cookie. Every refusal is a page for a person (rest/pages), never a
// session.
package sso
