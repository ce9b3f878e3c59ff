import type { ContactMessage } from "../../../domain/contact";
import { contactInboxCopy as copy } from "../../content/contact-inbox";
import { AdminTime } from "./admin-panels";

/** One message of the inbox: compact, its actions always on screen, stacking on a phone. */
export function MessageCard({ message, onSetRead }: { message: ContactMessage; onSetRead: (read: boolean) => void }) {
  return (
    <article
      aria-label={copy.messageFrom(message.name)}
      className={`min-w-0 rounded-xl border p-4 ${message.read ? "border-slate-200 bg-white" : "border-indigo-300 bg-indigo-50"}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          {message.form_name ? <p className="text-sm font-semibold text-indigo-800">{copy.form(message.form_name)}</p> : null}
          <h2 className="font-semibold break-words text-slate-900">{message.name}</h2>
          {message.email ? (
            <a href={`mailto:${message.email}`} className="text-sm break-all text-indigo-700 underline underline-offset-4">
              {message.email}
            </a>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <AdminTime iso={message.created_at} className="text-slate-700" />
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              message.read ? "bg-slate-100 text-slate-700" : "bg-indigo-700 text-white"
            }`}
          >
            {message.read ? copy.read : copy.unread}
          </span>
        </div>
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
      <p className="mt-2 text-sm break-words text-slate-600">{copy.source(message)}</p>
      <footer className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          onClick={() => onSetRead(!message.read)}
          className="inline-flex min-h-9 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {message.read ? copy.markUnread : copy.markRead}
        </button>
        {message.email ? (
          <a href={`mailto:${message.email}`} className="inline-flex min-h-9 items-center font-semibold text-indigo-700 underline-offset-4 hover:underline">
            {copy.reply}
          </a>
        ) : null}
        {message.email_status ? (
          <span className="text-slate-600">
            {message.email_status === "sent" && message.email_via === "log"
              ? copy.emailStatus.logged
              : copy.emailStatus[message.email_status]}
          </span>
        ) : null}
      </footer>
    </article>
  );
}
