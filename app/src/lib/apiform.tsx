// useForm: a form whose submit runs mutations. The API's errors land where
// they happened: an INVALID error names its input field in
// extensions.field (docs/api/graphql.md, "Errors"), so its message is shown
// next to that field, the field is marked aria-invalid and focused; an
// error about no field of the form is shown above its button. Nothing a
// person typed is lost: values are cleared only after a success, and only
// when the form asks for it.
import type { ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { OperationError } from "./graphql";

type Values = Record<string, string | boolean>;

export interface Form<V extends Values> {
  readonly id: string;
  readonly values: V;
  readonly busy: boolean;
  readonly error: OperationError | null;
  /** Done after the last success (a short line saying what happened), until the next edit. */
  readonly done: string;
  set<K extends keyof V>(name: K, value: V[K]): void;
  /** The message for the field whose API name (or form name) is name. */
  fieldError(name: keyof V & string): string | undefined;
  /** The errors that name no field of the form, in words. */
  formErrors(): string[];
  /** onSubmit for the <form>. */
  onSubmit: (ev: Event) => void;
}

export interface FormOptions<V extends Values> {
  /** A prefix for the ids of the form's elements (unique on the screen). */
  id: string;
  initial: V;
  /** The API's name of a field when it is not the form's (`name` for the form's `tokenName`). */
  api?: Partial<Record<keyof V & string, string>>;
  /** Runs the mutations; its answer (if a string) is shown once done. */
  submit: (values: V) => Promise<string | void>;
  /** Start again from initial after a success (a form that adds things). */
  reset?: boolean;
}

function asOperationError(e: unknown): OperationError {
  return e instanceof OperationError ? e : new OperationError([{ message: String((e as Error)?.message ?? e) }]);
}

/** The field an error is about: extensions.field, else a message's "name: ..." prefix. */
export function errorField(e: { message: string; extensions?: { field?: string } }): string | undefined {
  if (typeof e.extensions?.field === "string") return e.extensions.field;
  const m = /^([A-Za-z][\w.]*): /.exec(e.message);
  return m?.[1];
}

export function useForm<V extends Values>(opts: FormOptions<V>): Form<V> {
  const [values, setValues] = useState<V>(opts.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);
  const [done, setDone] = useState("");
  const ref = useRef(opts);
  ref.current = opts;
  const apiName = (name: string) => (ref.current.api as Record<string, string> | undefined)?.[name] ?? name;
  const owner = (field: string | undefined): string | undefined => {
    if (!field) return undefined;
    for (const name of Object.keys(ref.current.initial)) {
      const api = apiName(name);
      // A nested field (range.to, emails[2]) belongs to its first part.
      if (field === api || field.startsWith(api + ".") || field.startsWith(api + "[")) return name;
    }
    return undefined;
  };
  const form: Form<V> = {
    id: opts.id,
    values,
    busy,
    error,
    done,
    set(name, value) {
      setValues((v) => ({ ...v, [name]: value }));
      setDone("");
    },
    fieldError(name) {
      return error?.errors.find((e) => owner(errorField(e)) === name)?.message;
    },
    formErrors() {
      return (error?.errors ?? []).filter((e) => !owner(errorField(e))).map((e) => e.message);
    },
    onSubmit(ev: Event) {
      ev.preventDefault();
      if (busy) return;
      setBusy(true);
      setDone("");
      const submitted = values;
      ref.current
        .submit(submitted)
        .then((said) => {
          setError(null);
          setDone(typeof said === "string" ? said : "");
          if (ref.current.reset) setValues(ref.current.initial);
        })
        .catch((e) => {
          const err = asOperationError(e);
          setError(err);
          // Focus the first field the API refused, so a keyboard or
          // screen reader user lands on it with its message.
          const first = err.errors.map((x) => owner(errorField(x))).find(Boolean);
          if (first) setTimeout(() => document.getElementById(`${ref.current.id}-${first}`)?.focus(), 0);
        })
        .finally(() => setBusy(false));
    },
  };
  return form;
}

/** A labelled text input bound to a form field, with the API's message for it. */
export function Field<V extends Values>({ form, name, label, hint, type = "text", autoComplete }: { form: Form<V>; name: keyof V & string; label: string; hint?: string; type?: "text" | "url" | "email" | "date"; autoComplete?: string }) {
  const id = `${form.id}-${name}`;
  const msg = form.fieldError(name);
  const described = [hint ? `${id}-hint` : "", `${id}-error`].filter(Boolean).join(" ");
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        type={type as "text"}
        autoComplete={autoComplete}
        id={id}
        name={name}
        value={String(form.values[name] ?? "")}
        aria-invalid={msg ? true : undefined}
        aria-describedby={described}
        onInput={(e) => form.set(name, (e.target as HTMLInputElement).value as V[typeof name])}
      />
      {hint && (
        <small id={`${id}-hint`} class="muted">
          {hint}
        </small>
      )}
      <span id={`${id}-error`} class="field-error">
        {msg ?? ""}
      </span>
    </div>
  );
}

/** A labelled multi-line text bound to a form field (certificates, lists of addresses). */
export function TextField<V extends Values>({ form, name, label, hint, rows = 4 }: { form: Form<V>; name: keyof V & string; label: string; hint?: string; rows?: number }) {
  const id = `${form.id}-${name}`;
  const msg = form.fieldError(name);
  const described = [hint ? `${id}-hint` : "", `${id}-error`].filter(Boolean).join(" ");
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea id={id} name={name} rows={rows} value={String(form.values[name] ?? "")} aria-invalid={msg ? true : undefined} aria-describedby={described} onInput={(e) => form.set(name, (e.target as HTMLTextAreaElement).value as V[typeof name])} />
      {hint && (
        <small id={`${id}-hint`} class="muted">
          {hint}
        </small>
      )}
      <span id={`${id}-error`} class="field-error">
        {msg ?? ""}
      </span>
    </div>
  );
}

/** A labelled select bound to a form field. */
export function SelectField<V extends Values>({ form, name, label, options }: { form: Form<V>; name: keyof V & string; label: string; options: ReadonlyArray<readonly [string, string]> }) {
  const id = `${form.id}-${name}`;
  const msg = form.fieldError(name);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} name={name} value={String(form.values[name] ?? "")} aria-invalid={msg ? true : undefined} aria-describedby={`${id}-error`} onChange={(e) => form.set(name, (e.target as HTMLSelectElement).value as V[typeof name])}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <span id={`${id}-error`} class="field-error">
        {msg ?? ""}
      </span>
    </div>
  );
}

/** A checkbox bound to a boolean form field. */
export function CheckField<V extends Values>({ form, name, label }: { form: Form<V>; name: keyof V & string; label: string }) {
  const id = `${form.id}-${name}`;
  const msg = form.fieldError(name);
  return (
    <div class="field check">
      <input type="checkbox" id={id} name={name} checked={!!form.values[name]} aria-describedby={`${id}-error`} onChange={(e) => form.set(name, (e.target as HTMLInputElement).checked as V[typeof name])} />
      <label for={id}>{label}</label>
      <span id={`${id}-error`} class="field-error">
        {msg ?? ""}
      </span>
    </div>
  );
}

/** The form element: its fields, the errors that name none of them, the button and what was done. */
export function ApiForm<V extends Values>({ form, submit, children, label }: { form: Form<V>; submit: string; children: ComponentChildren; label?: string }) {
  const others = form.formErrors();
  return (
    <form class="api-form" onSubmit={form.onSubmit} aria-label={label} noValidate>
      {children}
      {others.length > 0 && (
        <div class="notice error" role="alert">
          {others.map((m, i) => (
            <p key={i}>{m}</p>
          ))}
        </div>
      )}
      <button type="submit" class="primary" disabled={form.busy}>
        {submit}
      </button>
      <span role="status" class="muted">
        {form.done}
      </span>
    </form>
  );
}

/**
 * useAction runs one mutation from a button (publish, revoke, delete) and
 * keeps its error beside the button until the next try.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      setError(null);
    } catch (e) {
      setError(asOperationError(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
