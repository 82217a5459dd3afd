// Field errors: the API's message for one input field, next to the field
// (give the input aria-describedby={id}).
import type { OperationError } from "./graphql";

export function FieldError({ id, error, field }: { id: string; error: OperationError | null; field: string }) {
  const msg = error?.forField(field);
  return (
    <span id={id} class="field-error" role={msg ? "alert" : undefined}>
      {msg ?? ""}
    </span>
  );
}
