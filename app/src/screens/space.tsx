// Read: a space's page tree and one page, rendered as the published site
// renders it. Edit continues the viewer's open change request, or opens one.
import { useEffect, useState } from "preact/hooks";
import { CreateChangeRequest, SpaceScreen as SpaceOp } from "../gen/operations";
import { OperationError, run } from "../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../lib/query";
import { navigate, paths } from "../lib/router";
import { rememberSpace } from "../lib/recent";
import { PageTreeView, firstDocument } from "./pagetree";

export function SpaceScreen({ org, space, page }: { org: string; space: string; page?: string }) {
  const q = useQuery(SpaceOp, { org, space, page: page ?? "", withPage: !!page });
  const [editError, setEditError] = useState<OperationError | null>(null);
  const [opening, setOpening] = useState(false);
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
        const mine = d.organization?.changeRequests.items.find((c) => c.createdBy.id === d.viewer.id);
        const edit = async () => {
          if (mine) {
            navigate(paths.edit(org, space, mine.number, page));
            return;
          }
          setOpening(true);
          try {
            const c = await run(CreateChangeRequest, { space, subject: null });
            navigate(paths.edit(org, space, c.createChangeRequest.number, page));
          } catch (e) {
            setEditError(e instanceof OperationError ? e : new OperationError([{ message: String(e) }]));
          } finally {
            setOpening(false);
          }
        };
        const title = (
          <>
            {sp.emoji ? <span aria-hidden="true">{sp.emoji} </span> : null}
            {sp.title || "Untitled space"}
          </>
        );
        return (
          <div class="reader">
            <PageTreeView label="Pages" pages={sp.revision.pages} href={(id) => paths.page(org, sp.id, id)} current={page ?? first?.id} />
            <article>
              <div class="space-bar">
                {p ? <p class="crumb">{title}</p> : <h1>{title}</h1>}
                {sp.permissions.edit && (
                  <button type="button" class="primary edit" onClick={edit} disabled={opening}>
                    {mine ? `Edit (continue #${mine.number})` : "Edit"}
                  </button>
                )}
                <a href={paths.history(org, sp.id)}>History</a>
                {sp.urls.published && <a href={sp.urls.published}>Published site</a>}
              </div>
              <ErrorNotice error={editError} />
              {p ? (
                <>
                  <h1>{p.title}</h1>
                  {p.description && <p class="lead">{p.description}</p>}
                  <div class="page-body" dangerouslySetInnerHTML={{ __html: p.html ?? "" }} />
                </>
              ) : first ? (
                <p>
                  <a href={paths.page(org, sp.id, first.id)}>Read {first.title}</a>
                </p>
              ) : (
                <p class="muted">This space has no pages yet{sp.permissions.edit ? ": Edit to write the first one." : "."}</p>
              )}
            </article>
          </div>
        );
      }}
    </Loaded>
  );
}
