// Webhooks: where the organization's events are POSTed, each with its
// delivery log (and redelivery of a delivery).
import { useState } from "preact/hooks";
import { CreateWebhook, DeleteWebhook, RedeliverWebhookDelivery, UpdateWebhook, WebhookScreen as WebhookOp, WebhooksScreen as WebhooksOp } from "../../gen/operations";
import { ApiForm, Field, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { navigate } from "../../lib/router";
import { AdminNav, managePaths, when } from "./manage";

const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export function WebhooksScreen({ org }: { org: string }) {
  const q = useQuery(WebhooksOp, { org });
  const [secret, setSecret] = useState<string | null>(null);
  const create = useForm({
    id: "new-webhook",
    initial: { url: "", events: "" },
    reset: true,
    submit: async (v) => {
      const events = list(v.events);
      const d = await run(CreateWebhook, { org, input: { url: v.url, events: events.length ? events : null } });
      setSecret(d.createWebhook.secret ?? null);
      await q.reload();
      return "Webhook added.";
    },
  });
  return (
    <>
      <AdminNav org={org} current="webhooks" />
      <Loaded q={q}>
        {(d) => (
          <>
            <h1>Webhooks ({d.organization.webhooks.count})</h1>
            {secret && (
              <div class="notice" role="status">
                <p>The signing secret, shown this once: copy it now.</p>
                <p>
                  <code class="secret">{secret}</code>
                </p>
                <button type="button" onClick={() => setSecret(null)}>
                  Done
                </button>
              </div>
            )}
            <ul class="rows">
              {d.organization.webhooks.items.map((w) => (
                <li key={w.id}>
                  <span>
                    <a href={managePaths.webhook(org, w.id)}>{w.url}</a>
                    <span class="muted">
                      {" "}
                      · {w.active ? "on" : "off"} · {w.events.length ? w.events.join(", ") : "every event"}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            <h2>Add a webhook</h2>
            <ApiForm form={create} submit="Add webhook" label="New webhook">
              <Field form={create} name="url" label="URL" type="url" hint="An absolute http or https URL." />
              <Field form={create} name="events" label="Events (optional)" hint="Event types such as space.created or space.*, separated by commas; empty for every event." />
            </ApiForm>
          </>
        )}
      </Loaded>
    </>
  );
}

export function WebhookScreen({ org, id }: { org: string; id: string }) {
  const q = useQuery(WebhookOp, { org, webhook: id });
  const action = useAction();
  return (
    <>
      <AdminNav org={org} current="webhooks" />
      <Loaded q={q}>
        {(d) => {
          const w = d.organization.webhook;
          return (
            <>
              <h1>Webhook</h1>
              <p>
                <code>{w.url}</code>
              </p>
              <p class="muted">
                {w.active ? "On" : "Off"}
                {w.disabledReason ? ` (${w.disabledReason})` : ""} · {w.events.length ? w.events.join(", ") : "every event"} · added {when(w.createdAt)}
              </p>
              <ErrorNotice error={action.error} />
              <p class="actions">
                <button type="button" disabled={action.busy} onClick={() => action.run(async () => (await run(UpdateWebhook, { org, webhook: id, input: { active: !w.active } }), q.reload()))}>
                  {w.active ? "Turn off" : "Turn on"}
                </button>
                <button type="button" disabled={action.busy} onClick={() => q.reload()}>
                  Refresh
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={action.busy}
                  onClick={() =>
                    action.run(async () => {
                      await run(DeleteWebhook, { org, webhook: id });
                      navigate(managePaths.webhooks(org));
                    })
                  }
                >
                  Delete
                </button>
              </p>
              <h2>Deliveries ({w.deliveries.count})</h2>
              {w.deliveries.items.length === 0 ? (
                <p class="muted">No deliveries yet: they come with the organization's next events.</p>
              ) : (
                <div class="table-wrap">
                  <table data-testid="deliveries">
                    <thead>
                      <tr>
                        <th scope="col">Event</th>
                        <th scope="col">Status</th>
                        <th scope="col">Answer</th>
                        <th scope="col">When</th>
                        <th scope="col">
                          <span class="visually-hidden">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {w.deliveries.items.map((x) => (
                        <tr key={x.id}>
                          <td>
                            {x.eventType}
                            {x.redeliveryOf ? <span class="muted"> (redelivery)</span> : null}
                          </td>
                          <td>
                            {x.status} <span class="muted">· {x.attempts} attempts</span>
                          </td>
                          <td>{x.responseCode != null ? `${x.responseCode}${x.durationMs != null ? ` in ${x.durationMs} ms` : ""}` : x.error ?? "—"}</td>
                          <td>{when(x.deliveredAt ?? x.createdAt)}</td>
                          <td>
                            <button type="button" disabled={action.busy} aria-label={`Redeliver ${x.eventType} of ${when(x.createdAt)}`} onClick={() => action.run(async () => (await run(RedeliverWebhookDelivery, { org, webhook: id, delivery: x.id }), q.reload()))}>
                              Redeliver
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </>
          );
        }}
      </Loaded>
    </>
  );
}
