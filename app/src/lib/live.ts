// Live results of a GraphQL subscription, over Server-Sent Events: a GET
// of /graphql (the graphql-sse protocol's distinct connections mode), so
// the browser's EventSource sends the session cookie and a GET needs no
// CSRF token. The server feeds subscriptions from the change feed after
// each write commits, whichever server took the write.
import { useEffect, useRef } from "preact/hooks";
import type { Operation } from "../gen/operations";

/**
 * Calls onResult for each result of the subscription op while the
 * component is mounted. A stream the server ends (its lifetime, a
 * restart) is opened again after a pause; onReconnect then runs, since
 * results may have been missed meanwhile.
 */
export function useSubscription<R, V>(op: Operation<R, V>, variables: V, onResult: (data: R) => void, onReconnect?: () => void) {
  const key = JSON.stringify(variables);
  const handlers = useRef({ onResult, onReconnect });
  handlers.current = { onResult, onReconnect };
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: number | undefined;
    let closed = false;
    let opened = 0;
    const open = () => {
      const url = "/graphql?" + new URLSearchParams({ query: op.document, operationName: op.name, variables: key }).toString();
      source = new EventSource(url, { withCredentials: true });
      if (opened++ > 0) handlers.current.onReconnect?.();
      source.addEventListener("next", (ev) => {
        try {
          const body = JSON.parse((ev as MessageEvent<string>).data) as { data?: R | null; errors?: unknown[] };
          if (body.data) handlers.current.onResult(body.data);
        } catch {
          // A result that is not JSON is skipped; the next one still counts.
        }
      });
      const again = () => {
        source?.close();
        if (!closed) timer = window.setTimeout(open, 2000);
      };
      source.addEventListener("complete", again);
      source.onerror = again;
    };
    open();
    return () => {
      closed = true;
      window.clearTimeout(timer);
      source?.close();
    };
  }, [op, key]);
}
