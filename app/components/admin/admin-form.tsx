import { useId, type ComponentProps, type ReactNode } from "react";

/** The admin forms' text inputs; the border colour (normal or invalid) is added where used. */
export const adminInputClass =
  "mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:ring-2 focus:ring-indigo-600 focus:outline-none";

/** The look of a field's label, also for the editor's label, which names it through an id. */
export const fieldLabelClass = "block text-sm font-medium text-slate-700";

/** The label above an admin form field. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={fieldLabelClass}>
      {children}
    </label>
  );
}

const buttonVariants = {
  primary: "rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800",
  secondary: "rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50",
  outline: "rounded-md border border-indigo-300 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50",
  warning: "rounded-md bg-amber-800 px-3 py-1.5 font-semibold text-white hover:bg-amber-900",
  warningOutline: "rounded-md border border-amber-800 px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100",
} as const;

/** A disabled button looks disabled: grey, no hover, the not-allowed cursor (decision 192). */
const disabledLook =
  "disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600 disabled:hover:bg-slate-200";

/**
 * A button of the admin forms; `type` is "button" unless said, `className` adds to the variant's
 * look. `disabledReason` says why it is disabled, as its accessible description, while it is.
 */
export function AdminButton({
  variant,
  type = "button",
  className,
  disabledReason,
  ...props
}: ComponentProps<"button"> & { variant: keyof typeof buttonVariants; disabledReason?: string }) {
  const reasonId = useId();
  const look = `${buttonVariants[variant]} ${disabledLook}${className ? ` ${className}` : ""}`;
  const explained = Boolean(props.disabled && disabledReason);
  return (
    <>
      <button type={type} className={look} aria-describedby={explained ? reasonId : undefined} {...props} />
      {explained ? (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      ) : null}
    </>
  );
}
