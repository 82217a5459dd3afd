// The shell around every screen of an organization: header (organization
// switcher, search, account), sidebar (recent spaces; collections and
// spaces as a tree) and the screen in <main>.
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { Shell as ShellOp, type ShellResult } from "../gen/operations";
import { navigate, paths } from "../lib/router";
import { useQuery } from "../lib/query";
import { recentSpaces } from "../lib/recent";
import { SearchDialog } from "./search";

export type ShellData = ShellResult;

interface ShellContextValue {
  data: ShellData | null;
  reload: () => Promise<void>;
}

const ShellContext = createContext<ShellContextValue>({ data: null, reload: async () => {} });

/** The shell's data (the organization's tree) and a way to reload it after a change. */
export function useShell(): ShellContextValue {
  return useContext(ShellContext);
}

type Collections = NonNullable<ShellData["organization"]>["collections"]["items"];
type Spaces = NonNullable<ShellData["organization"]>["spaces"]["items"];

function Tree({ org, parent, collections, spaces, current }: { org: string; parent: string | null; collections: Collections; spaces: Spaces; current?: string }) {
  const cs = collections.filter((c) => (c.parent ?? null) === parent);
  const ss = spaces.filter((s) => (s.parent ?? null) === parent);
  if (!cs.length && !ss.length) return null;
  return (
    <ul class="tree">
      {cs.map((c) => (
        <li key={c.id}>
          <a href={paths.collection(org, c.id)} class="collection" aria-current={current === c.id ? "page" : undefined}>
            <span aria-hidden="true">▸ </span>
            {c.title}
          </a>
          <Tree org={org} parent={c.id} collections={collections} spaces={spaces} current={current} />
        </li>
      ))}
      {ss.map((s) => (
        <li key={s.id}>
          <a href={paths.space(org, s.id)} aria-current={current === s.id ? "page" : undefined}>
            {s.emoji ? <span aria-hidden="true">{s.emoji} </span> : null}
            {s.title || "Untitled space"}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Shell({ org, current, children }: { org: string; current?: string; children: ComponentChildren }) {
  const q = useQuery(ShellOp, { org });
  const [searching, setSearching] = useState(false);
  const [menu, setMenu] = useState(false);
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      const t = ev.target as HTMLElement | null;
      const typing = t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
      if ((ev.key === "k" && (ev.ctrlKey || ev.metaKey)) || (ev.key === "/" && !typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey)) {
        ev.preventDefault();
        setSearching(true);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => setMenu(false), [current, org]);
  const d = q.data;
  const o = d?.organization;
  const recent = recentSpaces(org);
  return (
    <ShellContext.Provider value={{ data: d, reload: q.reload }}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <button type="button" class="menu" aria-expanded={menu} aria-controls="sidebar" onClick={() => setMenu(!menu)}>
          <span aria-hidden="true">☰</span>
          <span class="visually-hidden">Spaces</span>
        </button>
        <a class="brand" href={paths.org(org)}>
          Folio
        </a>
        {d && (
          <select aria-label="Organization" value={org} onChange={(e) => navigate(paths.org((e.target as HTMLSelectElement).value))}>
            {d.organizations.items.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
              </option>
            ))}
          </select>
        )}
        <button type="button" class="search-button" onClick={() => setSearching(true)} aria-keyshortcuts="/ Control+K">
          Search <kbd>/</kbd>
        </button>
        <span class="spacer" />
        {d && (
          <a class="account" href="/account" title={d.viewer.email ?? undefined}>
            {d.viewer.displayName}
          </a>
        )}
      </header>
      <div class="frame">
        <nav id="sidebar" class={menu ? "side open" : "side"} aria-label="Spaces">
          {q.error && !d && (
            <p class="notice error" role="alert">
              {q.error.message}
            </p>
          )}
          {recent.length > 0 && (
            <section aria-labelledby="recent-h">
              <h2 id="recent-h">Recent</h2>
              <ul class="tree">
                {recent.map((s) => (
                  <li key={s.id}>
                    <a href={paths.space(org, s.id)}>
                      {s.emoji ? <span aria-hidden="true">{s.emoji} </span> : null}
                      {s.title || "Untitled space"}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {o && (
            <section aria-labelledby="tree-h">
              <h2 id="tree-h">{o.title}</h2>
              <Tree org={org} parent={null} collections={o.collections.items} spaces={o.spaces.items} current={current} />
              {!o.collections.items.length && !o.spaces.items.length && <p class="muted">No spaces yet.</p>}
            </section>
          )}
        </nav>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      {searching && <SearchDialog org={org} onClose={() => setSearching(false)} />}
    </ShellContext.Provider>
  );
}
