package sso

import (
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"net/mail"
	"net/url"
	"strings"

	"github.com/beevik/etree"
	"github.com/crewjam/saml"

	"folio/store"
)

// errSAMLPending refuses sign-in through a provider not set up yet.
var errSAMLPending = errors.New("this sign-in provider is not set up yet: an admin of the organization must enter the identity provider's sign-in URL, entity id and certificate")

// errSAMLCertificate refuses sign-in through a provider whose certificate
// cannot be read.
var errSAMLCertificate = errors.New("this sign-in provider's certificate cannot be read: an admin of the organization must paste the identity provider's signing certificate (PEM, or its base64 body)")

// serviceProvider is our side of provider p, for the library: our entity
// id and ACS from the public URL, and the identity provider as the admin
// entered it (entity id, sign-in URL, signing certificate). It always
// returns a service provider able to describe itself (its metadata); the
// error says why it cannot sign anyone in.
func (h *samlHandler) serviceProvider(p *store.SAMLProvider) (*saml.ServiceProvider, error) {
	base := h.base + SAMLPath + p.OrganizationID + "/" + p.ID
	entity, _ := url.Parse(base)
	acs, _ := url.Parse(base + "/acs")
	sp := &saml.ServiceProvider{
		EntityID:    base,
		MetadataURL: *entity,
		AcsURL:      *acs,
		// The e-mail address names the person; the README asks admins to
		// send it as the NameID.
		AuthnNameIDFormat:                saml.EmailAddressNameIDFormat,
		AssertionConsumerServiceBindings: []string{saml.HTTPPostBinding},
		// An admin downloads the metadata once: a validUntil would make
		// it expire at the identity provider.
		MetadataOmitValidUntil: true,
		RejectSHA1Signatures:   true,
	}
	if p.SSOURL == "" || p.EntityID == "" || p.Certificate == "" {
		return sp, errSAMLPending
	}
	certs, err := samlCertificates(p.Certificate)
	if err != nil {
		return sp, errSAMLCertificate
	}
	keys := make([]saml.KeyDescriptor, len(certs))
	for i, c := range certs {
		keys[i] = saml.KeyDescriptor{Use: "signing", KeyInfo: saml.KeyInfo{X509Data: saml.X509Data{
			X509Certificates: []saml.X509Certificate{{Data: base64.StdEncoding.EncodeToString(c.Raw)}}}}}
	}
	sp.IDPMetadata = &saml.EntityDescriptor{
		EntityID: p.EntityID,
		IDPSSODescriptors: []saml.IDPSSODescriptor{{
			SSODescriptor: saml.SSODescriptor{RoleDescriptor: saml.RoleDescriptor{
				ProtocolSupportEnumeration: "urn:oasis:names:tc:SAML:2.0:protocol",
				KeyDescriptors:             keys,
			}},
			SingleSignOnServices: []saml.Endpoint{{Binding: saml.HTTPRedirectBinding, Location: p.SSOURL}},
		}},
	}
	return sp, nil
}

// samlCertificates reads the provider's certificate as the admin pasted
// it: one or more PEM blocks (several while the identity provider rolls
// its key over), or the bare base64 of one certificate, as metadata
// files carry it.
func samlCertificates(text string) ([]*x509.Certificate, error) {
	var out []*x509.Certificate
	rest := []byte(strings.TrimSpace(text))
	if !strings.Contains(text, "-----BEGIN") {
		der, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(text), ""))
		if err != nil {
			return nil, err
		}
		c, err := x509.ParseCertificate(der)
		if err != nil {
			return nil, err
		}
		return []*x509.Certificate{c}, nil
	}
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("no certificate")
	}
	return out, nil
}

// samlInResponseTo reads, without trusting it, which request a posted
// response says it answers ("" for none: IdP-initiated). The library then
// checks the response against that request alone, and that the signed
// response says the same.
func samlInResponseTo(encoded string) (string, error) {
	if encoded == "" {
		return "", errors.New("no SAMLResponse")
	}
	raw, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(encoded), ""))
	if err != nil {
		return "", errors.New("SAMLResponse is not base64")
	}
	doc := etree.NewDocument()
	if err := doc.ReadFromBytes(raw); err != nil || doc.Root() == nil {
		return "", errors.New("SAMLResponse is not XML")
	}
	root := doc.Root()
	if root.Tag != "Response" || root.NamespaceURI() != "urn:oasis:names:tc:SAML:2.0:protocol" {
		return "", errors.New("SAMLResponse is not a SAML 2.0 Response")
	}
	return root.SelectAttrValue("InResponseTo", ""), nil
}

// The attributes a person's e-mail address and name come in, by Name or
// FriendlyName (compared without case), most specific first: the short
// names most identity providers use, the claims of Microsoft's, the OIDs
// of LDAP-minded ones.
var (
	samlEmailAttrs = []string{"email", "mail", "emailaddress",
		"http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
		"urn:oid:0.9.2342.19200300.100.1.3", "urn:oid:1.2.840.113549.1.9.1"}
	samlNameAttrs = []string{"displayname", "http://schemas.microsoft.com/identity/claims/displayname",
		"urn:oid:2.16.840.1.113730.3.1.241", "name", "cn", "urn:oid:2.5.4.3"}
	samlGivenAttrs = []string{"givenname", "firstname", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
		"urn:oid:2.5.4.42"}
	samlSurnameAttrs = []string{"sn", "surname", "lastname", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
		"urn:oid:2.5.4.4"}
)

// samlIdentity reads the person's e-mail address (the NameID when its
// format is emailAddress, else the usual attributes) and name from a
// verified assertion; the address is "" when there is none that is an
// address.
func samlIdentity(a *saml.Assertion) (email, name string) {
	attrs := map[string]string{}
	for _, st := range a.AttributeStatements {
		for _, at := range st.Attributes {
			v := ""
			for _, av := range at.Values {
				if v = strings.TrimSpace(av.Value); v != "" {
					break
				}
			}
			for _, k := range []string{at.Name, at.FriendlyName} {
				k = strings.ToLower(k)
				if _, seen := attrs[k]; k != "" && v != "" && !seen {
					attrs[k] = v
				}
			}
		}
	}
	first := func(keys []string) string {
		for _, k := range keys {
			if v := attrs[k]; v != "" {
				return v
			}
		}
		return ""
	}
	var candidates []string
	if a.Subject != nil && a.Subject.NameID != nil && a.Subject.NameID.Format == string(saml.EmailAddressNameIDFormat) {
		candidates = append(candidates, strings.TrimSpace(a.Subject.NameID.Value))
	}
	for _, c := range append(candidates, first(samlEmailAttrs)) {
		if addr, err := mail.ParseAddress(c); err == nil && addr.Address == c && len(c) <= 320 {
			email = c
			break
		}
	}
	name = first(samlNameAttrs)
	if name == "" {
		name = strings.TrimSpace(first(samlGivenAttrs) + " " + first(samlSurnameAttrs))
	}
	if len(name) > 200 {
		name = ""
	}
	return email, name
}

// next is where a browser lands once signed in: a path on this server (or
// an address at its public URL, as some identity providers send the
// RelayState), else "" for the default.
func (h *samlHandler) next(v string) string {
	if v == "" || len(v) > 2048 || strings.ContainsAny(v, "\\\x00\r\n\t") {
		return ""
	}
	if pub, err := url.Parse(h.base); err == nil && pub.Host != "" {
		origin := pub.Scheme + "://" + pub.Host
		if rest, ok := strings.CutPrefix(v, origin); ok && (rest == "" || rest[0] == '/' || rest[0] == '?') {
			v = "/" + strings.TrimPrefix(rest, "/")
		}
	}
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || !strings.HasPrefix(v, "/") || strings.HasPrefix(v, "//") {
		return ""
	}
	return v
}
