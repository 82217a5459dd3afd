// Read: a space's page tree and one page.
import { useEffect } from "preact/hooks";
import { SpaceScreen as SpaceOp } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";
import { paths } from "../lib/router";
import { rememberSpace } from "../lib/recent";
import { PageTreeView, firstDocument } from "./pagetree";

export function SpaceScreen({ org, space, page }: { org: string; space: string; page?: string }) {
  const q = useQuery(SpaceOp, { space, page: page ?? "", withPage: !!page });
  const s = q.data?.space;
  useEffect(() => {
    if (s) rememberSpace(org, { id: s.id, title: s.title, emoji: s.emoji });
  }, [s?.id]);
  return (
    <Loaded q={q}>
      {(d) => {
        const sp = d.space;
        if (!sp) return <h1>No such space</h1>;
        const first = firstDocument(sp.revision.pages);
        const p = sp.revision.page;
        return (
          <div class="reader">
            <PageTreeView label="Pages" pages={sp.revision.pages} href={(id) => paths.page(org, sp.id, id)} current={page ?? first?.id} />
            <article>
              {p ? (
                <p class="crumb">
                  {sp.emoji ? <span aria-hidden="true">{sp.emoji} </span> : null}
                  {sp.title || "Untitled space"}
                </p>
              ) : (
                <h1>
                  {sp.emoji ? <span aria-hidden="true">{sp.emoji} </span> : null}
                  {sp.title || "Untitled space"}
                </h1>
              )}
              {p ? (
                <>
                  <h1>{p.title}</h1>
                  {p.description && <p class="lead">{p.description}</p>}
                  <pre class="markdown">{p.markdown}</pre>
                </>
              ) : first ? (
                <p>
                  <a href={paths.page(org, sp.id, first.id)}>Read {first.title}</a>
                </p>
              ) : (
                <p class="muted">This space has no pages yet.</p>
              )}
            </article>
          </div>
        );
      }}
    </Loaded>
  );
}
