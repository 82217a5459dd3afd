package sso

import (
	"embed"
	"log/slog"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"folio/domain"
	"folio/internal/logs"
	"folio/rest/pages"
	"folio/store"
)

//go:embed saml_page.html
var samlFiles embed.FS

var samlTemplate = pages.Parse(samlFiles, "saml_page.html")

// samlPage is what a refused sign-in shows the person.
type samlPage struct {
	Title, Message string
	// Retry offers to start again (at the provider's start URL).
	Retry bool
}

// samlView is the page's data: Retry is the start URL to offer, if any.
type samlView struct{ Title, Message, Retry string }

// The pages of the refusals that need no detail.
var (
	samlNotFound  = samlPage{Title: "Not found", Message: "There is no such sign-in provider. Check the address, or ask an admin of your organization for its sign-in link."}
	samlMalformed = samlPage{Title: "Sign-in refused", Message: "The identity provider's answer could not be read as a SAML 2.0 response (HTTP-POST binding)."}
	samlNoEmail   = samlPage{Title: "Sign-in refused", Message: "The identity provider did not say who you are: it must send your e-mail address as the NameID (format emailAddress) or in an email attribute."}

	samlUnknownRequest = samlPage{Title: "Sign-in refused", Retry: true,
		Message: "This response answers no sign-in started here with this provider: the sign-in was started elsewhere, was used already, or took too long. Start again."}
	samlUnsolicited = samlPage{Title: "Sign-in refused", Retry: true,
		Message: "This provider accepts only sign-ins started here, not from the identity provider's portal. Start again from here."}
)

func samlNotReady(err error) samlPage {
	return samlPage{Title: "Sign-in unavailable", Message: samlSentence(err.Error())}
}

// samlSentence makes a message a sentence: capitalized, with a full stop.
func samlSentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// samlRefuse answers a refused sign-in with page and status, and logs why
// at warn (reason is for the log only).
func samlRefuse(w http.ResponseWriter, r *http.Request, p *store.SAMLProvider, status int, reason string, page samlPage) {
	ctx := r.Context()
	if len(reason) > 500 { // it may quote what the request carried
		reason = reason[:500] + "..."
	}
	attrs := []slog.Attr{slog.String("reason", reason), slog.Int("status", status),
		slog.String("organization_id", r.PathValue("orgId")), slog.String("provider_id", r.PathValue("providerId"))}
	logs.From(ctx).LogAttrs(ctx, slog.LevelWarn, "SAML sign-in refused", attrs...)
	view := samlView{Title: page.Title, Message: page.Message}
	if page.Retry && p != nil {
		view.Retry = SAMLPath + p.OrganizationID + "/" + p.ID + "/start"
	}
	pages.Write(w, status, samlTemplate, view)
}

// samlRefuseErr is samlRefuse for an error of the store: a database
// failure is a 500, anything else the refusal's page.
func samlRefuseErr(w http.ResponseWriter, r *http.Request, p *store.SAMLProvider, reason string, err error, page samlPage) {
	if err != nil && domain.ErrorCode(err) == domain.CodeInternal {
		samlFail(w, r, reason, err)
		return
	}
	samlRefuse(w, r, p, http.StatusForbidden, reason, page)
}

// samlFail answers 500 for what is not the person's doing, logged at error.
func samlFail(w http.ResponseWriter, r *http.Request, what string, err error) {
	ctx := r.Context()
	logs.From(ctx).LogAttrs(ctx, slog.LevelError, "SAML sign-in failed", slog.String("step", what), slog.String("error", err.Error()))
	pages.Write(w, http.StatusInternalServerError, samlTemplate,
		samlView{Title: "Sign-in failed", Message: "Something went wrong on this server. Try again in a moment."})
}
