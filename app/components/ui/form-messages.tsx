import { useEffect, useRef } from "react";

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

/**
 * The lasting confirmation a form shows once it has been sent: announced as a status and given
 * the focus as it appears, so keyboard and screen-reader users land on it (decision 111). Render
 * it only while there is something to confirm; the look and the words are the caller's.
 */
export function Confirmation({ className, children }: { className: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Brought to the top of the view below the sticky header (and, on a phone, below the toast
    // that says the same): its scroll margin says how far down.
    ref.current?.focus({ preventScroll: true });
    ref.current?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className={`scroll-mt-24 sm:scroll-mt-4 ${className}`}>
      {children}
    </div>
  );
}
