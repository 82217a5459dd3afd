package model

import "folio/store"

// SearchPageResult is a page matching a search, in a space seen by the caller.
type SearchPageResult struct {
	Hit      store.SearchHit
	SpaceApp string // the space's app URL
	Revision string // the space's current revision, where the ancestors are
}

func (p SearchPageResult) Rank() int { return p.Hit.Rank }

func (p SearchPageResult) ID() string          { return p.Hit.PageID }
func (p SearchPageResult) Title() string       { return p.Hit.Title }
func (p SearchPageResult) Description() string { return p.Hit.Description }
func (p SearchPageResult) Path() string        { return p.Hit.Path }
func (p SearchPageResult) Score() float64      { return p.Hit.Score() }

func (p SearchPageResult) Urls() SearchResultURLs {
	return SearchResultURLs{App: p.SpaceApp + "/page/" + p.Hit.PageID}
}

func (p SearchPageResult) Sections() []SearchSectionResult {
	out := make([]SearchSectionResult, len(p.Hit.Sections))
	for i, s := range p.Hit.Sections {
		out[i] = SearchSectionResult{Section: s, Page: p}
	}
	return out
}

// SearchSectionResult is a matching section of a page. The text before a
// page's first heading has no anchor and takes the page's title.
type SearchSectionResult struct {
	Section store.SearchSection
	Page    SearchPageResult
}

func (s SearchSectionResult) suffix() string {
	if s.Section.Anchor == "" {
		return ""
	}
	return "#" + s.Section.Anchor
}

func (s SearchSectionResult) ID() string     { return s.Page.Hit.PageID + s.suffix() }
func (s SearchSectionResult) Path() string   { return s.Page.Hit.Path + s.suffix() }
func (s SearchSectionResult) Body() string   { return s.Section.Body }
func (s SearchSectionResult) Score() float64 { return s.Section.Score }

func (s SearchSectionResult) Title() string {
	if s.Section.Title == "" {
		return s.Page.Hit.Title
	}
	return s.Section.Title
}

func (s SearchSectionResult) Urls() SearchResultURLs {
	return SearchResultURLs{App: s.Page.Urls().App + s.suffix()}
}

// SearchSpaceResult is the matching pages of one space.
type SearchSpaceResult struct {
	ID    string
	Title string
	Score float64
	Pages []SearchPageResult
}

func (SearchSpaceResult) Type() string { return "space" }
