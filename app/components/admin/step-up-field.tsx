import { LabelledField } from "../ui/labelled-field";
import { adminInputClass, fieldLabelClass } from "./admin-form";

/** A labelled field of the account's forms, with its error tied to it for screen readers. */
export function StepUpField({
  id,
  label,
  value,
  onChange,
  error,
  type = "text",
  maxLength = 32,
  autoComplete = type === "password" ? "current-password" : "one-time-code",
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: "text" | "password";
  maxLength?: number;
  autoComplete?: string;
  className?: string;
}) {
  return (
    <LabelledField id={id} label={label} error={error} className={className} labelClassName={fieldLabelClass} errorGap="mt-2">
      {(control) => (
        <input
          {...control}
          type={type}
          value={value}
          autoComplete={autoComplete}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          className={`${adminInputClass} ${error ? "border-red-600" : "border-slate-500"}`}
        />
      )}
    </LabelledField>
  );
}
