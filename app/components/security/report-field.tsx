import {
  REPORT_LIMITS,
  SEVERITIES,
  VRT_CATEGORIES,
  VRT_SUBCATEGORIES,
  WEAKNESS_TYPES,
  type ReportField,
} from "../../../domain/report-fields";
import { optionLabels, reportFieldCopy, securitySubmitCopy } from "../../content/security-submit";
import { FieldError } from "../ui/form-messages";

const SELECT_OPTIONS: Partial<Record<ReportField, readonly string[]>> = {
  vrt_category: VRT_CATEGORIES,
  vrt_subcategory: VRT_SUBCATEGORIES,
  weakness_type: WEAKNESS_TYPES,
  severity: SEVERITIES,
};

const MULTILINE: ReadonlySet<ReportField> = new Set(["description", "reproduction_steps", "impact"]);

/** Every field but the company is required (specification, section 5). */
function isRequired(name: ReportField): boolean {
  return name !== "company";
}

const inputClass =
  "mt-2 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 disabled:bg-slate-100 aria-[invalid=true]:border-red-600 border-slate-500";

/**
 * One field of the report form: its label (with a visible * when required, which the
 * accessible name leaves out; `aria-required` says it instead), the control, a hint or the
 * description's live character count, and the field's message.
 */
export function ReportFormField({
  name,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: {
  name: ReportField;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const copy = reportFieldCopy[name];
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const counted = name === "description";
  const hasHint = Boolean(copy.hint) || counted;
  const describedBy = [hasHint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const required = isRequired(name);
  const common = {
    id: name,
    name,
    value,
    disabled,
    onBlur,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
  const options = SELECT_OPTIONS[name];
  const max = (REPORT_LIMITS as Partial<Record<ReportField, number>>)[name];

  let control: React.ReactNode;
  if (options) {
    control = (
      <select {...common} onChange={(event) => onChange(event.target.value)} className={inputClass}>
        <option value="" disabled>
          {copy.choose}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels[option] ?? option}
          </option>
        ))}
      </select>
    );
  } else if (MULTILINE.has(name)) {
    control = (
      <textarea
        {...common}
        rows={name === "description" ? 7 : 5}
        maxLength={max}
        placeholder={copy.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type={name === "reporter_email" ? "email" : "text"}
        autoComplete={name === "reporter_name" ? "name" : name === "reporter_email" ? "email" : name === "company" ? "organization" : "off"}
        maxLength={max}
        placeholder={copy.placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    );
  }

  const length = value.trim().length;
  const min = REPORT_LIMITS.description_min;
  return (
    <div>
      {/* The mark sits beside the label, so the field's name stays the specified label. */}
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={name} className="block text-slate-800">
          {copy.label}
        </label>
        {required ? (
          <span aria-hidden="true" data-required-mark className="text-red-700">
            *
          </span>
        ) : null}
      </div>
      {control}
      {counted ? (
        <p id={hintId} data-character-count className={`mt-1 text-sm ${length >= min ? "text-emerald-800" : "text-slate-600"}`}>
          {securitySubmitCopy.characterCount(length, min)}
        </p>
      ) : copy.hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {copy.hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
