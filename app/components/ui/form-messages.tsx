/** A field's error under it, named by `id` for the field's aria-describedby; nothing without one. */
export function FieldError({ id, error, gap = "mt-1" }: { id: string; error: string | undefined; gap?: "mt-1" | "mt-2" }) {
  if (!error) return null;
  return (
    <p id={id} className={`${gap} text-sm text-red-700`}>
      {error}
    </p>
  );
}

/** A form's own error (not one field's), announced as it appears; nothing without one. */
export function FormAlert({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
      {error}
    </p>
  );
}
