// Package queries holds the GraphQL documents of make bench's site-tree
// workloads, so the Go benchmarks beside the code (rest's BenchmarkSiteTree)
// measure the very same operations.
package queries

// SiteTree is the frontend's main query: an organization's sites with
// their section groups, sections and site spaces, each site space's space
// and that space's page tree, three levels deep.
const SiteTree = siteTreeHead + `
        revision { id pages { id title path emoji pages { id title path pages { id title path } } } }` + siteTreeTail

// SiteTreeToSpace is SiteTree down to the space, without page trees: the
// tree PostGraphile can answer too (its page trees are not rows).
const SiteTreeToSpace = siteTreeHead + siteTreeTail

// siteTreeHead and siteTreeTail are the site tree around what each
// workload asks of a site space's space.
const (
	siteTreeHead = `query($id: ID!) { organization(id: $id) {
  sites(limit: 20) { items {
    id title published visibility urls { published }
    sectionGroups(limit: 20) { items { id title sections { id } } }
    sections(limit: 20) { items {
      id title path default sectionGroup
      siteSpaces { id path default space { id title emoji`
	siteTreeTail = ` } }
    } }
  } }
} }`
)

// The 1,000-space list and the read by id of make bench's peer comparison
// and of the direct baseline (bench/baseline): 15 columns of a space.
const (
	SpaceFields = `id title emoji visibility createdAt updatedAt deletedAt editMode organization parent revisionId defaultLevel comments changeRequests changeRequestsOpen`
	SpaceList   = `query($id: ID!) { organization(id: $id) { spaces(limit: 1000) { items { ` + SpaceFields + ` } } } }`
	SpaceRead   = `query($id: ID!) { space(id: $id) { ` + SpaceFields + ` } }`
)
