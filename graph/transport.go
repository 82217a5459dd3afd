package graph

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/store/bufpool"
)

// post is gqlgen's POST transport (GraphQL over HTTP with a JSON body),
// answering the same statuses and media types, with one difference: the
// response is written as it is. gqlgen's transport passes the finished
// response through json.Marshal, which validates and copies again the data
// the executor has just written as JSON (a sixth of the CPU of a 2.8 MB
// site tree).
type post struct{ transport.POST }

func (p post) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	graphqlResponse := responseType(r) == graphqlResponseJSON
	w.Header().Set("Content-Type", responseType(r))
	start := graphql.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("could not read request body: %v", err)}))
		return
	}
	params := &graphql.RawParams{}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeResponse(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("json request body could not be decoded: %v", err)}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	oc, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		if errcode.GetErrorKind(errs) == errcode.KindProtocol {
			if graphqlResponse {
				w.WriteHeader(http.StatusBadRequest)
			} else {
				w.WriteHeader(http.StatusUnprocessableEntity)
			}
		}
		writeResponse(w, exec.DispatchError(graphql.WithOperationContext(ctx, oc), errs))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, oc)
	resp := responses(ctx)
	writeResponse(w, resp)
	bufpool.Put(resp.Data) // written: its memory can hold the next operation's data
}

const graphqlResponseJSON = "application/graphql-response+json"

// responseType negotiates the response's media type as gqlgen's POST
// does: the first of application/json and application/graphql-response+json
// the client accepts, application/json when it names neither or accepts
// anything.
func responseType(r *http.Request) string {
	accept := r.Header.Get("Accept")
	if accept == "" {
		return "application/json"
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", "application/json":
			return "application/json"
		case graphqlResponseJSON:
			return graphqlResponseJSON
		}
	}
	return graphqlResponseJSON
}

// writeResponse writes resp in the order json.Marshal would (errors, data,
// extensions), with the data as the executor wrote it. An incremental
// response part (label, path, hasNext) goes through json.Marshal.
func writeResponse(w io.Writer, resp *graphql.Response) {
	if resp.Label != "" || resp.Path != nil || resp.HasNext != nil {
		b, err := json.Marshal(resp)
		if err != nil {
			panic(err)
		}
		w.Write(b)
		return
	}
	// The data is written on its own: copying it next to the rest would
	// cost as much as the compaction this transport saves.
	head := []byte{'{'}
	if len(resp.Errors) > 0 {
		head = append(append(append(head, `"errors":`...), marshal(resp.Errors)...), ',')
	}
	head = append(head, `"data":`...)
	data := []byte(resp.Data)
	if len(data) == 0 {
		data = []byte("null")
	}
	tail := []byte{}
	if len(resp.Extensions) > 0 {
		tail = append(append(tail, `,"extensions":`...), marshal(resp.Extensions)...)
	}
	tail = append(tail, '}')
	if len(data) < 4096 {
		w.Write(append(append(head, data...), tail...))
		return
	}
	w.Write(head)
	w.Write(data)
	w.Write(tail)
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
