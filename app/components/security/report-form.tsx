import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { fieldErrors } from "../../../domain/validation";
import {
  EMPTY_REPORT,
  REPORT_FIELDS,
  REPORT_LIMITS,
  SEVERITIES,
  VRT_CATEGORIES,
  VRT_SUBCATEGORIES,
  WEAKNESS_TYPES,
  reportInputSchema,
  reportMessages,
  type ReportField,
} from "../../../domain/vulnerability-report";
import { optionLabels, reportFieldCopy, securitySubmitCopy } from "../../content/security-submit";
import { checkAttachments } from "../../lib/check-attachments";
import { sendReport } from "../../lib/send-report";
import { AttachmentPicker, type ChosenFile } from "./attachment-picker";

type Values = Record<ReportField, string>;
type Errors = Partial<Record<ReportField, string>>;

const SELECT_OPTIONS: Partial<Record<ReportField, readonly string[]>> = {
  vrt_category: VRT_CATEGORIES,
  vrt_subcategory: VRT_SUBCATEGORIES,
  weakness_type: WEAKNESS_TYPES,
  severity: SEVERITIES,
};

const MULTILINE: ReadonlySet<ReportField> = new Set(["description", "reproduction_steps", "impact"]);

function validate(values: Values): Errors {
  const result = reportInputSchema.safeParse(values);
  return result.success ? {} : (fieldErrors(result.error) as Errors);
}

let fileCounter = 0;

/**
 * The vulnerability report form: validated in the page with the same schema as the server,
 * sent as multipart with upload progress, reset on success, kept intact on failure.
 */
export function ReportForm() {
  const [values, setValues] = useState<Values>(EMPTY_REPORT);
  const [touched, setTouched] = useState<Partial<Record<ReportField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [checkingFiles, setCheckingFiles] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState(0);
  const [reference, setReference] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (reference) successRef.current?.focus();
  }, [reference]);

  const clientErrors = validate(values);
  function errorFor(field: ReportField): string | undefined {
    if (serverErrors[field]) return serverErrors[field];
    return attempted || touched[field] ? clientErrors[field] : undefined;
  }

  function change(field: ReportField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  async function addFiles(chosen: File[]) {
    if (chosen.length === 0) return;
    setCheckingFiles(true);
    const { accepted, refused } = await checkAttachments(
      files.map((entry) => entry.file),
      chosen,
    );
    setFiles((current) => [...current, ...accepted.map((file) => ({ key: `file-${(fileCounter += 1)}`, file }))]);
    setFileProblems(refused);
    setCheckingFiles(false);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    setServerErrors({});
    const errors = validate(values);
    const firstInvalid = REPORT_FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }

    const body = new FormData();
    for (const field of REPORT_FIELDS) body.append(field, values[field]);
    files.forEach(({ file }, index) => body.append(`attachment_${index}`, file, file.name));

    setReference(null);
    setSubmitting(true);
    setProgress(0);
    const result = await sendReport(body, setProgress);
    setSubmitting(false);

    if (result.ok) {
      toast.success(reportMessages.submittedTitle, { description: reportMessages.submittedDescription });
      setValues(EMPTY_REPORT);
      setTouched({});
      setAttempted(false);
      setFiles([]);
      setFileProblems([]);
      setReference(result.reference);
      return;
    }

    // Keep everything as typed; say what the server refused, where it refused it.
    const fields = result.fields ?? {};
    const reportFieldErrors: Errors = {};
    const attachmentProblems: string[] = [];
    for (const [name, message] of Object.entries(fields)) {
      if ((REPORT_FIELDS as string[]).includes(name)) reportFieldErrors[name as ReportField] = message;
      else attachmentProblems.push(message);
    }
    setServerErrors(reportFieldErrors);
    if (attachmentProblems.length > 0) setFileProblems(attachmentProblems);
    toast.error(reportMessages.failedTitle, {
      description: result.error ?? reportMessages.failedDescription,
    });
    const firstServerInvalid = REPORT_FIELDS.find((field) => reportFieldErrors[field]);
    if (firstServerInvalid) document.getElementById(firstServerInvalid)?.focus();
  }

  function field(name: ReportField) {
    return (
      <Field
        key={name}
        name={name}
        value={values[name]}
        error={errorFor(name)}
        disabled={submitting}
        onChange={(value) => change(name, value)}
        onBlur={() => setTouched((current) => ({ ...current, [name]: true }))}
      />
    );
  }

  return (
    <div>
      {reference ? (
        <div
          ref={successRef}
          tabIndex={-1}
          role="status"
          className="mb-8 rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900"
        >
          <h2 className="text-lg font-semibold">{securitySubmitCopy.success.title}</h2>
          <p className="mt-2">{securitySubmitCopy.success.body(reference)}</p>
          <p className="mt-3 text-sm">
            {securitySubmitCopy.success.reference}:{" "}
            <strong className="font-mono text-base tracking-wider" data-reference>
              {reference}
            </strong>
          </p>
        </div>
      ) : null}

      <form method="post" noValidate onSubmit={submit} aria-busy={submitting} className="space-y-10">
        <FormSection title={securitySubmitCopy.sections.reporter}>
          <div className="grid gap-6 sm:grid-cols-2">
            {field("reporter_name")}
            {field("reporter_email")}
            {field("company")}
            {field("asset_affected")}
          </div>
        </FormSection>

        <FormSection title={securitySubmitCopy.sections.details}>
          <div className="grid gap-6 sm:grid-cols-2">
            <div className="sm:col-span-2">{field("vulnerability_title")}</div>
            {field("vrt_category")}
            {field("vrt_subcategory")}
            {field("weakness_type")}
            {field("severity")}
            <div className="sm:col-span-2">{field("description")}</div>
            <div className="sm:col-span-2">{field("reproduction_steps")}</div>
            <div className="sm:col-span-2">{field("impact")}</div>
          </div>
        </FormSection>

        <FormSection title={securitySubmitCopy.sections.attachments}>
          <AttachmentPicker
            files={files}
            problems={fileProblems}
            checking={checkingFiles}
            disabled={submitting}
            onFilesChosen={(chosen) => void addFiles(chosen)}
            onRemove={(key) => {
              setFiles((current) => current.filter((entry) => entry.key !== key));
              setFileProblems([]);
            }}
          />
        </FormSection>

        <div className="space-y-4">
          {submitting ? (
            <div>
              <div
                role="progressbar"
                aria-label={securitySubmitCopy.uploadProgress}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${progress}%` }} />
              </div>
              <p className="mt-2 text-sm text-slate-600">{securitySubmitCopy.uploading(progress)}</p>
            </div>
          ) : null}
          <button
            type="submit"
            disabled={!hydrated || submitting || checkingFiles}
            className="w-full rounded-lg bg-indigo-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
          >
            {submitting ? securitySubmitCopy.submitting : securitySubmitCopy.submit}
          </button>
        </div>
      </form>
    </div>
  );
}

function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="mb-6 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const inputClass =
  "mt-2 block w-full rounded-lg border px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 disabled:bg-slate-100 aria-[invalid=true]:border-red-500 border-slate-300";

function Field({
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
  const describedBy = [copy.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id: name,
    name,
    value,
    disabled,
    onBlur,
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

  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {copy.label}
      </label>
      {control}
      {copy.hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-500">
          {copy.hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
