// One site, to publish: its title and visibility, its spaces, sections and
// section groups, share links and visitor key; publish, unpublish, open.
import {
  AddSectionToGroup,
  AddSiteSection,
  AddSiteSectionGroup,
  AddSiteSpace,
  CreateShareLink,
  DeleteShareLink,
  DeleteSite,
  DeleteSiteSection,
  DeleteSiteSectionGroup,
  DeleteSiteSpace,
  PublishSite,
  RemoveSectionFromGroup,
  SetSiteVisitorKey,
  SitePublishScreen as SiteOp,
  UnpublishSite,
  UpdateShareLink,
  UpdateSite,
  UpdateSiteCustomization,
  type SitePublishScreenResult,
} from "../../gen/operations";
import { ApiForm, Field, SelectField, TextField, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { navigate } from "../../lib/router";
import { managePaths, when } from "../admin/manage";

export const visibilities: ReadonlyArray<readonly [string, string]> = [
  ["public", "Public: anyone, indexed by search engines"],
  ["unlisted", "Unlisted: anyone with the address"],
  ["share-link", "Share links: holders of a link"],
  ["visitor-auth", "Visitor authentication: holders of a signed token"],
];

type Data = SitePublishScreenResult["organization"];
type Site = Data["site"];
type Spaces = Data["spaces"]["items"];

export function SitePublishScreen({ org, site }: { org: string; site: string }) {
  const q = useQuery(SiteOp, { org, site });
  return (
    <Loaded q={q}>
      {(d) => <SiteBody org={org} s={d.organization.site} spaces={d.organization.spaces.items} reload={q.reload} />}
    </Loaded>
  );
}

function spaceOptions(spaces: Spaces): Array<readonly [string, string]> {
  return [["", "Choose a space"], ...spaces.map((s) => [s.id, s.title || "Untitled space"] as const)];
}

function SiteBody({ org, s, spaces, reload }: { org: string; s: Site; spaces: Spaces; reload: () => Promise<void> }) {
  const action = useAction();
  const vars = { org, site: s.id };
  const settings = useForm({
    id: "site-settings",
    initial: { title: s.title, visibility: s.visibility },
    submit: async (v) => {
      await run(UpdateSite, { ...vars, input: { title: v.title, visibility: v.visibility } });
      await reload();
      return "Saved.";
    },
  });
  const rootSpaces = s.siteSpaceList.items.filter((x) => !x.section);
  return (
    <>
      <h1>{s.title}</h1>
      <p class="lead">
        <span class="badge" data-testid="site-state">
          {s.published ? "Published" : "Not published"}
        </span>{" "}
        {s.published && s.urls.published && (
          <a href={s.urls.published} data-testid="open-site">
            Open the published site
          </a>
        )}
      </p>
      <ErrorNotice error={action.error} />
      <p class="actions">
        {s.published ? (
          <button type="button" disabled={action.busy} onClick={() => action.run(async () => (await run(UnpublishSite, vars), reload()))}>
            Unpublish
          </button>
        ) : (
          <button type="button" class="primary" disabled={action.busy} onClick={() => action.run(async () => (await run(PublishSite, vars), reload()))}>
            Publish
          </button>
        )}
        <a href={s.urls.preview}>Preview</a>
      </p>

      <section aria-labelledby="settings-h">
        <h2 id="settings-h">Settings</h2>
        <ApiForm form={settings} submit="Save settings" label="Site settings">
          <Field form={settings} name="title" label="Title" hint="2 to 128 characters." />
          <SelectField form={settings} name="visibility" label="Who reads it" options={visibilities} />
        </ApiForm>
      </section>

      <section aria-labelledby="spaces-h">
        <h2 id="spaces-h">Spaces</h2>
        {s.sections.items.length > 0 ? (
          <p class="muted">The site has sections: add spaces to a section below.</p>
        ) : (
          <>
            <SiteSpaceRows org={org} site={s.id} items={rootSpaces} reload={reload} />
            <AddSpaceForm org={org} site={s.id} spaces={spaces} reload={reload} />
          </>
        )}
      </section>

      {s.permissions.admin && <Customization org={org} s={s} reload={reload} />}
      <Sections org={org} s={s} spaces={spaces} reload={reload} />
      <Groups org={org} s={s} reload={reload} />
      {(s.visibility === "share-link" || s.shareLinks.items.length > 0) && <ShareLinks org={org} s={s} reload={reload} />}
      {(s.visibility === "visitor-auth" || s.visitorKey) && s.permissions.admin && <VisitorKey org={org} s={s} reload={reload} />}

      <section aria-labelledby="danger-h">
        <h2 id="danger-h">Delete</h2>
        <button
          type="button"
          class="danger"
          disabled={action.busy}
          onClick={() =>
            action.run(async () => {
              await run(DeleteSite, vars);
              navigate(managePaths.sites(org));
            })
          }
        >
          Delete the site {s.title}
        </button>
      </section>
    </>
  );
}

function SiteSpaceRows({ org, site, items, reload }: { org: string; site: string; items: ReadonlyArray<{ id: string; title: string; path: string; space: { title: string } }>; reload: () => Promise<void> }) {
  const action = useAction();
  return (
    <>
      <ErrorNotice error={action.error} />
      <ul class="rows">
        {items.map((x) => (
          <li key={x.id}>
            <span>
              {x.space.title || x.title} <span class="muted">· /{x.path}</span>
            </span>
            <button type="button" disabled={action.busy} aria-label={`Remove ${x.space.title || x.title} from the site`} onClick={() => action.run(async () => (await run(DeleteSiteSpace, { org, site, siteSpace: x.id }), reload()))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function AddSpaceForm({ org, site, section, spaces, reload }: { org: string; site: string; section?: string; spaces: Spaces; reload: () => Promise<void> }) {
  const form = useForm({
    id: `add-space-${section ?? "root"}`,
    initial: { spaceId: "" },
    reset: true,
    submit: async (v) => {
      await run(AddSiteSpace, { org, site, input: { spaceId: v.spaceId, sectionId: section ?? null } });
      await reload();
    },
  });
  return (
    <ApiForm form={form} submit="Add space" label={section ? "Add a space to this section" : "Add a space to the site"}>
      <SelectField form={form} name="spaceId" label="Space" options={spaceOptions(spaces)} />
    </ApiForm>
  );
}

function Sections({ org, s, spaces, reload }: { org: string; s: Site; spaces: Spaces; reload: () => Promise<void> }) {
  const action = useAction();
  const add = useForm({
    id: "new-section",
    initial: { title: "", spaceId: "" },
    reset: true,
    submit: async (v) => {
      await run(AddSiteSection, { org, site: s.id, input: { spaceId: v.spaceId, title: v.title || null } });
      await reload();
    },
  });
  return (
    <section aria-labelledby="sections-h">
      <h2 id="sections-h">Sections</h2>
      <ErrorNotice error={action.error} />
      {s.sections.items.map((sec) => (
        <div class="card" key={sec.id}>
          <h3>
            {sec.title} <span class="muted">· /{sec.path}</span>
            {sec.default ? <span class="badge">default</span> : null}
          </h3>
          <SiteSpaceRows org={org} site={s.id} items={sec.siteSpaces} reload={reload} />
          <AddSpaceForm org={org} site={s.id} section={sec.id} spaces={spaces} reload={reload} />
          <button type="button" class="danger" disabled={action.busy} onClick={() => action.run(async () => (await run(DeleteSiteSection, { org, site: s.id, section: sec.id }), reload()))}>
            Delete section {sec.title}
          </button>
        </div>
      ))}
      <h3>New section</h3>
      <ApiForm form={add} submit="Add section" label="New section">
        <Field form={add} name="title" label="Title" hint="2 to 64 characters; the space's title when empty." />
        <SelectField form={add} name="spaceId" label="First space" options={spaceOptions(spaces)} />
      </ApiForm>
    </section>
  );
}

function Groups({ org, s, reload }: { org: string; s: Site; reload: () => Promise<void> }) {
  const action = useAction();
  const add = useForm({
    id: "new-group",
    initial: { title: "" },
    reset: true,
    submit: async (v) => {
      await run(AddSiteSectionGroup, { org, site: s.id, input: { title: v.title } });
      await reload();
    },
  });
  if (s.sections.items.length === 0 && s.sectionGroups.items.length === 0) return null;
  const free = s.sections.items.filter((x) => !x.sectionGroup);
  return (
    <section aria-labelledby="groups-h">
      <h2 id="groups-h">Section groups</h2>
      <ErrorNotice error={action.error} />
      {s.sectionGroups.items.map((g) => (
        <div class="card" key={g.id}>
          <h3>{g.title}</h3>
          <ul class="rows">
            {g.sections.map((x) => (
              <li key={x.id}>
                <span>{x.title}</span>
                <button type="button" disabled={action.busy} aria-label={`Take ${x.title} out of ${g.title}`} onClick={() => action.run(async () => (await run(RemoveSectionFromGroup, { org, site: s.id, group: g.id, section: x.id }), reload()))}>
                  Take out
                </button>
              </li>
            ))}
          </ul>
          {free.length > 0 && (
            <p class="actions">
              {free.map((x) => (
                <button key={x.id} type="button" disabled={action.busy} onClick={() => action.run(async () => (await run(AddSectionToGroup, { org, site: s.id, group: g.id, input: { sectionId: x.id } }), reload()))}>
                  Put {x.title} in {g.title}
                </button>
              ))}
            </p>
          )}
          <button type="button" class="danger" disabled={action.busy} onClick={() => action.run(async () => (await run(DeleteSiteSectionGroup, { org, site: s.id, group: g.id }), reload()))}>
            Delete group {g.title}
          </button>
        </div>
      ))}
      <ApiForm form={add} submit="Add group" label="New section group">
        <Field form={add} name="title" label="Group title" hint="1 to 100 characters." />
      </ApiForm>
    </section>
  );
}

function ShareLinks({ org, s, reload }: { org: string; s: Site; reload: () => Promise<void> }) {
  const action = useAction();
  const add = useForm({
    id: "new-share-link",
    initial: { name: "" },
    reset: true,
    submit: async (v) => {
      await run(CreateShareLink, { org, site: s.id, input: { name: v.name } });
      await reload();
    },
  });
  return (
    <section aria-labelledby="links-h">
      <h2 id="links-h">Share links</h2>
      <ErrorNotice error={action.error} />
      <ul class="rows">
        {s.shareLinks.items.map((l) => (
          <li key={l.id}>
            <span>
              <strong>{l.name || "Unnamed link"}</strong> {l.active ? "" : <span class="muted">(deactivated)</span>}
              {l.urls.published && (
                <>
                  {" "}
                  <code class="secret">{l.urls.published}</code>
                </>
              )}
            </span>
            <span class="actions">
              <button type="button" disabled={action.busy} onClick={() => action.run(async () => (await run(UpdateShareLink, { org, site: s.id, link: l.id, input: { active: !l.active } }), reload()))}>
                {l.active ? "Deactivate" : "Activate"} <span class="visually-hidden">{l.name}</span>
              </button>
              <button type="button" disabled={action.busy} aria-label={`Delete the share link ${l.name ?? ""}`} onClick={() => action.run(async () => (await run(DeleteShareLink, { org, site: s.id, link: l.id }), reload()))}>
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      <ApiForm form={add} submit="Create share link" label="New share link">
        <Field form={add} name="name" label="Name" hint="Who it is for, at most 50 characters." />
      </ApiForm>
    </section>
  );
}

function VisitorKey({ org, s, reload }: { org: string; s: Site; reload: () => Promise<void> }) {
  const form = useForm({
    id: "visitor-key",
    initial: { algorithm: "HS256", key: "", audience: "" },
    reset: true,
    submit: async (v) => {
      await run(SetSiteVisitorKey, { org, site: s.id, input: { algorithm: v.algorithm, key: v.key, audience: v.audience || null } });
      await reload();
      return "Key set.";
    },
  });
  return (
    <section aria-labelledby="vk-h">
      <h2 id="vk-h">Visitor authentication key</h2>
      <p data-testid="visitor-key">
        {s.visitorKey ? `A ${s.visitorKey.algorithm} key is set (${when(s.visitorKey.updatedAt)})${s.visitorKey.audience ? `, audience ${s.visitorKey.audience}` : ""}.` : "No key is set: visitors cannot read the site until one is."}
      </p>
      <ApiForm form={form} submit={s.visitorKey ? "Replace key" : "Set key"} label="Visitor key">
        <SelectField
          form={form}
          name="algorithm"
          label="Algorithm"
          options={[
            ["HS256", "HS256 (shared secret, 32 bytes or more)"],
            ["RS256", "RS256 (RSA public key, PEM)"],
          ]}
        />
        <TextField form={form} name="key" label="Key" hint="Never shown again." rows={3} />
        <Field form={form} name="audience" label="Audience (optional)" />
      </ApiForm>
    </section>
  );
}

type Settings = { styling?: { theme?: string; primaryColor?: { light?: string; dark?: string } } } & Record<string, unknown>;

/**
 * The basics of the site's customization: its theme and primary colour.
 * The API replaces the whole settings (PUT), so the settings read are sent
 * back with these two changed, and nothing else moves.
 */
function Customization({ org, s, reload }: { org: string; s: Site; reload: () => Promise<void> }) {
  const current = (s.customization ?? {}) as Settings;
  const form = useForm({
    id: "customization",
    initial: { theme: current.styling?.theme ?? "clean", primaryColor: current.styling?.primaryColor?.light ?? "#346DDB" },
    // INVALID names the setting (styling) that holds both fields.
    api: { primaryColor: "styling" },
    submit: async (v) => {
      const next: Settings = { ...current, styling: { ...current.styling, theme: v.theme, primaryColor: { light: v.primaryColor, dark: v.primaryColor } } };
      await run(UpdateSiteCustomization, { org, site: s.id, input: next });
      await reload();
      return "Saved.";
    },
  });
  return (
    <section aria-labelledby="custom-h">
      <h2 id="custom-h">Look</h2>
      <ApiForm form={form} submit="Save look" label="Site customization">
        <SelectField
          form={form}
          name="theme"
          label="Theme"
          options={[
            ["clean", "Clean"],
            ["muted", "Muted"],
            ["bold", "Bold"],
            ["gradient", "Gradient"],
          ]}
        />
        <Field form={form} name="primaryColor" label="Primary colour" hint="A hex colour such as #346DDB, for light and dark." />
      </ApiForm>
    </section>
  );
}
