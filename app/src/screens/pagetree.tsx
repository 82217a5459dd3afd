// A space's page tree as nested lists of links (keyboard: Tab through,
// Enter opens). Groups are headings without a page of their own.
export interface TreePage {
  readonly id: string;
  readonly title: string;
  readonly type: string;
  readonly emoji: string | null;
  readonly pages?: ReadonlyArray<TreePage> | null;
}

export function PageTreeView({ pages, href, current, label }: { pages: ReadonlyArray<TreePage>; href: (id: string) => string; current?: string; label: string }) {
  return (
    <nav class="pages" aria-label={label}>
      <Level pages={pages} href={href} current={current} />
    </nav>
  );
}

function Level({ pages, href, current }: { pages: ReadonlyArray<TreePage>; href: (id: string) => string; current?: string }) {
  if (!pages.length) return null;
  return (
    <ul>
      {pages.map((p) => (
        <li key={p.id}>
          {p.type === "group" ? (
            <span class="group">{p.title}</span>
          ) : (
            <a href={href(p.id)} aria-current={current === p.id ? "page" : undefined}>
              {p.emoji ? <span aria-hidden="true">{p.emoji} </span> : null}
              {p.title || "Untitled"}
            </a>
          )}
          {p.pages && <Level pages={p.pages} href={href} current={current} />}
        </li>
      ))}
    </ul>
  );
}

/** The first page of a tree that is a document (not a group or a link). */
export function firstDocument(pages: ReadonlyArray<TreePage>): TreePage | undefined {
  for (const p of pages) {
    if (p.type === "document") return p;
    const d = p.pages && firstDocument(p.pages);
    if (d) return d;
  }
  return undefined;
}
