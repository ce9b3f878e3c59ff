import { useState } from "react";
import { caseTexts, type CaseView } from "../../../domain/disclosure-case";
import { checkAttachments } from "../../lib/reports/check-attachments";
import { AttachmentPicker, type ChosenFile } from "../security/attachment-picker";
import { FormAlert } from "../ui/form-messages";
import { LabelledField } from "../ui/labelled-field";
import { CasePanel } from "./case-panel";
import { callCaseApi, type ApiFailure } from "./case-request";

let fileCounter = 0;

/**
 * The reporter's reply: text and files, the files chosen in the report form's own drop zone and
 * checked the same way. `lead` says what a reply does when there is something to say (a closed case).
 */
export function CaseReplyForm({
  api,
  attachmentRule,
  lead,
  onReplied,
}: {
  api: string;
  attachmentRule: string;
  lead?: string;
  onReplied: (view: CaseView) => void;
}) {
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function addFiles(chosen: File[]) {
    if (chosen.length === 0) return;
    setChecking(true);
    const { accepted, refused } = await checkAttachments(
      files.map((entry) => entry.file),
      chosen,
    );
    setFiles((current) => [...current, ...accepted.map((file) => ({ key: `reply-file-${(fileCounter += 1)}`, file }))]);
    setProblems(refused);
    setChecking(false);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(false);
    if (!body.trim() && files.length === 0) return setFailure({ fields: { body: caseTexts.messageRequired } });
    const form = new FormData();
    form.append("body", body);
    files.forEach(({ file }, index) => form.append(`attachment_${index}`, file, file.name));
    setBusy(true);
    const result = await callCaseApi<{ case: CaseView }>(`${api}/messages`, { method: "POST", body: form });
    setBusy(false);
    const failed = result.ok ? undefined : result;
    setFailure(failed);
    if (failed) {
      const fileProblems = Object.entries(failed.fields ?? {}).filter(([name]) => name.startsWith("attachment"));
      if (fileProblems.length > 0) setProblems(fileProblems.map(([, message]) => message));
      return;
    }
    setBody("");
    setFiles([]);
    setProblems([]);
    setSent(true);
    if (result.ok) onReplied(result.data.case);
  }

  return (
    <CasePanel id="reply-title" title={caseTexts.reply} lead={lead}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <FormAlert error={failure && !failure.fields ? failure.error : undefined} />
        <LabelledField id="case-reply" label={caseTexts.replyLabel} hint={caseTexts.replyHint} error={failure?.fields?.body}>
          {(control) => (
            <textarea
              {...control}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              rows={6}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
            />
          )}
        </LabelledField>
        <AttachmentPicker
          id="case-files"
          chooseLabel={caseTexts.addFiles}
          rule={attachmentRule}
          files={files}
          problems={problems}
          checking={checking}
          disabled={busy}
          onFilesChosen={(chosen) => void addFiles(chosen)}
          onRemove={(key) => {
            setFiles((current) => current.filter((entry) => entry.key !== key));
            setProblems([]);
          }}
        />
        <button
          type="submit"
          disabled={busy || checking}
          className="rounded-lg bg-indigo-700 px-5 py-2.5 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
        >
          {busy ? caseTexts.sending : caseTexts.send}
        </button>
        {sent ? (
          <p role="status" className="text-sm text-emerald-800">
            {caseTexts.sent}
          </p>
        ) : null}
      </form>
    </CasePanel>
  );
}
