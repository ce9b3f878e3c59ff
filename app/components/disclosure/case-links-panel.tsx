import { useState } from "react";
import { useRevalidator } from "react-router";
import { caseTexts, type CaseLinkView } from "../../../domain/disclosure-case";
import { formatAdminDate } from "../../lib/dates";
import { Confirmation, FormAlert } from "../ui/form-messages";
import { CasePanel } from "./case-panel";
import { send } from "./case-request";

/**
 * "Links to this case" (docs/decisions/177): every link that opens the case, when it was sent and
 * with what, when it was last used, the one in use marked; and a way to end those issued before it.
 */
export function CaseLinksPanel({ api, links }: { api: string; links: CaseLinkView[] }) {
  const revalidator = useRevalidator();
  const [failure, setFailure] = useState<string>();
  const [ended, setEnded] = useState(false);
  const [busy, setBusy] = useState(false);
  // Newest first: the links after the one in use are the older ones, the only ones it can end.
  const older = links.length - 1 - links.findIndex((link) => link.current);

  async function endOthers() {
    setBusy(true);
    setEnded(false);
    const failed = await send(`${api}/end-other-links`, { method: "POST" });
    setBusy(false);
    setFailure(failed?.error);
    if (failed) return;
    setEnded(true);
    await revalidator.revalidate();
  }

  return (
    <CasePanel id="links-title" title={caseTexts.linksTitle} lead={caseTexts.linksLead}>
      <div className="mt-4 overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">{caseTexts.linkIssued}</th>
              <th scope="col" className="py-2 pr-4 font-semibold">{caseTexts.linkIssuedFor}</th>
              <th scope="col" className="py-2 font-semibold">{caseTexts.linkLastUsed}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {links.map((link, index) => (
              <tr key={`${link.issuedAt}-${index}`} aria-current={link.current ? "true" : undefined} className={link.current ? "bg-indigo-50" : undefined}>
                <td className="py-2 pr-4 text-slate-900">
                  {formatAdminDate(link.issuedAt)}
                  {link.current ? <strong className="ml-2 rounded bg-indigo-700 px-2 py-0.5 text-xs text-white">{caseTexts.linkCurrent}</strong> : null}
                </td>
                <td className="py-2 pr-4 text-slate-700">{link.issuedFor ? caseTexts.linkIssuedForLabels[link.issuedFor] : caseTexts.linkIssuedForUnknown}</td>
                <td className="py-2 text-slate-700">{link.lastUsedAt ? formatAdminDate(link.lastUsedAt) : caseTexts.linkNeverUsed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 space-y-3">
        <FormAlert error={failure} />
        {older > 0 ? (
          <button
            type="button"
            onClick={() => void endOthers()}
            disabled={busy}
            className="rounded-lg border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            {busy ? caseTexts.endingOtherLinks : caseTexts.endOtherLinks}
          </button>
        ) : (
          <p className="text-sm text-slate-600">{links.length === 1 ? caseTexts.onlyLink : caseTexts.noOlderLinks}</p>
        )}
        {ended ? <Confirmation className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">{caseTexts.otherLinksEnded}</Confirmation> : null}
      </div>
    </CasePanel>
  );
}
