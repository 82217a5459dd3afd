// Members and their roles, invitations by e-mail (send, revoke).
import { InvitationsMore, InviteUsers, MembersMore, MembersScreen as MembersOp, RemoveMember, RevokeInvitation, UpdateMember, type MembersScreenResult, type Role } from "../../gen/operations";
import { ShowMore, useMore } from "../../lib/more";
import { ApiForm, SelectField, TextField, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { AdminNav, roles, when } from "./manage";

const role = (r: string): Role | null => (r ? (r as Role) : null);

export function MembersScreen({ org }: { org: string }) {
  const q = useQuery(MembersOp, { org });
  const action = useAction();
  const invite = useForm({
    id: "invite",
    initial: { emails: "", role: "read" },
    reset: true,
    submit: async (v) => {
      const emails = v.emails
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      const d = await run(InviteUsers, { org, input: { emails, role: role(v.role) } });
      await q.reload();
      return `${d.inviteUsers.invited} invited.`;
    },
  });
  return (
    <>
      <AdminNav org={org} current="members" />
      <Loaded q={q}>
        {(d) => <MembersBody org={org} o={d.organization} q={q} action={action} invite={invite} />}
      </Loaded>
    </>
  );
}

function MembersBody({ org, o, q, action, invite }: { org: string; o: MembersScreenResult["organization"]; q: { reload: () => Promise<void> }; action: ReturnType<typeof useAction>; invite: ReturnType<typeof useForm<{ emails: string; role: string }>> }) {
  const members = useMore(o.members, async (page) => (await run(MembersMore, { org, page })).organization.members);
  const invitations = useMore(o.invitations, async (page) => (await run(InvitationsMore, { org, page })).organization.invitations);
  const d = { organization: o };
  return (
          <>
            <h1>Members of {d.organization.title}</h1>
            <ErrorNotice error={action.error} />
            <section aria-labelledby="members-h">
              <h2 id="members-h">Members ({d.organization.members.count})</h2>
              <ul class="rows">
                {members.items.map((m) => (
                  <li key={m.id}>
                    <span>
                      <strong>{m.user.displayName}</strong> <span class="muted">{m.user.email}</span>
                      {m.disabled ? " · disabled" : ""}
                      <span class="muted"> · joined {when(m.joinedAt)}</span>
                    </span>
                    <span class="actions">
                      <label class="visually-hidden" for={`role-${m.id}`}>
                        Role of {m.user.displayName}
                      </label>
                      <select
                        id={`role-${m.id}`}
                        value={m.role ?? ""}
                        disabled={action.busy}
                        onChange={(e) => {
                          const r = (e.target as HTMLSelectElement).value;
                          action.run(async () => (await run(UpdateMember, { org, user: m.user.id, input: { role: role(r) } }), q.reload()));
                        }}
                      >
                        {roles.map(([v, t]) => (
                          <option key={v} value={v}>
                            {t}
                          </option>
                        ))}
                      </select>
                      <button type="button" disabled={action.busy} aria-label={`Remove ${m.user.displayName}`} onClick={() => action.run(async () => (await run(RemoveMember, { org, user: m.user.id }), q.reload()))}>
                        Remove
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
              <ShowMore list={members} what="members" count={d.organization.members.count} />
            </section>
            <section aria-labelledby="invitations-h">
              <h2 id="invitations-h">Pending invitations ({d.organization.invitations.count})</h2>
              <ul class="rows" data-testid="invitations">
                {invitations.items.map((i) => (
                  <li key={i.id}>
                    <span>
                      {i.email} <span class="muted">· {i.role ?? "guest"} · invited {when(i.createdAt)}</span>
                    </span>
                    <button type="button" disabled={action.busy} aria-label={`Revoke the invitation of ${i.email}`} onClick={() => action.run(async () => (await run(RevokeInvitation, { org, invitation: i.id }), q.reload()))}>
                      Revoke
                    </button>
                  </li>
                ))}
              </ul>
              <ShowMore list={invitations} what="invitations" count={d.organization.invitations.count} />
              <h3>Invite</h3>
              <ApiForm form={invite} submit="Send invitations" label="Invite by e-mail">
                <TextField form={invite} name="emails" label="E-mail addresses" hint="One or more, separated by spaces, commas or lines (at most 100)." rows={3} />
                <SelectField form={invite} name="role" label="Role" options={roles} />
              </ApiForm>
            </section>
          </>
  );
}
