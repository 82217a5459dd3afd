package signin

import (
	"net/http"
	"strings"

	"folio/store"
)

// ssoChoice is a SAML provider to sign in through, or an organization
// that asks for one and has none ready (Start "").
type ssoChoice struct {
	Organization, Label, Start string
}

// choices turns the store's list into links to the providers' start URLs
// (served by the SAML sign-in).
func choices(ls []store.SSOLogin) []ssoChoice {
	out := make([]ssoChoice, 0, len(ls))
	for _, l := range ls {
		c := ssoChoice{Organization: l.OrganizationTitle, Label: l.ProviderLabel}
		if l.ProviderID != "" {
			c.Start = "/sso/saml/" + l.OrganizationID + "/" + l.ProviderID + "/start"
		}
		out = append(out, c)
	}
	return out
}

// ssoPage is the single sign-on page: the choice for a work address, or
// (Required) the refusal of a password sign-in to a member of an
// organization that signs its members in through its provider only.
type ssoPage struct {
	Required bool
	// Asked says an address was given; Domain is its domain.
	Asked  bool
	Domain string
}

// ssoPage asks for a work address and lists the SAML providers of the
// organizations that claim its domain, and the OpenID Connect provider.
// It looks up domains, never accounts.
func (h *handler) ssoPage(w http.ResponseWriter, r *http.Request) {
	email := strings.TrimSpace(r.URL.Query().Get("email"))
	v := &view{Email: email, Page: ssoPage{}}
	if email == "" {
		h.render(w, http.StatusOK, "sso", v)
		return
	}
	if !emailOK(email) {
		v.Error = "Enter an e-mail address, such as ada@example.com."
		h.render(w, http.StatusUnprocessableEntity, "sso", v)
		return
	}
	dom := strings.ToLower(email[strings.LastIndexByte(email, '@')+1:])
	ls, err := h.cfg.Store.SSOForEmailDomain(r.Context(), dom)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	v.SSO = choices(ls)
	v.Page = ssoPage{Asked: true, Domain: dom}
	h.render(w, http.StatusOK, "sso", v)
}
