// Package staticpage is the physical limit a page view of the reader is
// measured against: the same page's bytes, with the headers Folio sent,
// served from a file by Go's http.FileServer. make bench runs it as a
// server of its own (bench/cmd/bench/static.go) and rest's reader-stack
// benchmark in-process; both use this one handler, so the two compare
// Folio with the same thing.
package staticpage

import "net/http"

// Headers are the headers of Folio's answer that a file server sends too:
// all but those every server writes itself and the suite's statement
// count.
func Headers(h http.Header) http.Header {
	out := http.Header{}
	for k, v := range h {
		switch k {
		case "Date", "Content-Length", "X-Folio-Statements", "Last-Modified", "Accept-Ranges":
			continue
		}
		out[k] = v
	}
	return out
}

// Handler serves the files of dir with the headers h (as Headers gives
// them), then what http.FileServer writes itself.
func Handler(dir string, h http.Header) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for k, v := range h {
			w.Header()[k] = v
		}
		files.ServeHTTP(w, r)
	})
}
