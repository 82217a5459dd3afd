package reader

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"maps"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"folio/domain"
	"folio/graph"
	"folio/internal/bufpool"
	"folio/rest/inprocess"
)

// The reader's data: its GraphQL operations (operations/*.graphql), how
// they run, and the shapes of their answers.

//go:embed operations/*.graphql
var operationFiles embed.FS

// operations are the reader's operations, by what they read.
type operations struct {
	host                                     *inprocess.Op            // a custom hostname's site
	site, sitePage, siteSearch, siteFile     *inprocess.Op            // a published site
	siteRedirect                             *inprocess.Op            // a path of a site that names no page
	space, spacePage, spaceSearch, spaceFile *inprocess.Op            // a published space
	app                                      map[string]*inprocess.Op // by the kind of object an app address names
}

// appOperations name the operation that looks up each kind of object an
// app address names.
var appOperations = map[string]string{
	"organization":          "ReaderAppOrganization",
	"site":                  "ReaderAppSite",
	"collection":            "ReaderAppCollection",
	"space":                 "ReaderAppSpace",
	"change request":        "ReaderAppChangeRequest",
	"revision":              "ReaderAppRevision",
	"page":                  "ReaderAppPage",
	"OpenAPI specification": "ReaderAppOpenAPI",
}

// loadOperations validates operations/*.graphql against schema and
// prepares every operation the reader runs.
func loadOperations(schema *ast.Schema, check func(string) string) (*operations, error) {
	set, err := inprocess.Load(schema, operationFiles, "operations/*.graphql", check)
	if err != nil {
		return nil, err
	}
	var ops operations
	for name, dst := range map[string]**inprocess.Op{
		"ReaderHost": &ops.host,
		"ReaderSite": &ops.site, "ReaderSitePage": &ops.sitePage, "ReaderSiteSearch": &ops.siteSearch, "ReaderSiteFile": &ops.siteFile,
		"ReaderSiteRedirect": &ops.siteRedirect,
		"ReaderSpace":        &ops.space, "ReaderSpacePage": &ops.spacePage, "ReaderSpaceSearch": &ops.spaceSearch, "ReaderSpaceFile": &ops.spaceFile,
	} {
		if *dst, err = set.Op(name); err != nil {
			return nil, err
		}
	}
	ops.app = map[string]*inprocess.Op{}
	for kind, name := range appOperations {
		if ops.app[kind], err = set.Op(name); err != nil {
			return nil, err
		}
	}
	return &ops, nil
}

// Error codes of the API (extensions.code) that the reader tells apart.
const (
	codeInvalid         = "INVALID"
	codeUnauthenticated = "UNAUTHENTICATED"
	codeForbidden       = "FORBIDDEN"
	codeNotFound        = "NOT_FOUND"
	codeUnavailable     = "UNAVAILABLE"
)

// opError is a GraphQL error with its code.
type opError struct {
	code string
	msg  string
}

func (e *opError) Error() string { return e.code + ": " + e.msg }

func toOpError(e *gqlerror.Error) error {
	code := codeInvalid
	if c, ok := e.Extensions["code"].(string); ok {
		code = c
	}
	return &opError{code: code, msg: e.Message}
}

// errCode is an operation error's code; "" for any other error.
func errCode(err error) string {
	var oe *opError
	if errors.As(err, &oe) {
		return oe.code
	}
	return ""
}

// unavailable reports whether an error from outside an operation (the
// file store's) says what it needed could not be reached.
func unavailable(err error) bool {
	derr := graph.DomainError(err)
	return derr != nil && derr.Code == domain.CodeUnavailable
}

// refused reports whether err says the reader may not have what it asked
// for (or that it is not there): answered as a missing page, not a failure.
func refused(err error) bool {
	switch errCode(err) {
	case codeNotFound, codeForbidden, codeUnauthenticated, codeInvalid:
		return true
	}
	return false
}

// run executes op as a reader without an account, whatever token the
// request carried: a page shows what any outsider sees.
func (rd *Reader) run(ctx context.Context, op *inprocess.Op, vars map[string]any, out any) error {
	return rd.runAs(graph.AsPublicReader(ctx), op, vars, out)
}

// runAs executes op as the caller in ctx. out receives the data, also
// when a field failed (a nullable field is then null); the error is the
// first of the operation's errors.
func (rd *Reader) runAs(ctx context.Context, op *inprocess.Op, vars map[string]any, out any) error {
	_, err := rd.runSizedAs(ctx, op, vars, out)
	return err
}

// runSized is run, with the size of the answer's data in bytes (what a
// cache of the decoded answer counts it as).
func (rd *Reader) runSized(ctx context.Context, op *inprocess.Op, vars map[string]any, out any) (int, error) {
	return rd.runSizedAs(graph.AsPublicReader(ctx), op, vars, out)
}

func (rd *Reader) runSizedAs(ctx context.Context, op *inprocess.Op, vars map[string]any, out any) (int, error) {
	resp := op.Run(ctx, rd.cfg.Exec, vars)
	defer bufpool.Put(resp.Data) // decoding copies what it keeps
	n := len(resp.Data)
	if n > 0 {
		if err := json.Unmarshal(resp.Data, out); err != nil {
			return n, err
		}
	}
	if len(resp.Errors) > 0 {
		return n, toOpError(resp.Errors[0])
	}
	return n, nil
}

// siteEntry is ReaderSite's answer: the site an address names, and the
// view its reader is admitted to (null when refused).
type siteEntry struct {
	// sites are the sites built from a cached view (viewcache.go), by
	// base and origin.
	sites sync.Map
	// first is the first of sites, found without a key.
	first atomic.Pointer[siteView]
	// position is the database position the view was read at (a cached
	// view's: store.ReadPosition), which its pages' reads must reach.
	position   uint64
	ID         string
	Visibility string
	Basename   *string
	View       *struct {
		Site struct {
			Title        string
			Visibility   string
			Organization string
		}
		Customizations         json.RawMessage
		UnsignedClaimsAccepted bool
		VisitorClaims          map[string]any
		OpenAPIDigest          string `json:"openAPIDigest"`
		Structure              struct {
			Type      string
			Structure []gqlItem
		}
		SiteSpaceContents []contentData
	}
}

type gqlItem struct {
	Typename   string `json:"__typename"`
	ID         string
	Title      string
	Path       string
	Default    *bool
	SiteSpaces []gqlSiteSpace
	Sections   []gqlItem
	Space      *gqlSpace
}

type gqlSiteSpace struct {
	ID      string
	Path    string
	Title   string
	Default *bool
	Space   gqlSpace
}

type gqlSpace struct {
	ID         string
	Emoji      string
	RevisionID string `json:"revisionId"`
}

// contentData is what the reader reads of published content.
type contentData struct {
	SiteSpaceID string `json:"siteSpaceId"`
	RevisionID  string `json:"revisionId"`
	Pages       []pageData
	Files       []struct{ ID string }
	Page        *struct {
		ID       string
		Markdown *string
	}
	Search *struct{ Items []searchHit }
	File   *fileData
	// OpenAPISpecs are the specifications the page's API reference blocks
	// refer to (openapi.go).
	OpenAPISpecs []specVersion `json:"openAPISpecs"`
	// OpenAPIDigest is the digest of the organization's specification
	// versions (a published space's; a site's comes with the view).
	OpenAPIDigest string `json:"openAPIDigest"`
}

// pageData is a page of a page tree, with its subpages.
type pageData struct {
	ID, Title, Type                string
	Emoji, Path, Href, Description *string
	Hidden, NoIndex, NoRobotsIndex *bool
	Pages                          []pageData
}

type searchHit struct {
	Title, Path string
	Sections    []struct{ ID, Title, Body string }
}

type fileData struct {
	Name, ContentType, Sha256 string
	UpdatedAt                 time.Time
}

// contentSource is how the content of a view's variants is read: the
// operations, and their variables (the site or space, and the reader's
// credentials).
type contentSource struct {
	page, search, file *inprocess.Op
	// redirect looks up a redirect for a path that names no page (sites
	// only; nil for a published space).
	redirect *inprocess.Op
	vars     map[string]any
	// bySiteSpace: a variant is a site space, passed as siteSpaceId (a
	// published space is its own only variant).
	bySiteSpace bool
}

// content reads a variant's content with op and the variables extra: nil
// when the reader no longer sees the variant.
func (rd *Reader) content(ctx context.Context, s *siteView, v *variantView, op *inprocess.Op, extra map[string]any) (*contentData, error) {
	src := s.content
	vars := maps.Clone(src.vars)
	maps.Copy(vars, extra)
	if src.bySiteSpace {
		vars["siteSpaceId"] = v.ID
	}
	var data struct {
		PublishedSiteByID *struct {
			View *struct{ SiteSpaceContent *contentData }
		}
		PublishedSpace *struct{ Content *contentData }
	}
	if err := rd.run(ctx, op, vars, &data); err != nil {
		return nil, err
	}
	switch {
	case data.PublishedSiteByID != nil && data.PublishedSiteByID.View != nil:
		return data.PublishedSiteByID.View.SiteSpaceContent, nil
	case data.PublishedSpace != nil:
		return data.PublishedSpace.Content, nil
	}
	return nil, nil
}
