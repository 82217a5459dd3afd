// SAML providers: members sign in through an organization's identity
// provider once its sign-in URL, entity id and certificate are set.
import { CreateSAMLProvider, DeleteSAMLProvider, SAMLScreen as SAMLOp, UpdateSAMLProvider, type Role, type SAMLScreenResult } from "../../gen/operations";
import { ApiForm, CheckField, Field, SelectField, TextField, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { AdminNav, roles } from "./manage";

type Provider = SAMLScreenResult["organization"]["samlProviders"]["items"][number];
type Teams = SAMLScreenResult["organization"]["teams"]["items"];

export function SAMLScreen({ org }: { org: string }) {
  const q = useQuery(SAMLOp, { org });
  const create = useForm({
    id: "new-saml",
    initial: { label: "" },
    reset: true,
    submit: async (v) => {
      await run(CreateSAMLProvider, { org, input: { label: v.label } });
      await q.reload();
      return `Provider ${v.label} added: fill in its identity provider's settings below.`;
    },
  });
  return (
    <>
      <AdminNav org={org} current="saml" />
      <Loaded q={q}>
        {(d) => (
          <>
            <h1>SAML single sign-on</h1>
            {d.organization.samlProviders.items.map((p) => (
              <ProviderCard key={p.id} org={org} p={p} teams={d.organization.teams.items} reload={q.reload} />
            ))}
            <h2>Add a provider</h2>
            <ApiForm form={create} submit="Add provider" label="New SAML provider">
              <Field form={create} name="label" label="Label" hint="The name members see, 1 to 30 characters." />
            </ApiForm>
          </>
        )}
      </Loaded>
    </>
  );
}

function ProviderCard({ org, p, teams, reload }: { org: string; p: Provider; teams: Teams; reload: () => Promise<void> }) {
  const action = useAction();
  const form = useForm({
    id: `saml-${p.id}`,
    initial: { label: p.label, ssoURL: p.ssoURL ?? "", entityID: p.entityID, certificate: p.certificate, defaultRole: p.defaultRole ?? "", defaultTeam: p.defaultTeam?.id ?? "", idpInitiated: p.idpInitiated },
    submit: async (v) => {
      await run(UpdateSAMLProvider, {
        org,
        provider: p.id,
        input: {
          label: v.label,
          ssoURL: v.ssoURL || null,
          entityID: v.entityID,
          certificate: v.certificate,
          defaultRole: v.defaultRole ? (v.defaultRole as Role) : null,
          defaultTeam: v.defaultTeam || null,
          idpInitiated: v.idpInitiated,
        },
      });
      await reload();
      return "Saved.";
    },
  });
  return (
    <section class="card" aria-labelledby={`saml-${p.id}-h`}>
      <h2 id={`saml-${p.id}-h`}>
        {p.label} <span class="badge">{p.status}</span>
      </h2>
      <dl class="pairs">
        <dt>ACS URL</dt>
        <dd>
          <code>{p.service.acsURL}</code>
        </dd>
        <dt>Entity id (metadata)</dt>
        <dd>
          <code>{p.service.entityID}</code>
        </dd>
        <dt>Sign-in starts at</dt>
        <dd>
          <code>{p.service.startURL}</code>
        </dd>
      </dl>
      <ApiForm form={form} submit="Save provider" label={`Settings of ${p.label}`}>
        <Field form={form} name="label" label="Label" />
        <Field form={form} name="ssoURL" label="Identity provider's sign-in URL" type="url" />
        <Field form={form} name="entityID" label="Identity provider's entity id" />
        <TextField form={form} name="certificate" label="Signing certificate (PEM)" rows={4} />
        <SelectField form={form} name="defaultRole" label="Role of new members" options={roles} />
        <SelectField form={form} name="defaultTeam" label="Team of new members" options={[["", "None"], ...teams.map((t) => [t.id, t.title] as const)]} />
        <CheckField form={form} name="idpInitiated" label="Accept sign-ins started at the identity provider" />
      </ApiForm>
      <ErrorNotice error={action.error} />
      <button type="button" class="danger" disabled={action.busy} onClick={() => action.run(async () => (await run(DeleteSAMLProvider, { org, provider: p.id }), reload()))}>
        Delete provider {p.label}
      </button>
    </section>
  );
}
