import { useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { authMessages } from "../../domain/auth";
import type { ContactMessage, ContactMessagePage } from "../../domain/contact";
import { RequireAdmin } from "../components/admin/require-admin";
import { contactInboxCopy as copy } from "../content/contact";
import { pageMetaDefaults } from "../content/page-meta";
import { adminFetch, clearAdminToken } from "../lib/admin-session";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.adminMessages);

export default function AdminMessagesPage() {
  return (
    <RequireAdmin>
      <Inbox />
    </RequireAdmin>
  );
}

type InboxState =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; inbox: ContactMessagePage };

function Inbox() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<InboxState>({ status: "loading" });

  const signedOut = useCallback(() => {
    clearAdminToken();
    toast.error(authMessages.required);
    navigate("/admin/login", { replace: true });
  }, [navigate]);

  useEffect(() => {
    let cancelled = false;
    async function load() {
      setState({ status: "loading" });
      try {
        const response = await adminFetch(`/api/admin/contact/messages?page=${page}`);
        if (cancelled) return;
        if (response.status === 401) return signedOut();
        if (!response.ok) return setState({ status: "error" });
        const inbox = (await response.json()) as ContactMessagePage;
        if (!cancelled) setState({ status: "ready", inbox });
      } catch {
        if (!cancelled) setState({ status: "error" });
      }
    }
    void load();
    return () => {
      cancelled = true;
    };
  }, [page, signedOut]);

  async function setRead(message: ContactMessage, read: boolean) {
    try {
      const response = await adminFetch(`/api/admin/contact/messages/${encodeURIComponent(message.id)}`, {
        method: "PATCH",
        body: JSON.stringify({ read }),
      });
      if (response.status === 401) return signedOut();
      if (!response.ok) throw new Error(`status ${response.status}`);
      const updated = (await response.json()) as ContactMessage;
      setState((current) => {
        if (current.status !== "ready") return current;
        const { inbox } = current;
        const change = updated.read === message.read ? 0 : updated.read ? -1 : 1;
        return {
          status: "ready",
          inbox: {
            ...inbox,
            unread: inbox.unread + change,
            messages: inbox.messages.map((each) => (each.id === updated.id ? updated : each)),
          },
        };
      });
    } catch {
      toast.error(copy.updateFailed);
    }
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to="/admin/blog" className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
        <span aria-hidden="true">← </span>
        {copy.backToAdmin}
      </Link>
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
        {state.status === "ready" ? (
          <p className="text-sm text-slate-600">
            {copy.totalCount(state.inbox.total)} · {copy.unreadCount(state.inbox.unread)}
          </p>
        ) : null}
      </div>

      {state.status === "loading" ? (
        <p role="status" className="mt-10 text-slate-600">
          {copy.loading}
        </p>
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className="mt-10 text-red-700">
          {copy.loadFailed}
        </p>
      ) : null}
      {state.status === "ready" && state.inbox.messages.length === 0 ? (
        <p className="mt-10 text-slate-600">{copy.empty}</p>
      ) : null}
      {state.status === "ready" && state.inbox.messages.length > 0 ? (
        <>
          <ul className="mt-8 space-y-4">
            {state.inbox.messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} onSetRead={(read) => void setRead(message, read)} />
              </li>
            ))}
          </ul>
          <Pager inbox={state.inbox} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

function MessageCard({ message, onSetRead }: { message: ContactMessage; onSetRead: (read: boolean) => void }) {
  const received = new Date(message.created_at);
  return (
    <article
      aria-label={`Message from ${message.name}`}
      className={`rounded-xl border p-5 ${message.read ? "border-slate-200 bg-white" : "border-indigo-300 bg-indigo-50"}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-semibold text-slate-900">{message.name}</h2>
          <a href={`mailto:${message.email}`} className="text-sm text-indigo-700 underline underline-offset-4">
            {message.email}
          </a>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <time dateTime={message.created_at} className="text-slate-600">
            {received.toLocaleString()}
          </time>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              message.read ? "bg-slate-100 text-slate-700" : "bg-indigo-700 text-white"
            }`}
          >
            {message.read ? copy.read : copy.unread}
          </span>
        </div>
      </header>
      <p className="mt-4 whitespace-pre-wrap break-words text-slate-800">{message.message}</p>
      <footer className="mt-4 flex flex-wrap items-center gap-4 text-sm">
        <button
          type="button"
          onClick={() => onSetRead(!message.read)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {message.read ? copy.markUnread : copy.markRead}
        </button>
        <a href={`mailto:${message.email}`} className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
          {copy.reply}
        </a>
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

function Pager({ inbox, onPage }: { inbox: ContactMessagePage; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(inbox.total / inbox.pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={copy.pages} className="mt-8 flex justify-between">
      <button
        type="button"
        disabled={inbox.page <= 1}
        onClick={() => onPage(inbox.page - 1)}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold disabled:opacity-50"
      >
        {copy.newer}
      </button>
      <span className="self-center text-sm text-slate-600">
        {inbox.page} / {pages}
      </span>
      <button
        type="button"
        disabled={inbox.page >= pages}
        onClick={() => onPage(inbox.page + 1)}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold disabled:opacity-50"
      >
        {copy.older}
      </button>
    </nav>
  );
}
