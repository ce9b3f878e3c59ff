import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { isBackAfterReply } from "../../../../domain/disclosure-case";
import { scoreWords } from "../../../../domain/cvss-rating";
import type { TeamEvent } from "../../../../domain/report-triage";
import { ROLE_LABELS, type Actor } from "../../../../domain/roles";
import { TEAM_STATUSES } from "../../../../domain/report-status";
import { REPORT_STATUS_LABELS, type ReportStatus } from "../../../../domain/vulnerability-report";
import { triageCopy } from "../../../content/triage";
import { checkAttachments } from "../../../lib/reports/check-attachments";
import { AttachmentPicker, type ChosenFile } from "../../security/attachment-picker";
import { adminApi, type TriagedReport } from "../../../lib/admin/client";
import { useAdminCall } from "../../../lib/admin/hooks";
import { MessageText } from "../../disclosure/message-text";
import { LabelledField } from "../../ui/labelled-field";
import { AdminTime } from "../admin-panels";
import { AttachmentRow } from "./attachment-row";
import { reportButtonClass } from "./report-styles";

/** Replaces the loaded report with the one the API answered. */
export type ReportUpdate = (change: (data: { report: TriagedReport }) => { report: TriagedReport }) => void;

/** The timeline (status changes and messages of both sides), and the team's message to the reporter. */
export function Conversation({ report, update }: { report: TriagedReport; update: ReportUpdate }) {
  const copy = triageCopy.conversation;
  const id = useId();

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      {report.events.length === 0 ? (
        <p className="mt-3 text-slate-600">{copy.empty}</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {report.events.map((event) => (
            <TimelineEvent key={event.id} reportId={report.id} event={event} />
          ))}
        </ol>
      )}
      <MessageComposer report={report} update={update} />
    </section>
  );
}

let fileCounter = 0;

/**
 * The team's message: text, files checked as the reporter's are, and a status set in the same
 * step (one event, one email: docs/decisions/216). What was typed stays when sending fails.
 */
function MessageComposer({ report, update }: { report: TriagedReport; update: ReportUpdate }) {
  const copy = triageCopy.conversation;
  const run = useAdminCall();
  const id = useId();
  const [text, setText] = useState("");
  const [status, setStatus] = useState<ReportStatus | "">("");
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  async function addFiles(chosen: File[]) {
    if (chosen.length === 0) return;
    setChecking(true);
    const { accepted, refused } = await checkAttachments(files.map((entry) => entry.file), chosen);
    setFiles((current) => [...current, ...accepted.map((file) => ({ key: `team-file-${(fileCounter += 1)}`, file }))]);
    setProblems(refused);
    setChecking(false);
  }

  async function sendMessage(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    const sent = files.map((entry) => entry.file);
    const result = await run(adminApi.sendReportMessage(report.id, text, { status: status || undefined, files: sent }));
    setSending(false);
    if (!result.ok) {
      setErrors(result.fields ?? {});
      if (result.status !== 401) toast.error(copy.sendFailed, { description: result.error });
      return;
    }
    update(() => result.data);
    setText("");
    setStatus("");
    setFiles([]);
    setProblems([]);
    setErrors({});
    toast.success(copy.sent);
  }

  // The statuses a message may set: any the team may choose but the current one.
  const choices = TEAM_STATUSES.filter((choice) => choice !== report.status);
  return (
    <form noValidate onSubmit={(event) => void sendMessage(event)} className="mt-6 space-y-4">
      <LabelledField id={`${id}-message`} label={copy.messageLabel} hint={copy.messageHint} error={errors.body}>
        {(control) => (
          <textarea
            {...control}
            value={text}
            rows={5}
            onChange={(event) => setText(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900"
          />
        )}
      </LabelledField>
      <AttachmentPicker
        id={`${id}-files`}
        chooseLabel={copy.addFiles}
        rule={copy.filesRule}
        files={files}
        problems={problems}
        checking={checking}
        disabled={sending}
        onFilesChosen={(chosen) => void addFiles(chosen)}
        onRemove={(key) => {
          setFiles((current) => current.filter((entry) => entry.key !== key));
          setProblems([]);
        }}
      />
      <div className="flex flex-wrap items-end gap-3">
        <LabelledField id={`${id}-status`} label={copy.thenMark} error={errors.status}>
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as ReportStatus | "")}
              className="mt-1 min-h-11 max-w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm"
            >
              <option value="">{copy.keepAsIs}</option>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {REPORT_STATUS_LABELS[choice]}
                </option>
              ))}
            </select>
          )}
        </LabelledField>
        <button type="submit" disabled={sending || checking} className={reportButtonClass}>
          {sending ? copy.sending : status ? copy.sendAndSet(REPORT_STATUS_LABELS[status]) : copy.send}
        </button>
      </div>
    </form>
  );
}

/** Who took a step: the person of the team by name and role, or the side when the step is older than names. */
function byWhom(event: TeamEvent): string {
  const copy = triageCopy.conversation;
  return event.actor ? copy.byPerson(event.actor.name, ROLE_LABELS[event.actor.role]) : copy.by(event.author);
}

function personLabel(actor: Actor): string {
  return triageCopy.conversation.person(actor.name, ROLE_LABELS[actor.role]);
}

/** A one-line step of the timeline: what happened, by whom, when. */
function TimelineStep({ event, what }: { event: TeamEvent; what: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm break-words text-slate-800">
      <strong>{what}</strong> {byWhom(event)} · <AdminTime iso={event.at} />
    </li>
  );
}

/** A note of the team, drawn apart from the conversation: dashed, amber, and said in words. */
function InternalNote({ event }: { event: Extract<TeamEvent, { kind: "note" }> }) {
  const copy = triageCopy.conversation;
  return (
    <li className="rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3" data-internal-note>
      <p className="text-sm text-amber-950">
        <strong>{copy.internalNote}</strong> · {event.actor ? personLabel(event.actor) : copy.team} · <AdminTime iso={event.at} />
      </p>
      <div className="mt-2 text-slate-900">
        <MessageText text={event.body} />
      </div>
    </li>
  );
}

function TimelineEvent({ reportId, event }: { reportId: string; event: TeamEvent }) {
  const copy = triageCopy.conversation;
  if (event.kind === "assignment") return <TimelineStep event={event} what={event.assignee ? copy.assigned(event.assignee) : copy.unassigned} />;
  if (event.kind === "assessment") return <TimelineStep event={event} what={copy.assessed(event.detail)} />;
  if (event.kind === "suggestion") return <TimelineStep event={event} what={copy.suggested(event.cvss_vector, scoreWords(event.cvss_score))} />;
  if (event.kind === "note") return <InternalNote event={event} />;
  if (event.kind === "status") {
    if (!isBackAfterReply(event)) return <TimelineStep event={event} what={copy.statusChanged(event.label)} />;
    return (
      <li className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-800">
        <strong>{copy.backAfterReply(event.label)}</strong> · <AdminTime iso={event.at} />
      </li>
    );
  }
  const fromTeam = event.author === "team";
  return (
    <li className={`rounded-xl border px-4 py-3 ${fromTeam ? "border-indigo-200 bg-indigo-50" : "border-slate-200 bg-white"}`}>
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{fromTeam ? (event.actor ? personLabel(event.actor) : copy.team) : copy.reporter}</strong> ·{" "}
        <AdminTime iso={event.at} />
      </p>
      {event.newStatus ? <p className="mt-1 text-sm font-semibold text-slate-800">{copy.setStatus(event.newStatus.label)}</p> : null}
      <div className="mt-2">
        <MessageText text={event.body} />
      </div>
      {event.files.length > 0 ? (
        <ul aria-label={copy.files} className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {event.files.map((file) => (
            <AttachmentRow key={file.id} reportId={reportId} attachment={file} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
