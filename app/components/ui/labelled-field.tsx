import type { ReactNode } from "react";
import { FieldError } from "./form-messages";

/** What the control inside a LabelledField is given: its id, and how its hint and error describe it. */
export type FieldControlProps = { id: string; "aria-describedby": string | undefined; "aria-invalid": true | undefined };

/**
 * A form field: its label, the control (rendered by `children` with the props it must spread),
 * an optional hint and the field's error under it. The hint is `${id}-hint`, the error
 * `${id}-error`; the control is described by whichever is shown (docs/decisions/181).
 */
export function LabelledField({
  id,
  label,
  hint,
  error,
  className,
  labelClassName = "block text-sm font-medium text-slate-800",
  hintClassName = "mt-1 text-sm text-slate-600",
  errorGap,
  hintFirst = false,
  after,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | undefined;
  className?: string;
  labelClassName?: string;
  hintClassName?: string;
  errorGap?: "mt-1" | "mt-2";
  /** The hint between the label and the control, for a hint to read before typing. */
  hintFirst?: boolean;
  /** Shown under the error: what belongs to the field but does not describe it. */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const hintText = hint ? (
    <p id={hintId} className={hintClassName}>
      {hint}
    </p>
  ) : null;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hintFirst ? hintText : null}
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hintFirst ? null : hintText}
      <FieldError id={errorId} error={error} gap={errorGap} />
      {after}
    </div>
  );
}
