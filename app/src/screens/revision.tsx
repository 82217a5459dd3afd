// One revision of a space, and a page as it was in it.
import { RevisionScreen as RevisionOp } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";
import { paths } from "../lib/router";
import { PageTreeView } from "./pagetree";

export function RevisionScreen({ org, space, revision, page }: { org: string; space: string; revision: string; page?: string }) {
  const q = useQuery(RevisionOp, { space, revision, page: page ?? "", withPage: !!page });
  return (
    <Loaded q={q}>
      {(d) => {
        const r = d.space?.revisionById;
        if (!d.space || !r) return <h1>No such revision</h1>;
        return (
          <div class="reader">
            <PageTreeView label="Pages in this revision" pages={r.pages} href={(id) => paths.revision(org, space, r.id, id)} current={page} />
            <article>
              <p class="crumb">
                <a href={paths.space(org, space)}>{d.space.title}</a> · revision {r.id} · {new Date(r.createdAt).toLocaleString()}
              </p>
              {r.page ? (
                <>
                  <h1>{r.page.title}</h1>
                  <div class="page-body" dangerouslySetInnerHTML={{ __html: r.page.html ?? "" }} />
                </>
              ) : (
                <h1>Revision {r.id}</h1>
              )}
            </article>
          </div>
        );
      }}
    </Loaded>
  );
}
