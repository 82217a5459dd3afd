// Teams and their members: create and delete teams, add and remove members,
// make a member the team's owner.
import { CreateTeam, DeleteTeam, RemoveTeamMember, SetTeamMember, TeamsScreen as TeamsOp, UpdateTeamMembers, type TeamsScreenResult } from "../../gen/operations";
import { ApiForm, Field, SelectField, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { AdminNav } from "./manage";

type Team = TeamsScreenResult["organization"]["teams"]["items"][number];
type Members = TeamsScreenResult["organization"]["members"]["items"];

export function TeamsScreen({ org }: { org: string }) {
  const q = useQuery(TeamsOp, { org });
  const create = useForm({
    id: "new-team",
    initial: { title: "" },
    reset: true,
    submit: async (v) => {
      await run(CreateTeam, { org, input: { title: v.title } });
      await q.reload();
      return `Team ${v.title} created.`;
    },
  });
  return (
    <>
      <AdminNav org={org} current="teams" />
      <Loaded q={q}>
        {(d) => (
          <>
            <h1>Teams ({d.organization.teams.count})</h1>
            {d.organization.teams.items.map((t) => (
              <TeamCard key={t.id} org={org} team={t} members={d.organization.members.items} reload={q.reload} />
            ))}
            <h2>New team</h2>
            <ApiForm form={create} submit="Create team" label="New team">
              <Field form={create} name="title" label="Title" />
            </ApiForm>
          </>
        )}
      </Loaded>
    </>
  );
}

function TeamCard({ org, team, members, reload }: { org: string; team: Team; members: Members; reload: () => Promise<void> }) {
  const action = useAction();
  const inTeam = new Set(team.teamMembers.items.map((m) => m.organization.user.id));
  const others = members.filter((m) => !inTeam.has(m.user.id));
  const add = useForm({
    id: `add-${team.id}`,
    initial: { member: "" },
    reset: true,
    api: { member: "add" },
    submit: async (v) => {
      await run(UpdateTeamMembers, { org, team: team.id, input: { add: [v.member] } });
      await reload();
    },
  });
  return (
    <section class="card" aria-labelledby={`team-${team.id}`}>
      <h2 id={`team-${team.id}`}>
        {team.title} <span class="muted">({team.members} members)</span>
      </h2>
      <ErrorNotice error={action.error} />
      <ul class="rows">
        {team.teamMembers.items.map((m) => (
          <li key={m.organization.user.id}>
            <span>
              {m.organization.user.displayName} <span class="muted">· {m.team.role}</span>
            </span>
            <span class="actions">
              {m.team.role !== "owner" && (
                <button type="button" disabled={action.busy} aria-label={`Make ${m.organization.user.displayName} owner of ${team.title}`} onClick={() => action.run(async () => (await run(SetTeamMember, { org, team: team.id, user: m.organization.user.id, input: { role: "owner" } }), reload()))}>
                  Make owner
                </button>
              )}
              <button type="button" disabled={action.busy} aria-label={`Remove ${m.organization.user.displayName} from ${team.title}`} onClick={() => action.run(async () => (await run(RemoveTeamMember, { org, team: team.id, user: m.organization.user.id }), reload()))}>
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <ApiForm form={add} submit="Add to team" label={`Add a member to ${team.title}`}>
          <SelectField form={add} name="member" label="Member" options={[["", "Choose a member"], ...others.map((m) => [m.user.id, `${m.user.displayName} (${m.user.email})`] as const)]} />
        </ApiForm>
      )}
      <button type="button" class="danger" disabled={action.busy} onClick={() => action.run(async () => (await run(DeleteTeam, { org, team: team.id }), reload()))}>
        Delete team {team.title}
      </button>
    </section>
  );
}
