// End-to-end flows through GitBook's official API client (@gitbook/api),
// unchanged, against a running Folio: one flow per area of the API, each
// asserting what came back. rest/gitbookclient_test.go installs the client
// and runs this script with:
//
//   NODE_PATH     the node_modules directory holding @gitbook/api
//   FOLIO_API     the server's API root, ending in /v1
//   FOLIO_TOKEN   an API token of the first user (who creates everything)
//   FOLIO_TOKEN2  an API token of a second user
//   FOLIO_USER2   the second user's id
//
// Every step prints "ok <area>: <what>"; the first failure prints
// "FAIL <area>: <what>: <why>" and exits 1.

import { createRequire } from 'node:module';
import assert from 'node:assert/strict';

const env = (name) => {
    const v = process.env[name];
    if (!v) {
        console.error(`FAIL setup: ${name} is not set`);
        process.exit(2);
    }
    return v;
};
const NODE_PATH = env('NODE_PATH');
const API = env('FOLIO_API');
const TOKEN = env('FOLIO_TOKEN');
const TOKEN2 = env('FOLIO_TOKEN2');
const USER2 = env('FOLIO_USER2');

// ES modules ignore NODE_PATH: resolve the package from it explicitly. Its
// package.json exports a CommonJS build ("require": "./dist/index.cjs").
const require = createRequire(NODE_PATH.replace(/\/?$/, '/'));
const { GitBookAPI, GitBookAPIError } = require('@gitbook/api');

// The client appends /v1 to its endpoint itself.
if (!API.endsWith('/v1')) {
    console.error(`FAIL setup: FOLIO_API must end in /v1: ${API}`);
    process.exit(2);
}
const endpoint = API.slice(0, -'/v1'.length);
const api = new GitBookAPI({ authToken: TOKEN, endpoint });
const api2 = new GitBookAPI({ authToken: TOKEN2, endpoint });

function why(err) {
    if (err instanceof GitBookAPIError) {
        return `${err.code} from ${err.response?.url}: ${err.errorMessage}`;
    }
    return err?.stack || String(err);
}

async function step(area, what, fn) {
    try {
        await fn();
    } catch (err) {
        console.error(`FAIL ${area}: ${what}: ${why(err)}`);
        process.exit(1);
    }
    console.log(`ok ${area}: ${what}`);
}

function find(items, pred, what) {
    const found = items.find(pred);
    assert.ok(found, `${what} not found in ${JSON.stringify(items)}`);
    return found;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- organizations
let org;
await step('organizations', 'create, list, get, update', async () => {
    const { data: created } = await api.orgs.createOrganization({ title: 'Client Co' });
    assert.equal(created.object, 'organization');
    assert.equal(created.title, 'Client Co');
    assert.equal(created.permissions.admin, true);
    org = created.id;

    const { data: list } = await api.orgs.listOrganizationsForAuthenticatedUser();
    find(list.items, (o) => o.id === org, 'the new organization');
    assert.equal(typeof list.count, 'number');

    const { data: got } = await api.orgs.getOrganizationById(org);
    assert.equal(got.id, org);
    assert.equal(got.title, 'Client Co');

    const { data: updated } = await api.orgs.updateOrganizationById(org, { title: 'Client Company', defaultRole: 'read' });
    assert.equal(updated.title, 'Client Company');
    assert.equal(updated.defaultRole, 'read');
    const { data: reread } = await api.orgs.getOrganizationById(org);
    assert.equal(reread.title, 'Client Company');
});

// ---- invites and members
await step('members', 'link invite, join as the second user', async () => {
    const { data: invite } = await api.orgs.createOrganizationInvite(org, { role: 'edit' });
    assert.equal(invite.object, 'invite');
    assert.equal(invite.role, 'edit');
    const { data: joined } = await api2.orgs.joinOrganizationWithInvite(org, invite.id);
    assert.deepEqual(joined, {});
    const { data: seen } = await api2.orgs.getOrganizationById(org);
    assert.equal(seen.id, org);
});
await step('members', 'list, get, update role', async () => {
    const { data: members } = await api.orgs.listMembersInOrganizationById(org);
    assert.equal(members.items.length, 2);
    const m = find(members.items, (m) => m.user.id === USER2, 'the second user');
    assert.equal(m.object, 'member');
    assert.equal(m.role, 'edit');

    const { data: one } = await api.orgs.getMemberInOrganizationById(org, USER2);
    assert.equal(one.user.id, USER2);
    assert.equal(one.role, 'edit');

    const { data: updated } = await api.orgs.updateMemberInOrganizationById(org, USER2, { role: 'create' });
    assert.equal(updated.role, 'create');
    const { data: reread } = await api.orgs.getMemberInOrganizationById(org, USER2);
    assert.equal(reread.role, 'create');
});

// ---- teams
await step('teams', 'create, add member, list members', async () => {
    const { data: team } = await api.orgs.createOrganizationTeam(org, { title: 'Writers' });
    assert.equal(team.object, 'team');
    assert.equal(team.title, 'Writers');
    assert.equal(team.members, 0);

    const res = await api.orgs.addMemberToOrganizationTeamById(org, team.id, USER2, { role: 'member' });
    assert.equal(res.status, 204);

    const { data: members } = await api.orgs.listTeamMembersInOrganizationById(org, team.id);
    assert.equal(members.items.length, 1);
    assert.equal(members.items[0].organization.user.id, USER2);
    assert.equal(members.items[0].team.role, 'member');
    const { data: reread } = await api.orgs.getTeamInOrganizationById(org, team.id);
    assert.equal(reread.members, 1);
});

// ---- spaces and collections
let collection, space, copy;
await step('spaces', 'create collection, create space in it', async () => {
    const { data: col } = await api.orgs.createCollection(org, { title: 'Handbooks' });
    assert.equal(col.object, 'collection');
    assert.equal(col.title, 'Handbooks');
    assert.equal(col.organization, org);
    collection = col.id;

    const { data: sp } = await api.orgs.createSpace(org, { title: 'Guide', parent: collection });
    assert.equal(sp.object, 'space');
    assert.equal(sp.title, 'Guide');
    assert.equal(sp.parent, collection);
    assert.equal(sp.organization, org);
    space = sp.id;
});
await step('spaces', 'get, update, list collection spaces', async () => {
    const { data: got } = await api.spaces.getSpaceById(space);
    assert.equal(got.id, space);
    assert.equal(got.title, 'Guide');

    const { data: updated } = await api.spaces.updateSpaceById(space, { title: 'User Guide', emoji: '📘' });
    assert.equal(updated.title, 'User Guide');
    assert.equal(updated.emoji, '📘');

    const { data: list } = await api.collections.listSpacesInCollectionById(collection);
    const listed = find(list.items, (s) => s.id === space, 'the space in its collection');
    assert.equal(listed.title, 'User Guide');
});
await step('spaces', 'move to the root, duplicate', async () => {
    const { data: moved } = await api.spaces.moveSpace(space, { parent: null });
    assert.equal(moved.id, space);
    assert.equal(moved.parent, undefined);
    const { data: list } = await api.collections.listSpacesInCollectionById(collection);
    assert.equal(list.items.filter((s) => s.id === space).length, 0);

    const { data: dup } = await api.spaces.duplicateSpace(space);
    assert.equal(dup.object, 'space');
    assert.notEqual(dup.id, space);
    assert.equal(dup.organization, org);
    copy = dup.id;
    const { data: reread } = await api.spaces.getSpaceById(copy);
    assert.equal(reread.id, copy);
});

// ---- content and change requests
const installMD = '# Install\n\nStart the zeppelin engine before the first flight.\n';
let pages = {};
await step('content', 'create change request, write markdown, merge', async () => {
    const { data: cr } = await api.spaces.createChangeRequest(space, { subject: 'First pages' });
    assert.equal(cr.object, 'change-request');
    assert.equal(cr.subject, 'First pages');
    assert.equal(cr.status, 'draft');

    const { data: out } = await api.spaces.updateChangeRequestContent(space, cr.id, {
        changes: [
            { operation: 'insert_page', ref: 'gs', document: { markdown: '# Getting started\n\nWelcome aboard.\n' } },
            { operation: 'insert_page', ref: 'install', into: 'gs', document: { markdown: installMD } },
        ],
    });
    for (const ch of out.changes) {
        if (ch.ref) pages[ch.ref] = ch.page.id;
    }
    assert.ok(pages.gs && pages.install, `created pages: ${JSON.stringify(out.changes)}`);

    const { data: crPages } = await api.spaces.listPagesInChangeRequest(space, cr.id);
    assert.equal(crPages.pages[0].title, 'Getting started');

    const { data: merged } = await api.spaces.mergeChangeRequest(space, cr.id);
    assert.equal(merged.result, 'merge');
    const { data: sp } = await api.spaces.getSpaceById(space);
    assert.equal(sp.revision, merged.revision);
});
await step('content', 'list pages', async () => {
    const { data } = await api.spaces.listPages(space);
    assert.equal(data.pages.length, 1);
    const gs = data.pages[0];
    assert.equal(gs.id, pages.gs);
    assert.equal(gs.title, 'Getting started');
    assert.equal(gs.path, 'getting-started');
    assert.equal(gs.pages.length, 1);
    assert.equal(gs.pages[0].id, pages.install);
    assert.equal(gs.pages[0].path, 'getting-started/install');
});
await step('content', 'get page by id as markdown and as a document', async () => {
    const { data: md } = await api.spaces.getPageById(space, pages.install, { format: 'markdown' });
    assert.equal(md.id, pages.install);
    assert.equal(md.title, 'Install');
    assert.equal(md.markdown, installMD);
    assert.equal(md.document, undefined);

    const { data: doc } = await api.spaces.getPageById(space, pages.install);
    assert.equal(doc.id, pages.install);
    assert.equal(doc.markdown, undefined);
    assert.ok(doc.document, `no document: ${JSON.stringify(doc)}`);
    assert.equal(doc.document.object, 'document');
    assert.ok(Array.isArray(doc.document.nodes) && doc.document.nodes.length > 0,
        `document nodes: ${JSON.stringify(doc.document)}`);
});
await step('content', 'get page by path', async () => {
    const { data } = await api.spaces.getPageByPath(space, 'getting-started/install', { format: 'markdown' });
    assert.equal(data.id, pages.install);
    assert.equal(data.markdown, installMD);
});

// ---- search
await step('search', 'space search', async () => {
    const { data } = await api.spaces.searchSpaceContent(space, { query: 'zeppelin' });
    assert.ok(data.items.length >= 1, `no results: ${JSON.stringify(data)}`);
    const hit = find(data.items, (p) => p.id === pages.install, 'the install page');
    assert.equal(hit.title, 'Install');
    assert.equal(hit.rank, data.items.indexOf(hit) + 1);
    assert.ok(Array.isArray(hit.ancestors), `ancestors: ${JSON.stringify(hit)}`);
    assert.deepEqual(hit.ancestors.map((a) => a.title), ['Getting started']);
});
await step('search', 'organization search', async () => {
    const { data } = await api.orgs.searchOrganizationContent(org, { query: 'zeppelin' });
    const sp = find(data.items, (s) => s.id === space, 'the space');
    assert.equal(sp.type, 'space');
    const hit = find(sp.pages, (p) => p.id === pages.install, 'the install page');
    assert.ok(Number.isInteger(hit.rank) && hit.rank >= 1, `rank: ${JSON.stringify(hit)}`);
    assert.ok(Array.isArray(hit.ancestors), `ancestors: ${JSON.stringify(hit)}`);
    assert.deepEqual(hit.ancestors.map((a) => a.title), ['Getting started']);
});

// ---- sites
let site, section, group;
await step('sites', 'create, add section and site space', async () => {
    const { data: created } = await api.orgs.createSite(org, { title: 'Docs', visibility: 'share-link' });
    assert.equal(created.object, 'site');
    assert.equal(created.title, 'Docs');
    assert.equal(created.published, false);
    site = created.id;

    const { data: sec } = await api.orgs.addSectionToSite(org, site, { spaceId: space, title: 'Guide' });
    assert.equal(sec.object, 'site-section');
    assert.equal(sec.title, 'Guide');
    assert.equal(sec.siteSpaces[0].space.id, space);
    section = sec.id;

    const { data: ss } = await api.orgs.addSpaceToSite(org, site, { spaceId: copy, sectionId: section });
    assert.equal(ss.object, 'site-space');
    assert.equal(ss.space.id, copy);
    assert.equal(ss.section, section);

    const { data: grp } = await api.orgs.addSectionGroupToSite(org, site, { title: 'Manuals', sections: [section] });
    assert.equal(grp.object, 'site-section-group');
    assert.deepEqual(grp.sections.map((s) => s.id), [section]);
    group = grp.id;
});
await step('sites', 'publish, get published site', async () => {
    const { data: pub } = await api.orgs.publishSite(org, site);
    assert.equal(pub.id, site);
    assert.equal(pub.published, true);

    const { data: view } = await api.orgs.getPublishedContentSite(org, site);
    assert.equal(view.object, 'published-content-site');
    assert.equal(view.site.id, site);
    assert.equal(view.site.published, true);
    assert.equal(view.structure.type, 'sections');
    assert.equal(view.structure.structure.length, 1);
    const g = view.structure.structure[0];
    assert.equal(g.object, 'site-section-group');
    assert.equal(g.id, group);
    assert.equal(g.sections[0].id, section);
    assert.deepEqual(g.sections[0].siteSpaces.map((s) => s.space.id).sort(), [space, copy].sort());
});
await step('sites', 'list sections and section groups', async () => {
    const { data: sections } = await api.orgs.listSiteSections(org, site);
    assert.equal(sections.items.length, 1);
    assert.equal(sections.items[0].id, section);
    assert.equal(sections.items[0].sectionGroup, group);
    assert.equal(sections.items[0].siteSpaces.length, 2);

    const { data: groups } = await api.orgs.listSiteSectionGroups(org, site);
    assert.equal(groups.items.length, 1);
    assert.equal(groups.items[0].id, group);
    assert.equal(groups.items[0].title, 'Manuals');
    assert.deepEqual(groups.items[0].sections.map((s) => s.id), [section]);
});
await step('sites', 'create share link', async () => {
    const { data: link } = await api.orgs.createSiteShareLink(org, site, { name: 'Partners' });
    assert.equal(link.object, 'share-link');
    assert.equal(link.name, 'Partners');
    assert.ok(link.urls.published.includes('share='), `urls: ${JSON.stringify(link.urls)}`);
    const { data: links } = await api.orgs.listSiteShareLinks(org, site);
    find(links.items, (l) => l.id === link.id, 'the share link');
});

// ---- comments
let comment;
await step('comments', 'post on a page, reply as the second user', async () => {
    const { data: c } = await api.spaces.postCommentInSpace(space, {
        page: pages.install,
        body: { markdown: 'Is **zeppelin** the right word?' },
    });
    assert.equal(c.object, 'comment');
    assert.equal(c.body.markdown, 'Is **zeppelin** the right word?');
    assert.equal(c.target.page.id, pages.install);
    assert.equal(c.replies, 0);
    comment = c.id;

    const { data: r } = await api2.spaces.postCommentReplyInSpace(space, comment, { body: { markdown: 'Yes, it is.' } });
    assert.equal(r.object, 'comment-reply');
    assert.equal(r.postedBy.id, USER2);
    assert.equal(r.body.markdown, 'Yes, it is.');
});
await step('comments', 'list, get as a document', async () => {
    const { data: list } = await api.spaces.listCommentsInSpace(space);
    const c = find(list.items, (c) => c.id === comment, 'the comment');
    assert.equal(c.replies, 1);

    const { data: replies } = await api.spaces.listCommentRepliesInSpace(space, comment);
    assert.equal(replies.items.length, 1);

    const { data: doc } = await api.spaces.getCommentInSpace(space, comment, { format: 'document' });
    assert.equal(doc.id, comment);
    assert.ok(doc.body.document, `no body.document: ${JSON.stringify(doc.body)}`);
    assert.equal(doc.body.document.object, 'document');
});

// ---- OpenAPI specifications
const petstore = `openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: The pets
`;
await step('openapi', 'create from text, list, list versions', async () => {
    const { data: spec } = await api.orgs.createOpenApiSpec(org, { slug: 'petstore', source: { text: petstore } });
    assert.equal(spec.object, 'openapi-spec');
    assert.equal(spec.slug, 'petstore');

    // Processing is asynchronous: wait for it (the deadline only stops a hang).
    let done;
    for (const deadline = Date.now() + 60_000; ; await sleep(50)) {
        const { data } = await api.orgs.getOpenApiSpecBySlug(org, 'petstore');
        if (data.processingState === 'complete') {
            done = data;
            break;
        }
        assert.ok(Date.now() < deadline, `never processed: ${JSON.stringify(data)}`);
    }
    assert.ok(done.lastVersion, `no lastVersion: ${JSON.stringify(done)}`);

    const { data: list } = await api.orgs.listOpenApiSpecs(org);
    find(list.items, (s) => s.slug === 'petstore', 'the spec');

    const { data: versions } = await api.orgs.listOpenApiSpecVersions(org, 'petstore');
    assert.equal(versions.items.length, 1);
    assert.equal(versions.items[0].id, done.lastVersion);
    const { data: latest } = await api.orgs.getLatestOpenApiSpecVersion(org, 'petstore');
    assert.equal(latest.id, done.lastVersion);
});

// ---- SAML
await step('saml', 'create with a label, list', async () => {
    const { data: p } = await api.orgs.createOrganizationSamlProvider(org, { label: 'Okta' });
    assert.equal(p.object, 'saml-provider');
    assert.equal(p.label, 'Okta');
    const { data: list } = await api.orgs.listSamlProvidersInOrganizationById(org);
    assert.equal(list.items.length, 1);
    assert.equal(list.items[0].id, p.id);
});

console.log('all flows passed');
