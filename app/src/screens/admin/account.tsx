// The caller's own: personal API tokens (a new one's secret shown once)
// and pending invitations to accept or decline.
import { useState } from "preact/hooks";
import { AcceptInvitation, AccountScreen as AccountOp, CreatePersonalToken, DeclineInvitation, RevokePersonalToken } from "../../gen/operations";
import { ApiForm, CheckField, Field, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { navigate, paths } from "../../lib/router";
import { when } from "./manage";

export function AccountScreen() {
  const q = useQuery(AccountOp, {});
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const action = useAction();
  const form = useForm({
    id: "new-token",
    initial: { name: "", expiresAt: "", readOnly: false },
    reset: true,
    submit: async (v) => {
      // A date (yyyy-mm-dd) expires at the end of that day, in UTC.
      const expiresAt = v.expiresAt ? new Date(v.expiresAt + "T23:59:59Z").toISOString() : null;
      const d = await run(CreatePersonalToken, { input: { name: v.name, expiresAt, readOnly: v.readOnly } });
      setSecret({ name: d.createPersonalToken.name, token: d.createPersonalToken.token });
      await q.reload();
      return `Token ${d.createPersonalToken.name} created.`;
    },
  });
  return (
    <Loaded q={q}>
      {(d) => (
        <>
          <h1>Your account</h1>
          <p class="muted">
            Signed in as {d.viewer.displayName} ({d.viewer.email}).
          </p>
          <ErrorNotice error={action.error} />
          <section aria-labelledby="inv-h">
            <h2 id="inv-h">Invitations ({d.invitations.count})</h2>
            {d.invitations.items.length === 0 ? (
              <p class="muted">No pending invitations.</p>
            ) : (
              <ul class="rows">
                {d.invitations.items.map((i) => (
                  <li key={i.id}>
                    <span>
                      <strong>{i.organization.title}</strong> invites you as {i.role ?? "guest"}
                      {i.invitedBy ? ` (from ${i.invitedBy.displayName})` : ""}
                    </span>
                    <span class="actions">
                      <button
                        type="button"
                        disabled={action.busy}
                        aria-label={`Accept the invitation to ${i.organization.title}`}
                        onClick={() =>
                          action.run(async () => {
                            const r = await run(AcceptInvitation, { org: i.organization.id, invitation: i.id });
                            navigate(paths.org(r.joinOrganization.organization));
                          })
                        }
                      >
                        Accept
                      </button>
                      <button type="button" disabled={action.busy} aria-label={`Decline the invitation to ${i.organization.title}`} onClick={() => action.run(async () => (await run(DeclineInvitation, { invitation: i.id }), q.reload()))}>
                        Decline
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="tokens-h">
            <h2 id="tokens-h">Personal API tokens ({d.personalTokens.count})</h2>
            <p class="muted">
              Send a token as <code>Authorization: Bearer &lt;token&gt;</code> to the REST API (/v1) or GraphQL (/graphql).
            </p>
            {secret && (
              <div class="notice" role="status">
                <p>
                  The secret of <strong>{secret.name}</strong>, shown this once: copy it now.
                </p>
                <p>
                  <code class="secret" data-testid="token-secret">
                    {secret.token}
                  </code>
                </p>
                <button type="button" onClick={() => setSecret(null)}>
                  Done
                </button>
              </div>
            )}
            <ul class="rows">
              {d.personalTokens.items.map((t) => (
                <li key={t.id}>
                  <span>
                    <strong>{t.commandLine ? "(folio token create)" : t.name}</strong>
                    {t.readOnly ? " · read-only" : ""}
                    {t.expired ? " · expired" : t.expiresAt ? ` · expires ${when(t.expiresAt)}` : " · never expires"}
                    <span class="muted"> · last used {t.lastUsedAt ? when(t.lastUsedAt) : "never"}</span>
                  </span>
                  <button type="button" disabled={action.busy} aria-label={`Revoke ${t.name || "command-line token"}`} onClick={() => action.run(async () => (await run(RevokePersonalToken, { id: t.id }), q.reload()))}>
                    Revoke
                  </button>
                </li>
              ))}
            </ul>
            <h3>New token</h3>
            <ApiForm form={form} submit="Create token" label="New personal API token">
              <Field form={form} name="name" label="Name" hint="What the token is for, 1 to 100 characters." />
              <Field form={form} name="expiresAt" label="Expires on (optional)" type="date" />
              <CheckField form={form} name="readOnly" label="Read-only" />
            </ApiForm>
          </section>
        </>
      )}
    </Loaded>
  );
}
