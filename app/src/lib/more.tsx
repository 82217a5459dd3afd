// useMore: a long list shown a page at a time. The screen's one operation
// reads the first page; "Show more" reads the next through the list's
// page token (next.page, signed by the API and bound to the list) with a
// small operation of its own, and appends it. A reload of the screen
// starts again from its first page.
import { useEffect, useState } from "preact/hooks";
import { OperationError } from "./graphql";

export interface Page<T> {
  readonly items: ReadonlyArray<T>;
  readonly next?: { readonly page: string } | null;
}

export interface More<T> {
  items: ReadonlyArray<T>;
  /** Reads the next page; null on the last one. */
  more: (() => void) | null;
  busy: boolean;
  error: OperationError | null;
}

export function useMore<T>(first: Page<T>, load: (page: string) => Promise<Page<T>>): More<T> {
  const [extra, setExtra] = useState<{ from: Page<T>; items: T[]; next: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);
  useEffect(() => setError(null), [first]);
  // Pages read after another first page (a reload) no longer belong.
  const mine = extra?.from === first ? extra : null;
  const token = mine ? mine.next : (first.next?.page ?? null);
  const more = async () => {
    if (!token || busy) return;
    setBusy(true);
    try {
      const p = await load(token);
      setExtra({ from: first, items: [...(mine?.items ?? []), ...p.items], next: p.next?.page ?? null });
      setError(null);
    } catch (e) {
      setError(e instanceof OperationError ? e : new OperationError([{ message: String(e) }]));
    } finally {
      setBusy(false);
    }
  };
  return { items: mine ? [...first.items, ...mine.items] : first.items, more: token ? more : null, busy, error };
}

/** The "Show more" button of a list (none on its last page), and its error. */
export function ShowMore<T>({ list, what, count }: { list: More<T>; what: string; count?: number }) {
  if (!list.more && !list.error) return null;
  return (
    <div class="show-more">
      {list.more && (
        <button type="button" onClick={list.more} disabled={list.busy}>
          {list.busy ? "Loading…" : `Show more ${what}`}
          {count != null && ` (${list.items.length} of ${count} shown)`}
        </button>
      )}
      {list.error && (
        <p class="notice error" role="alert">
          {list.error.message}
        </p>
      )}
    </div>
  );
}
