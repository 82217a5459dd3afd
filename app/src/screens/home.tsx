// The organization's home: its spaces, the open change requests, and a
// form to create a space.
import { useState } from "preact/hooks";
import { CreateSpace, OrgHome as OrgHomeOp, OrgHomeMoreChangeRequests, OrgHomeMoreSpaces, type OrgHomeResult } from "../gen/operations";
import { ShowMore, useMore } from "../lib/more";
import { OperationError, run } from "../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../lib/query";
import { appPath, navigate, paths } from "../lib/router";
import { useShell } from "../shell/shell";
import { FieldError } from "../lib/form";

export function OrgHome({ org }: { org: string }) {
  const q = useQuery(OrgHomeOp, { org });
  return (
    <Loaded q={q}>
      {(d) =>
        !d.organization ? (
          <h1>No such organization</h1>
        ) : (
          <>
            <h1>{d.organization.title}</h1>
            {d.organization.permissions.createContent && <NewSpace org={org} />}
            <HomeLists org={org} o={d.organization} />
          </>
        )
      }
    </Loaded>
  );
}

/** The spaces and the open change requests, each a page at a time. */
function HomeLists({ org, o }: { org: string; o: NonNullable<OrgHomeResult["organization"]> }) {
  const spaces = useMore(o.spaces, async (page) => (await run(OrgHomeMoreSpaces, { org, page })).organization!.spaces);
  const crs = useMore(o.changeRequests, async (page) => (await run(OrgHomeMoreChangeRequests, { org, page })).organization!.changeRequests);
  return (
    <>
      <section aria-labelledby="spaces-h">
        <h2 id="spaces-h">Spaces ({o.spaces.count})</h2>
        <ul class="cards">
          {spaces.items.map((s) => (
            <li key={s.id}>
              <a href={paths.space(org, s.id)}>
                {s.emoji ? <span aria-hidden="true">{s.emoji} </span> : null}
                {s.title || "Untitled space"}
              </a>
              {s.changeRequestsOpen > 0 && <span class="muted"> · {s.changeRequestsOpen} open change requests</span>}
            </li>
          ))}
        </ul>
        <ShowMore list={spaces} what="spaces" count={o.spaces.count} />
      </section>
      {crs.items.length > 0 && (
        <section aria-labelledby="cr-h">
          <h2 id="cr-h">Open change requests</h2>
          <ul>
            {crs.items.map((c) => (
              <li key={c.id}>
                <a href={appPath(c.urls.app)}>
                  #{c.number} {c.subject || "Untitled change request"}
                </a>{" "}
                <span class="muted">{c.status}</span>
              </li>
            ))}
          </ul>
          <ShowMore list={crs} what="change requests" />
        </section>
      )}
    </>
  );
}

function NewSpace({ org }: { org: string }) {
  const shell = useShell();
  const [title, setTitle] = useState("");
  const [error, setError] = useState<OperationError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="inline-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          const d = await run(CreateSpace, { org, input: { title: title.trim() } });
          setError(null);
          await shell.reload();
          navigate(appPath(d.createSpace.urls.app));
        } catch (err) {
          setError(err instanceof OperationError ? err : new OperationError([{ message: String(err) }]));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label for="new-space-title">New space</label>
      <input id="new-space-title" value={title} required maxLength={50} aria-invalid={!!error?.forField("title")} aria-describedby="new-space-title-error" onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
      <button type="submit" disabled={busy}>
        Create space
      </button>
      <FieldError id="new-space-title-error" error={error} field="title" />
      {error && !error.forField("title") && <ErrorNotice error={error} />}
    </form>
  );
}
