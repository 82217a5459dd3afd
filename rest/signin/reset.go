package signin

import (
	"net/http"
	"strings"

	"folio/domain"
	"folio/store"
)

// forgotPage asks for the address to send a reset link to.
func (h *handler) forgotPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, http.StatusOK, "forgot", &view{Page: h.cfg.MailEnabled})
}

// forgot queues a password-reset mail to the address (the mail worker
// sends a link when it has an account) and answers the same either way.
func (h *handler) forgot(w http.ResponseWriter, r *http.Request) {
	if !h.sameSite(w, r) {
		return
	}
	if !h.cfg.MailEnabled {
		h.render(w, http.StatusOK, "forgot", &view{Page: false})
		return
	}
	email := strings.TrimSpace(r.PostFormValue("email"))
	if !emailOK(email) {
		h.render(w, http.StatusUnprocessableEntity, "forgot", &view{Email: email, Page: true,
			Error: "Enter your e-mail address, such as ada@example.com."})
		return
	}
	h.mailOnce(r.Context(), "reset", store.Mail{Template: store.MailPasswordReset, To: email})
	h.render(w, http.StatusOK, "forgot-sent", &view{Email: email})
}

// resetPage is the form behind a password-reset link.
func (h *handler) resetPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	l, err := h.cfg.Store.PeekAuthLink(r.Context(), store.LinkPasswordReset, token)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, ForgotPasswordPath, "Ask for a new link")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, http.StatusOK, "reset", &view{Email: l.Email, Token: token})
}

// reset sets the new password: every session of the account ends (whoever
// knew the old password is out), and this browser starts a new one.
func (h *handler) reset(w http.ResponseWriter, r *http.Request) {
	if !h.sameSite(w, r) {
		return
	}
	ctx := r.Context()
	token := r.PostFormValue("token")
	l, err := h.cfg.Store.PeekAuthLink(ctx, store.LinkPasswordReset, token)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, ForgotPasswordPath, "Ask for a new link")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	v := &view{Email: l.Email, Token: token}
	hash, problem, err := newPassword(r.PostFormValue("password"), r.PostFormValue("confirm"), l.Email, "Folio")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if problem != "" {
		v.Error = problem
		h.render(w, http.StatusUnprocessableEntity, "reset", v)
		return
	}
	u, err := h.cfg.Store.ResetPassword(ctx, token, hash)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		h.linkInvalid(w, ForgotPasswordPath, "Ask for a new link")
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.startSession(w, r, u, AccountPath+"?notice=password")
}
