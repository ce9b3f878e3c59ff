import { toast } from "sonner";
import type { ContactMessage } from "../../domain/contact";
import type { InboxReadFilter } from "../../domain/contact-inbox";
import { BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { useRefreshAdminCounts } from "../components/admin/admin-shell";
import { InboxFilterBar, InboxPager, InboxSearch, InboxSelect, inboxButtonClass } from "../components/admin/inbox-filters";
import { MessageCard } from "../components/admin/message-card";
import { inboxPagerCopy } from "../content/admin-shell";
import { contactInboxCopy as copy } from "../content/contact-inbox";
import { adminPageMeta } from "../content/admin-page-meta";
import { adminApi } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { useInboxAddress } from "../lib/admin/use-inbox-address";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-messages";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), adminPageMeta.messages);

export default function Inbox() {
  const run = useAdminCall();
  const refreshCounts = useRefreshAdminCounts();
  const address = useInboxAddress();
  const { page } = address;
  const q = address.get("q");
  const read = parseReadFilter(address.get("read"));
  const sort = address.get("sort") === "oldest" ? "oldest" : "newest";
  const key = JSON.stringify({ page, q, read, sort });
  const { query, update, reload } = useAdminQuery(`messages:${key}`, () => adminApi.listMessages(page, { q, read, sort }));
  const inbox = query.status === "ready" ? query.data : undefined;

  async function setRead(message: ContactMessage, value: boolean) {
    const result = await run(adminApi.setMessageRead(message.id, value));
    if (!result.ok) {
      if (result.status !== 401) toast.error(copy.updateFailed);
      return;
    }
    const updated = result.data;
    update((current) => {
      const change = updated.read === message.read ? 0 : updated.read ? -1 : 1;
      return {
        ...current,
        unread: current.unread + change,
        messages: current.messages.map((each) => (each.id === updated.id ? updated : each)),
      };
    });
    refreshCounts();
  }

  async function markAllRead() {
    const result = await run(adminApi.markAllMessagesRead());
    if (!result.ok) {
      if (result.status !== 401) toast.error(copy.updateFailed);
      return;
    }
    toast.success(copy.markedAllRead(result.data.updated));
    reload();
    refreshCounts();
  }

  const mailNotConfigured = inbox?.messages.some((message) => message.email_via === "log") ?? false;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
        {inbox ? (
          <p role="status" className="text-sm text-slate-700">
            {copy.totalCount(inbox.total)} · {copy.unreadCount(inbox.unread)}
          </p>
        ) : null}
      </div>

      {mailNotConfigured ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">{copy.mailNotConfigured}</p>
      ) : null}

      <InboxFilterBar>
        <InboxSearch label={copy.searchLabel} button={copy.search} initial={q} onSearch={(text) => address.set("q", text)} />
        <InboxSelect
          label={copy.showLabel}
          value={read}
          options={(["all", "unread", "read"] as const).map((option) => ({ value: option, label: copy.show[option] }))}
          onChange={(value) => address.set("read", value === "all" ? "" : value)}
        />
        <InboxSelect
          label={copy.sortLabel}
          value={sort}
          options={(["newest", "oldest"] as const).map((option) => ({ value: option, label: copy.sort[option] }))}
          onChange={(value) => address.set("sort", value === "newest" ? "" : value)}
        />
        <button type="button" onClick={() => void markAllRead()} disabled={!inbox || inbox.unread === 0} className={inboxButtonClass}>
          {copy.markAllRead}
        </button>
      </InboxFilterBar>

      <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} className="mt-10" />
      {inbox && inbox.messages.length === 0 ? (
        <p className="mt-10 text-slate-600">{q || read !== "all" ? copy.noMatches : copy.empty}</p>
      ) : null}
      {inbox && inbox.messages.length > 0 ? (
        <>
          <ul className="mt-6 space-y-3">
            {inbox.messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} onSetRead={(value) => void setRead(message, value)} />
              </li>
            ))}
          </ul>
          <InboxPager
            page={inbox.page}
            pageCount={Math.ceil(inbox.total / inbox.pageSize)}
            labels={inboxPagerCopy}
            onPage={address.goToPage}
          />
        </>
      ) : null}
    </div>
  );
}

/** The read filter of the address; anything else shows all messages. */
function parseReadFilter(value: string): InboxReadFilter {
  return value === "read" || value === "unread" ? value : "all";
}
