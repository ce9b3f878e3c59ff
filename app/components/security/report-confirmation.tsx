import { useState } from "react";
import { reportConfirmationCopy as copy } from "../../content/report-confirmation";
import { Confirmation } from "../ui/form-messages";

/**
 * What a sent report leaves in place of the form (docs/decisions/190): its reference, the case
 * page's whole address with a copy button, what happens next, and "Report another", which
 * brings the empty form back. Loaded only once a report is on its way.
 */
export default function ReportConfirmation({ reference, casePath, onAnother }: { reference: string; casePath: string; onAnother: () => void }) {
  return (
    <Confirmation className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-950 sm:p-8">
      <h2 className="text-2xl font-semibold">{copy.title}</h2>
      <p className="mt-2">{copy.body(reference)}</p>
      <p className="mt-4">
        {copy.reference}:{" "}
        <strong className="font-mono text-xl tracking-wider" data-reference>
          {reference}
        </strong>
      </p>
      {casePath ? <CaseAddress casePath={casePath} /> : null}
      <h3 className="mt-6 text-lg font-semibold">{copy.nextTitle}</h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        {copy.next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <button
        type="button"
        onClick={onAnother}
        className="mt-6 inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-5 font-semibold text-emerald-900 hover:bg-emerald-100"
      >
        {copy.another}
      </button>
    </Confirmation>
  );
}

/** The case page's address in full (this page's own origin), its link, and a button that copies it. */
function CaseAddress({ casePath }: { casePath: string }) {
  const address = `${window.location.origin}${casePath}`;
  const [copied, setCopied] = useState<"yes" | "failed" | undefined>();

  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(address);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <section aria-labelledby="case-address-title" className="mt-6 rounded-xl border border-emerald-200 bg-white p-4">
      <h3 id="case-address-title" className="text-lg font-semibold">
        {copy.caseTitle}
      </h3>
      <p className="mt-1 text-sm">{copy.caseHint}</p>
      <dl className="mt-3">
        <dt className="text-sm font-medium">{copy.caseAddressLabel}</dt>
        <dd className="mt-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900" data-case-address>
          {address}
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a href={casePath} className="inline-flex min-h-11 items-center rounded-lg bg-emerald-800 px-4 font-semibold text-white hover:bg-emerald-900">
          {copy.caseLink}
        </a>
        <button
          type="button"
          onClick={() => void copyAddress()}
          className="inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-4 font-semibold text-emerald-900 hover:bg-emerald-100"
        >
          {copy.copy}
        </button>
        <span role="status" className="text-sm">
          {copied === "yes" ? copy.copied : copied === "failed" ? copy.copyFailed : ""}
        </span>
      </div>
    </section>
  );
}
