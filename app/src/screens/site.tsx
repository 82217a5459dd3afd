// A site: what it is and whether it is published.
import { SiteScreen as SiteOp } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";

export function SiteScreen({ org, site, preview }: { org: string; site: string; preview: boolean }) {
  const q = useQuery(SiteOp, { org, site });
  return (
    <Loaded q={q}>
      {(d) => {
        const s = d.organization?.site;
        if (!s) return <h1>No such site</h1>;
        return (
          <>
            <h1>
              {s.title}
              {preview ? " (preview)" : ""}
            </h1>
            <p>
              {s.published ? "Published" : "Not published"} · {s.visibility} · {s.siteSpaces} spaces
            </p>
            <ul>
              {s.urls.published && (
                <li>
                  <a href={s.urls.published}>Open the published site</a>
                </li>
              )}
              <li>
                <a href={s.urls.preview}>Preview</a>
              </li>
            </ul>
          </>
        );
      }}
    </Loaded>
  );
}
