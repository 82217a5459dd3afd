// A space's revision history: the revisions newest first (who merged
// which change request, when, and how many pages it touched), and the
// chosen revision's changes against the content before it, each page
// with its line diff. One operation: the list and the chosen revision.
import { useState } from "preact/hooks";
import { HistoryScreen as Op, type HistoryScreenResult } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";
import { paths } from "../lib/router";
import { DiffTable } from "./diff";
import "./history.css";

type Space = NonNullable<HistoryScreenResult["space"]>;
type Item = Space["history"]["items"][number];
type Chosen = NonNullable<Space["revisionById"]>;

const kindWords: Record<string, string> = { added: "added", changed: "changed", moved: "moved", removed: "removed" };

/** What a revision is, in words: the change request it merged, or its kind. */
function describe(r: { type: string; mergedFrom?: { number: number; subject: string } | null }): string {
  if (r.mergedFrom) return `Merged #${r.mergedFrom.number}${r.mergedFrom.subject ? ": " + r.mergedFrom.subject : ""}`;
  return r.type === "merge" ? "Merge" : "Edits";
}

function summary(changes: ReadonlyArray<{ kind: string }>): string {
  if (changes.length === 0) return "no page changed";
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n} ${kindWords[k] ?? k}`).join(", ");
}

export function HistoryScreen({ org, space, revision }: { org: string; space: string; revision?: string }) {
  // The page tokens of the newer pages, so Newer goes back.
  const [pages, setPages] = useState<string[]>([]);
  const after = pages.length > 0 ? pages[pages.length - 1] : null;
  const q = useQuery(Op, { space, after, revision: revision ?? "", withRevision: !!revision });
  return (
    <Loaded q={q}>
      {(d) => {
        const sp = d.space;
        if (!sp) return <h1>No such space</h1>;
        const h = sp.history;
        return (
          <div class="history">
            <nav class="history-list" aria-label="Revisions">
              <p class="crumb">
                <a href={paths.space(org, sp.id)}>{sp.title || "Untitled space"}</a>
              </p>
              <h1>History</h1>
              <ol>
                {h.items.map((r: Item) => (
                  <li key={r.id}>
                    <a href={paths.history(org, sp.id, r.id)} aria-current={r.id === revision ? "page" : undefined}>
                      <span class="what">{describe(r)}</span>
                      <span class="muted">
                        {new Date(r.createdAt).toLocaleString()}
                        {r.author ? ` · ${r.author.displayName}` : ""} · {summary(r.changes)}
                      </span>
                    </a>
                  </li>
                ))}
              </ol>
              {h.items.length === 0 && <p class="muted">No revisions.</p>}
              <div class="history-pager">
                {pages.length > 0 && (
                  <button type="button" onClick={() => setPages(pages.slice(0, -1))}>
                    Newer
                  </button>
                )}
                {h.next && (
                  <button type="button" onClick={() => setPages([...pages, h.next!])}>
                    Older
                  </button>
                )}
              </div>
            </nav>
            <section class="history-detail" aria-label="Changes of the revision">
              {sp.revisionById ? <RevisionChanges org={org} space={sp.id} r={sp.revisionById} /> : <p class="muted">Choose a revision to see its changes.</p>}
            </section>
          </div>
        );
      }}
    </Loaded>
  );
}

function RevisionChanges({ org, space, r }: { org: string; space: string; r: Chosen }) {
  return (
    <>
      <h2>{describe(r)}</h2>
      <p class="muted">
        {new Date(r.createdAt).toLocaleString()}
        {r.author ? ` · by ${r.author.displayName}` : ""} · <a href={paths.revision(org, space, r.id)}>Read this revision</a>
      </p>
      {r.changes.length === 0 && <p>This revision changed no page.</p>}
      {r.changes.map((c) => {
        const headingId = "change-" + c.id;
        return (
          <article key={c.id} class="page-change" aria-labelledby={headingId}>
            <h3 id={headingId}>
              <span class={"badge kind-" + c.kind}>{kindWords[c.kind]}</span> {c.title}{" "}
              <span class="muted path">
                /{c.path}
                {c.previousPath != null && ` (was /${c.previousPath})`}
              </span>
            </h3>
            <p class="muted">
              {c.diff.added} {c.diff.added === 1 ? "line" : "lines"} added, {c.diff.removed} removed
            </p>
            <DiffTable title={c.title} diff={c.diff} />
            {c.diff.truncated && <p class="muted">The diff stops here: the page changed too much to show whole.</p>}
          </article>
        );
      })}
    </>
  );
}
