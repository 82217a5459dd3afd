// The organization's sites, and a form to create one from its spaces.
import { CreateSite, SitesScreen as SitesOp } from "../../gen/operations";
import { ApiForm, Field, SelectField, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { Loaded, useQuery } from "../../lib/query";
import { appPath, navigate } from "../../lib/router";
import { managePaths } from "../admin/manage";
import { visibilities } from "./site";

export function SitesScreen({ org }: { org: string }) {
  const q = useQuery(SitesOp, { org });
  const create = useForm({
    id: "new-site",
    initial: { title: "", visibility: "public", space: "" },
    api: { space: "spaces" },
    submit: async (v) => {
      const d = await run(CreateSite, { org, input: { title: v.title, visibility: v.visibility, spaces: v.space ? [v.space] : null } });
      navigate(appPath(d.createSite.urls.app));
    },
  });
  return (
    <Loaded q={q}>
      {(d) => (
        <>
          <h1>Sites ({d.organization.sites.count})</h1>
          <ul class="rows">
            {d.organization.sites.items.map((s) => (
              <li key={s.id}>
                <span>
                  <a href={managePaths.site(org, s.id)}>{s.title}</a>
                  <span class="muted">
                    {" "}
                    · {s.published ? "published" : "not published"} · {s.visibility} · {s.siteSpaces} spaces
                  </span>
                </span>
                {s.urls.published && <a href={s.urls.published}>Open</a>}
              </li>
            ))}
          </ul>
          {d.organization.permissions.createContent && (
            <>
              <h2>New site</h2>
              <ApiForm form={create} submit="Create site" label="New site">
                <Field form={create} name="title" label="Title" hint="2 to 128 characters." />
                <SelectField form={create} name="visibility" label="Who reads it" options={visibilities} />
                <SelectField form={create} name="space" label="First space" options={[["", "None yet"], ...d.organization.spaces.items.map((s) => [s.id, s.title || "Untitled space"] as const)]} />
              </ApiForm>
            </>
          )}
        </>
      )}
    </Loaded>
  );
}
