package rest

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/graph"
)

// statusOf maps error codes (domain codes and gqlgen's own) to HTTP statuses.
var statusOf = map[string]int{
	string(domain.CodeInvalid):         http.StatusBadRequest,
	"GRAPHQL_VALIDATION_FAILED":        http.StatusBadRequest,
	"GRAPHQL_PARSE_FAILED":             http.StatusBadRequest,
	graph.CodeTooComplex:               http.StatusBadRequest,
	graph.CodeTooDeep:                  http.StatusBadRequest,
	graph.CodeTooManyAliases:           http.StatusBadRequest,
	graph.CodeResultTooLarge:           http.StatusBadRequest,
	string(domain.CodeUnauthenticated): http.StatusUnauthorized,
	string(domain.CodeForbidden):       http.StatusForbidden,
	string(domain.CodeNotFound):        http.StatusNotFound,
	string(domain.CodeConflict):        http.StatusConflict,
	string(domain.CodePrecondition):    http.StatusPreconditionFailed,
	string(domain.CodeTooLarge):        http.StatusRequestEntityTooLarge,
	string(domain.CodeRateLimited):     http.StatusTooManyRequests,
	string(domain.CodeUnavailable):     http.StatusServiceUnavailable,
}

// writeError writes the GitBook error body: {"error": {"code", "message"}}.
// A 503 says when to retry (Retry-After).
func writeError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", graph.RetryAfterSeconds)
	}
	w.WriteHeader(status)
	body, _ := json.Marshal(map[string]any{"error": map[string]any{"code": status, "message": message}})
	w.Write(body)
}

// writeDomainError writes a domain error with its status: an error without
// a code is UNAVAILABLE (503) when the database or file store could not be
// reached (graph.DomainError), else internal (500).
func writeDomainError(w http.ResponseWriter, err error) {
	derr := graph.DomainError(err)
	if derr == nil {
		writeError(w, http.StatusInternalServerError, "internal error")
		return
	}
	status, ok := statusOf[string(derr.Code)]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeError(w, status, derr.Message)
}

// unavailable reports whether err is UNAVAILABLE: the database or the file
// store could not be reached.
func unavailable(err error) bool {
	derr := graph.DomainError(err)
	return derr != nil && derr.Code == domain.CodeUnavailable
}

// writeGraphQLError writes the first error of an operation as a REST error.
// Variable coercion errors name the offending input field.
func writeGraphQLError(w http.ResponseWriter, e *gqlerror.Error) {
	code, _ := e.Extensions["code"].(string)
	status, ok := statusOf[code]
	if !ok {
		status = http.StatusInternalServerError
	}
	msg := e.Message
	if status == http.StatusInternalServerError {
		msg = "internal error"
	}
	if len(e.Path) > 0 && code == "GRAPHQL_VALIDATION_FAILED" {
		if name, isName := e.Path[len(e.Path)-1].(ast.PathName); isName && string(name) != "input" {
			msg = string(name) + ": " + msg
		}
	}
	if secs, ok := e.Extensions["retryAfter"].(int); ok && status == http.StatusTooManyRequests {
		// A limit of the operation's own (password guesses, say) says when
		// to come back, as the request rate limit does.
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	if status == http.StatusPreconditionFailed {
		// The details of a failed guard (the current revision, the pages
		// changed since) go in the error object beside code and message.
		detail := map[string]any{"code": status, "message": msg}
		for k, v := range e.Extensions {
			if k != "code" {
				detail[k] = v
			}
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		body, _ := json.Marshal(map[string]any{"error": detail})
		w.Write(body)
		return
	}
	writeError(w, status, msg)
}
