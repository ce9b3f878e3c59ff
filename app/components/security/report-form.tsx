import { lazy, Suspense, useState } from "react";
import { flushSync } from "react-dom";
import {
  EMPTY_REPORT,
  REPORT_FIELDS,
  REPORT_LIMITS,
  reportMessages,
  VRT_SUBCATEGORIES,
  type ReportField,
} from "../../../domain/report-fields";
import { reportFieldCopy, securitySubmitCopy } from "../../content/security-submit";
import { replaceToast } from "../../lib/browser/notify";
import { useHydrated } from "../../lib/browser/use-hydrated";
import type { checkAttachments } from "../../lib/reports/check-attachments";
import type { sendReport } from "../../lib/reports/send-report";
import type { SummaryItem } from "../ui/error-summary";
import { AttachmentPicker, type ChosenFile } from "./attachment-picker";
import { ReportFormField } from "./report-field";

type Values = Record<ReportField, string>;
type Errors = Partial<Record<ReportField, string>>;

/** The summary's line for a field: its label and, briefly, what is wrong with it. */
function summaryItem(field: ReportField, value: string): SummaryItem {
  const copy = securitySubmitCopy.errorSummary;
  const length = value.trim().length;
  let reason: string = copy.other;
  if (length === 0) reason = copy.missing;
  else if (field === "reporter_email") reason = copy.invalidEmail;
  else if (field === "description" && length < REPORT_LIMITS.description_min) {
    reason = copy.tooShort(length, REPORT_LIMITS.description_min);
  }
  return { fieldId: field, text: copy.item(reportFieldCopy[field].label, reason) };
}

type Validate = (values: Values) => Errors;
type FormChecks = { validate: Validate; checkAttachments: typeof checkAttachments; sendReport: typeof sendReport };

// The schema (and its library), the file checks and the sender load when the form is first used
// (focus, input or submit), not with the page: a reader who never fills it in never pays for them
// (decision 074).
let formChecks: Promise<FormChecks> | undefined;
function loadFormChecks(): Promise<FormChecks> {
  void loadConfirmation();
  formChecks ??= Promise.all([
    import("../../lib/reports/validate-report"),
    import("../../lib/reports/check-attachments"),
    import("../../lib/reports/send-report"),
  ]).then(([validation, attachments, sender]) => ({
    validate: validation.validateReport,
    checkAttachments: attachments.checkAttachments,
    sendReport: sender.sendReport,
  }));
  return formChecks;
}

// The screen a sent report leaves: fetched with the form's checks, not with the page (docs/decisions/190).
const loadConfirmation = () => import("./report-confirmation");
const ReportConfirmation = lazy(loadConfirmation);

// Shown only after a refused submit: loaded then, not with the page (decision 074).
const ErrorSummary = lazy(() => import("../ui/error-summary").then((module) => ({ default: module.ErrorSummary })));

let fileCounter = 0;

/** One toast for the form: a new one replaces the last. */
const TOAST_ID = "report-form";

/**
 * The vulnerability report form: validated in the page with the same schema as the server,
 * sent as multipart with upload progress, reset on success, kept intact on failure.
 */
export function ReportForm({ attachmentRule }: { attachmentRule?: string }) {
  const { values, setValues, setTouched, setAttempted, setServerErrors, validate, setValidate, prepareChecks, errorFor, summary, change } =
    useReportValues();
  const attachments = useChosenFiles();
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState(0);
  const [reference, setReference] = useState<string | null>(null);
  const [casePath, setCasePath] = useState("");
  const hydrated = useHydrated();
  const busy = submitting || attachments.checking;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    setServerErrors({});
    const { validate: run, sendReport } = await loadFormChecks();
    if (!validate) setValidate({ run });
    const errors = run(values);
    const firstInvalid = REPORT_FIELDS.find((field) => errors[field]);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }

    const body = new FormData();
    for (const field of REPORT_FIELDS) body.append(field, values[field]);
    attachments.files.forEach(({ file }, index) => body.append(`attachment_${index}`, file, file.name));

    setReference(null);
    setSubmitting(true);
    setProgress(0);
    const result = await sendReport(body, setProgress);
    setSubmitting(false);

    if (result.ok) {
      replaceToast(TOAST_ID, "success", reportMessages.submittedTitle, reportMessages.submittedDescription);
      setValues(EMPTY_REPORT);
      setTouched({});
      setAttempted(false);
      attachments.clear();
      setReference(result.reference);
      // The page's own origin: SITE_URL may name another host in front of this one.
      setCasePath(result.caseUrl ? new URL(result.caseUrl).pathname : "");
      return;
    }

    // Keep everything as typed; say what the server refused, where it refused it.
    const { reportFieldErrors, attachmentProblems } = splitRefusal(result.fields ?? {});
    setServerErrors(reportFieldErrors);
    if (attachmentProblems.length > 0) attachments.setProblems(attachmentProblems);
    replaceToast(TOAST_ID, "error", reportMessages.failedTitle, result.error ?? reportMessages.failedDescription);
    const firstServerInvalid = REPORT_FIELDS.find((field) => reportFieldErrors[field]);
    if (firstServerInvalid) document.getElementById(firstServerInvalid)?.focus();
  }

  function reportAnother() {
    setReference(null);
    // The empty form is back: start it from its first field.
    requestAnimationFrame(() => document.getElementById("reporter_name")?.focus());
  }

  function field(name: ReportField) {
    return (
      <ReportFormField
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

  if (reference) {
    return (
      <Suspense fallback={null}>
        <ReportConfirmation reference={reference} casePath={casePath} onAnother={reportAnother} />
      </Suspense>
    );
  }

  return (
    <div>
      <form
        method="post"
        noValidate
        onSubmit={submit}
        onFocusCapture={prepareChecks}
        onInputCapture={prepareChecks}
        aria-busy={submitting}
        className="space-y-10"
      >
        {summary.length > 0 ? (
          <Suspense fallback={null}>
            <ErrorSummary title={securitySubmitCopy.errorSummary.title(summary.length)} items={summary} />
          </Suspense>
        ) : null}
        <p className="text-sm text-slate-600">{securitySubmitCopy.requiredNote}</p>
        <ReportSections field={field}>
          <AttachmentPicker
            rule={attachmentRule}
            files={attachments.files}
            problems={attachments.problems}
            checking={attachments.checking}
            disabled={submitting}
            onFilesChosen={(chosen) => void attachments.add(chosen)}
            onRemove={attachments.remove}
          />
        </ReportSections>

        <SubmitRow submitting={submitting} busy={busy} hydrated={hydrated} progress={progress} />
      </form>
    </div>
  );
}

/**
 * A titled part of the form, on the site's white card. Its classes are written out rather than read
 * from card-style.ts: that module would be a chunk of its own for this page, which sits at the edge
 * of the JavaScript budget.
 */
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

/** The server's refusal, split into the report's fields and the attachments' problems. */
function splitRefusal(fields: Record<string, string>): { reportFieldErrors: Errors; attachmentProblems: string[] } {
  const reportFieldErrors: Errors = {};
  const attachmentProblems: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    if ((REPORT_FIELDS as string[]).includes(name)) reportFieldErrors[name as ReportField] = message;
    else attachmentProblems.push(message);
  }
  return { reportFieldErrors, attachmentProblems };
}

/** The upload's progress while a report is sent, and the submit button. */
function SubmitRow({ submitting, busy, hydrated, progress }: { submitting: boolean; busy: boolean; hydrated: boolean; progress: number }) {
  return (
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
      {/* Inert until the page is interactive, but dimmed only while busy: the button does not
          flash dimmed on every visit while the page's JavaScript arrives. */}
      <button
        type="submit"
        disabled={!hydrated || busy}
        data-busy={busy || undefined}
        className="w-full rounded-lg bg-indigo-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-indigo-800 data-busy:cursor-not-allowed data-busy:opacity-60 sm:w-auto"
      >
        {submitting ? securitySubmitCopy.submitting : securitySubmitCopy.submit}
      </button>
    </div>
  );
}

/** The files chosen to go with the report, checked as they are added. */
function useChosenFiles() {
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);

  async function add(chosen: File[]) {
    if (chosen.length === 0) return;
    setChecking(true);
    const { checkAttachments } = await loadFormChecks();
    const { accepted, refused } = await checkAttachments(
      files.map((entry) => entry.file),
      chosen,
    );
    setFiles((current) => [...current, ...accepted.map((file) => ({ key: `file-${(fileCounter += 1)}`, file }))]);
    setProblems(refused);
    setChecking(false);
  }

  function remove(key: string) {
    setFiles((current) => current.filter((entry) => entry.key !== key));
    setProblems([]);
  }

  function clear() {
    setFiles([]);
    setProblems([]);
  }

  return { files, problems, checking, add, remove, clear, setProblems };
}

/** The form's three parts, in the specification's order; the attachments' picker is `children`. */
function ReportSections({ field, children }: { field: (name: ReportField) => React.ReactNode; children: React.ReactNode }) {
  return (
    <>
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
        {children}
      </FormSection>
    </>
  );
}

/** What is typed in the report's fields, and which of them to show as wrong (checked once the checks have loaded). */
function useReportValues() {
  const [values, setValues] = useState<Values>(EMPTY_REPORT);
  const [touched, setTouched] = useState<Partial<Record<ReportField, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [validate, setValidate] = useState<{ run: Validate } | null>(null);

  function prepareChecks() {
    if (!validate) {
      // Rendered at once with the latest keystrokes: an update left to React's scheduler could
      // commit a render made before them and take the last typed letters out of the field.
      void loadFormChecks().then((checks) => flushSync(() => setValidate({ run: checks.validate })));
    }
  }

  const clientErrors = validate ? validate.run(values) : {};
  function errorFor(field: ReportField): string | undefined {
    if (serverErrors[field]) return serverErrors[field];
    return attempted || touched[field] ? clientErrors[field] : undefined;
  }
  // After a refused submit: every field still wrong, in the order of the form.
  const summary = attempted || Object.keys(serverErrors).length > 0
    ? REPORT_FIELDS.filter((field) => serverErrors[field] ?? (attempted ? clientErrors[field] : undefined)).map((field) =>
        summaryItem(field, values[field]),
      )
    : [];

  function change(field: ReportField, value: string) {
    // The subcategory's one option goes with a chosen category (the specification offers only "Other").
    const subcategory = field === "vrt_category" && value ? { vrt_subcategory: VRT_SUBCATEGORIES[0] } : {};
    setValues((current) => ({ ...current, ...subcategory, [field]: value }));
    setServerErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  return { values, setValues, setTouched, setAttempted, setServerErrors, validate, setValidate, prepareChecks, errorFor, summary, change };
}
