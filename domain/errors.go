package domain

import (
	"errors"
	"fmt"
)

// Code classifies a domain error. Each interface maps codes through one table:
// GraphQL puts the code in extensions.code, REST turns it into a status.
type Code string

const (
	CodeInvalid         Code = "INVALID"           // bad input: 400
	CodeUnauthenticated Code = "UNAUTHENTICATED"   // no or bad token: 401
	CodeForbidden       Code = "FORBIDDEN"         // known object, role too low: 403
	CodeNotFound        Code = "NOT_FOUND"         // unknown, or hidden from the caller: 404
	CodeConflict        Code = "CONFLICT"          // state forbids it: 409
	CodePrecondition    Code = "PRECONDITION"      // a precondition of the request failed: 412
	CodeTooLarge        Code = "PAYLOAD_TOO_LARGE" // body over the limit: 413
	CodeRateLimited     Code = "RATE_LIMITED"      // too many requests: 429
	CodeUnavailable     Code = "UNAVAILABLE"       // the database or file store cannot be reached: 503, retry
	CodeInternal        Code = "INTERNAL"          // anything else: 500, message hidden
)

// Error is the one domain error type. Message is safe to show to a client.
type Error struct {
	Code    Code
	Message string
	Err     error // the cause, for logs only
	// Data holds client-safe details of the error (the pages a revision
	// guard found changed, say): GraphQL puts them in extensions, REST in
	// the error object.
	Data map[string]any
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds a domain error with a client-safe message.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid reports a rule broken by one input field. The message starts
// with the field's name, and Data["field"] carries it alone (GraphQL:
// extensions.field), so that a form can show the message next to the
// field without parsing the text.
func Invalid(field, rule string, args ...any) *Error {
	return &Error{Code: CodeInvalid, Message: field + ": " + fmt.Sprintf(rule, args...), Data: map[string]any{"field": field}}
}

// NotFound is the answer for unknown ids and for ids the caller may not see,
// so the two are indistinguishable.
func NotFound(what string) *Error {
	return &Error{Code: CodeNotFound, Message: what + " not found"}
}

// ErrorCode returns the code of err, CodeInternal when it carries none.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}

// ErrorMessage returns the client-safe message of err.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}
