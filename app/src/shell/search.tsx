// Org-wide search: a modal dialog opened from anywhere with / or Ctrl-K;
// results come as one types (one OrgSearch operation per pause).
import { useEffect, useRef, useState } from "preact/hooks";
import { OrgSearch, type OrgSearchResult } from "../gen/operations";
import { OperationError, run } from "../lib/graphql";
import { appPath, navigate } from "../lib/router";

type Spaces = NonNullable<OrgSearchResult["organization"]>["search"]["items"];

export function SearchDialog({ org, onClose }: { org: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState("");
  const [results, setResults] = useState<Spaces | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setResults(null);
      return;
    }
    const ctl = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const d = await run(OrgSearch, { org, query }, ctl.signal);
        setResults(d.organization?.search.items ?? []);
        setError(null);
      } catch (e) {
        if (!ctl.signal.aborted) setError(e instanceof OperationError ? e.message : String(e));
      }
    }, 150);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [text, org]);
  const go = (url: string) => {
    onClose();
    navigate(appPath(url));
  };
  const first = results?.flatMap((s) => s.pages)[0];
  return (
    <dialog ref={ref} class="search" aria-labelledby="search-h" onClose={onClose} onCancel={onClose}>
      <form
        method="dialog"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (first) go(first.urls.app);
        }}
      >
        <h2 id="search-h">Search</h2>
        <label for="search-input" class="visually-hidden">
          Search this organization
        </label>
        <input id="search-input" type="search" autoFocus placeholder="Search pages…" value={text} autoComplete="off" onInput={(e) => setText((e.target as HTMLInputElement).value)} />
        <button type="button" class="close" onClick={onClose}>
          Close
        </button>
      </form>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
      <div aria-live="polite">
        {results && results.length === 0 && <p class="muted">Nothing matches “{text.trim()}”.</p>}
        {results?.map((s) => (
          <section key={s.id} class="results">
            <h3>{s.title}</h3>
            <ul>
              {s.pages.map((p) => (
                <li key={p.id}>
                  <a
                    href={appPath(p.urls.app)}
                    onClick={(e) => {
                      e.preventDefault();
                      go(p.urls.app);
                    }}
                  >
                    {p.title || p.path}
                  </a>
                  {p.sections.length > 0 && (
                    <ul>
                      {p.sections.slice(0, 3).map((sec) => (
                        <li key={sec.id}>
                          <a
                            href={appPath(sec.urls.app)}
                            onClick={(e) => {
                              e.preventDefault();
                              go(sec.urls.app);
                            }}
                          >
                            {sec.title}
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </dialog>
  );
}
