// A change request: its subject, status and pages.
import { ChangeRequestScreen as CROp } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";
import { paths } from "../lib/router";
import { PageTreeView } from "./pagetree";

export function ChangeRequestScreen({ org, space, number, page }: { org: string; space: string; number: string; page?: string }) {
  const q = useQuery(CROp, { space, number });
  return (
    <Loaded q={q}>
      {(d) => {
        const cr = d.space?.changeRequest;
        if (!d.space || !cr) return <h1>No such change request</h1>;
        return (
          <div class="reader">
            <PageTreeView label="Pages in this change request" pages={cr.content.pages} href={(id) => paths.changeRequest(org, space, cr.number, id)} current={page} />
            <article>
              <p class="crumb">
                <a href={paths.space(org, space)}>{d.space.title}</a> · change request #{cr.number}
              </p>
              <h1>{cr.subject || "Untitled change request"}</h1>
              <p>
                <span class={"badge " + cr.status}>{cr.status}</span> by {cr.createdBy.displayName}, updated {new Date(cr.updatedAt).toLocaleString()}
                {cr.outdated && " · outdated"}
              </p>
              {(cr.status === "open" || cr.status === "draft") && (
                <p>
                  <a class="button primary" href={paths.edit(org, space, cr.number, page)}>
                    Edit pages
                  </a>
                </p>
              )}
            </article>
          </div>
        );
      }}
    </Loaded>
  );
}
