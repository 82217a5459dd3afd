// useQuery: a screen's one read. It runs the operation when the variables
// change, keeps the last data while reloading, and reports errors in words.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Operation } from "../gen/operations";
import { OperationError, run } from "./graphql";

export interface QueryState<R> {
  data: R | null;
  error: OperationError | null;
  loading: boolean;
  reload: () => Promise<void>;
}

export function useQuery<R, V>(op: Operation<R, V>, variables: V, skip = false): QueryState<R> {
  const key = JSON.stringify(variables);
  const [data, setData] = useState<R | null>(null);
  const [error, setError] = useState<OperationError | null>(null);
  const [loading, setLoading] = useState(!skip);
  const current = useRef<AbortController | null>(null);
  const load = useCallback(async () => {
    current.current?.abort();
    const ctl = new AbortController();
    current.current = ctl;
    setLoading(true);
    try {
      const d = await run(op, JSON.parse(key) as V, ctl.signal);
      if (ctl.signal.aborted) return;
      setData(d);
      setError(null);
    } catch (e) {
      if (ctl.signal.aborted) return;
      setError(e instanceof OperationError ? e : new OperationError([{ message: String(e) }]));
    } finally {
      if (!ctl.signal.aborted) setLoading(false);
    }
  }, [op, key]);
  useEffect(() => {
    if (skip) return;
    setData(null);
    load();
    return () => current.current?.abort();
  }, [load, skip]);
  return { data, error, loading, reload: load };
}

/** An API error, in words, where it happened. */
export function ErrorNotice({ error, onRetry }: { error: OperationError | null; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div class="notice error" role="alert">
      <p>{error.message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Shows the query's error, a loading line, or its content. */
export function Loaded<R>({ q, children }: { q: QueryState<R>; children: (data: R) => ComponentChildren }) {
  if (q.error && !q.data) return <ErrorNotice error={q.error} onRetry={q.reload} />;
  if (!q.data) return <p class="muted" role="status">Loading…</p>;
  return <>{children(q.data)}</>;
}
