// The app's only way to the server: POST /graphql with the session cookie
// and its CSRF token (the folio_csrf cookie, sent back in X-CSRF-Token).
// Every screen reads with one operation and writes with mutations, all of
// them typed from app/src/**/*.graphql (src/gen/operations.ts).
import type { Operation } from "../gen/operations";

/** An error of the API, as GraphQL answers it. */
export interface APIError {
  readonly message: string;
  readonly path?: ReadonlyArray<string | number>;
  readonly extensions?: {
    readonly code?: string;
    readonly field?: string;
    readonly [key: string]: unknown;
  };
}

/** A failed operation: its errors (at least one), and the data that came with them. */
export class OperationError extends Error {
  constructor(
    readonly errors: ReadonlyArray<APIError>,
    readonly data: unknown = null,
  ) {
    super(errors.map((e) => e.message).join("; "));
  }
  /** The first error with this extensions.code. */
  code(code: string): APIError | undefined {
    return this.errors.find((e) => e.extensions?.code === code);
  }
  /**
   * The message for one input field: errors naming it (extensions.field,
   * or a message that starts with its name), else undefined.
   */
  forField(field: string): string | undefined {
    // INVALID messages name the input field first: "title: ...", or a
    // path to it ("input.changes[0].title: ...").
    const re = new RegExp(`(^|[.\\]])${field}:`);
    const e = this.errors.find((e) => e.extensions?.field === field || re.test(e.message.split(" ")[0] ?? ""));
    return e?.message;
  }
}

function csrfToken(): string {
  for (const part of document.cookie.split(";")) {
    const [k, v] = part.trim().split("=");
    if (k === "folio_csrf") return decodeURIComponent(v ?? "");
  }
  return "";
}

/** Sends the browser to the sign-in page, back here afterwards. */
export function signIn(): never {
  location.assign("/signin?next=" + encodeURIComponent(location.pathname + location.search));
  throw new OperationError([{ message: "signed out", extensions: { code: "UNAUTHENTICATED" } }]);
}

/**
 * Runs one operation. Resolves with its data; rejects with an
 * OperationError carrying the API's errors (or the network's, in words).
 */
export async function run<R, V>(op: Operation<R, V>, variables: V, signal?: AbortSignal): Promise<R> {
  let res: Response;
  try {
    res = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfToken() },
      body: JSON.stringify({ query: op.document, operationName: op.name, variables }),
      signal,
    });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    throw new OperationError([{ message: "The server cannot be reached: check the connection and try again.", extensions: { code: "NETWORK" } }]);
  }
  let body: { data?: R | null; errors?: APIError[] };
  try {
    body = await res.json();
  } catch {
    throw new OperationError([{ message: `The server answered ${res.status} without a GraphQL result.`, extensions: { code: "HTTP" } }]);
  }
  if (body.errors?.length) {
    if (body.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED")) signIn();
    throw new OperationError(body.errors, body.data ?? null);
  }
  if (body.data == null) throw new OperationError([{ message: `The server answered ${res.status} without data.` }]);
  return body.data;
}
