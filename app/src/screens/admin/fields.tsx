// Custom fields: the fields every space of the organization may fill in.
import { CreateCustomField, CustomFieldsScreen as FieldsOp, DeleteCustomField } from "../../gen/operations";
import { ApiForm, Field, SelectField, useAction, useForm } from "../../lib/apiform";
import { run } from "../../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../../lib/query";
import { AdminNav } from "./manage";

const types: ReadonlyArray<readonly [string, string]> = [
  ["text", "Text"],
  ["number", "Number"],
  ["boolean", "Yes or no"],
  ["single-select", "One of a list"],
  ["multi-select", "Several of a list"],
  ["tags", "Tags"],
];

export function CustomFieldsScreen({ org }: { org: string }) {
  const q = useQuery(FieldsOp, { org });
  const action = useAction();
  const create = useForm({
    id: "new-field",
    initial: { name: "", title: "", type: "text", description: "", options: "" },
    reset: true,
    submit: async (v) => {
      const options = v.options
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      await run(CreateCustomField, {
        org,
        input: { name: v.name, title: v.title || null, type: v.type, description: v.description || null, options: options.length ? options : null },
      });
      await q.reload();
      return `Field ${v.name} created.`;
    },
  });
  return (
    <>
      <AdminNav org={org} current="custom-fields" />
      <Loaded q={q}>
        {(d) => (
          <>
            <h1>Custom fields ({d.organization.customFields.count})</h1>
            <ErrorNotice error={action.error} />
            <ul class="rows">
              {d.organization.customFields.items.map((f) => (
                <li key={f.id}>
                  <span>
                    <strong>{f.title || f.name}</strong> <code>{f.name}</code> <span class="muted">· {f.type}</span>
                    {f.options?.length ? <span class="muted"> · {f.options.join(", ")}</span> : null}
                  </span>
                  <button type="button" disabled={action.busy} aria-label={`Delete the field ${f.name}`} onClick={() => action.run(async () => (await run(DeleteCustomField, { org, name: f.name }), q.reload()))}>
                    Delete
                  </button>
                </li>
              ))}
            </ul>
            <h2>New field</h2>
            <ApiForm form={create} submit="Create field" label="New custom field">
              <Field form={create} name="name" label="Name" hint="Lower-case letters, digits, '_' and '-'; at most 50." />
              <Field form={create} name="title" label="Title (optional)" />
              <SelectField form={create} name="type" label="Type" options={types} />
              <Field form={create} name="description" label="Description (optional)" />
              <Field form={create} name="options" label="Options" hint="For a list: its options, separated by commas." />
            </ApiForm>
          </>
        )}
      </Loaded>
    </>
  );
}
