import { useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  auditTargetHref,
  type AuditAction,
  type AuditEvent,
} from "../../domain/audit";
import { ROLE_LABELS, type Role } from "../../domain/roles";
import { AdminTableHead, AdminTime, BackToAdmin, QueryStatus, StackedCell } from "../components/admin/admin-panels";
import { AdminButton, adminInputClass, FieldLabel } from "../components/admin/admin-form";
import { SiteLink } from "../components/ui/site-link";
import { accountCopy as copy } from "../content/account";
import { inboxPagerCopy } from "../content/admin-shell";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { formatAdminDate } from "../lib/dates";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: copy.auditTitle, description: "Who did what, and when.", path: "/admin/audit", noindex: true });

const FILTERS = ["kind", "action", "actor", "from", "to"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day picked in the admin's time zone as the instant it starts (or, for `to`, the next day starts). */
function localDayStart(day: string, next = false): string {
  if (!DAY.test(day)) return "";
  const start = new Date(`${day}T00:00:00`);
  if (next) start.setDate(start.getDate() + 1);
  return Number.isNaN(start.getTime()) ? "" : start.toISOString();
}

/**
 * The audit trail (docs/decisions/152, 191, 192, 211): newest first, 50 a page, filtered by kind
 * of event, action, person and dates (the address holds them all); who acted by name and role,
 * each target named as a person would and linked, times in the admin's time zone, a list of
 * blocks on a phone.
 */
export default function AdminAudit() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const chosen = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ""])) as Record<(typeof FILTERS)[number], string>;
  const { query } = useAdminQuery(`audit:${page}:${FILTERS.map((name) => chosen[name]).join(":")}`, () =>
    adminApi.audit(page, {
      action: chosen.action,
      kind: chosen.kind,
      actor: chosen.actor,
      from: localDayStart(chosen.from),
      to: localDayStart(chosen.to, true),
    }),
  );
  const data = query.status === "ready" ? query.data : undefined;
  const href = (next: Record<string, string>, nextPage = 1) => {
    const search = new URLSearchParams();
    for (const name of FILTERS) if (next[name]) search.set(name, next[name]);
    if (nextPage > 1) search.set("page", String(nextPage));
    const text = search.toString();
    return text ? `/admin/audit?${text}` : "/admin/audit";
  };
  const zone = typeof Intl === "undefined" ? "" : Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.auditTitle}</h1>
      <AuditFilters key={params.toString()} chosen={chosen} onChange={(next) => void navigate(href(next))} />
      {zone ? <p className="mt-4 text-sm text-slate-700">{copy.auditTimeZone(zone)}</p> : null}
      <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} />
      {data && data.items.length === 0 ? <p className="mt-8 text-slate-700">{copy.auditEmpty}</p> : null}
      {data && data.items.length > 0 ? (
        <div className="mt-6">
          <table className="w-full text-left text-sm">
            <AdminTableHead
              className="sr-only md:not-sr-only md:table-header-group"
              columns={[copy.auditAt, copy.auditWho, copy.auditAction, copy.auditTarget, copy.auditIp, copy.auditBy]}
            />
            <tbody>
              {data.items.map((item, index) => (
                <AuditRow key={`${item.at}-${index}`} item={item} />
              ))}
            </tbody>
          </table>
          <nav aria-label={inboxPagerCopy.navigation} className="mt-4 flex items-center gap-4 text-sm">
            {data.page > 1 ? <SiteLink to={href(chosen, data.page - 1)}>{inboxPagerCopy.previous}</SiteLink> : null}
            <span>{inboxPagerCopy.pageOf(data.page, data.totalPages)}</span>
            {data.page < data.totalPages ? <SiteLink to={href(chosen, data.page + 1)}>{inboxPagerCopy.next}</SiteLink> : null}
          </nav>
        </div>
      ) : null}
    </div>
  );
}

/** Kind and action apply at once; the dates with their button (a half-typed date is not a filter). */
function AuditFilters({ chosen, onChange }: { chosen: Record<(typeof FILTERS)[number], string>; onChange: (next: Record<string, string>) => void }) {
  const id = useId();
  const [from, setFrom] = useState(chosen.from);
  const [to, setTo] = useState(chosen.to);
  const { query: people } = useAdminQuery("audit-people", () => adminApi.people());
  const team = people.status === "ready" ? people.data : [];
  const selectClass = "mt-1 block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900";
  return (
    <form
      aria-label={copy.auditFilters}
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...chosen, from, to });
      }}
    >
      <div>
        <FieldLabel htmlFor={`${id}-kind`}>{copy.auditKind}</FieldLabel>
        <select id={`${id}-kind`} value={chosen.kind} onChange={(event) => onChange({ ...chosen, kind: event.target.value, action: "" })} className={selectClass}>
          <option value="">{copy.allKinds}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-action`}>{copy.auditFilter}</FieldLabel>
        <select id={`${id}-action`} value={chosen.action} onChange={(event) => onChange({ ...chosen, action: event.target.value })} className={selectClass}>
          <option value="">{copy.allActions}</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {AUDIT_ACTION_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-actor`}>{copy.auditPerson}</FieldLabel>
        <select id={`${id}-actor`} value={chosen.actor} onChange={(event) => onChange({ ...chosen, actor: event.target.value })} className={selectClass}>
          <option value="">{copy.allPeople}</option>
          {team.map((person) => (
            <option key={person.id} value={person.id}>
              {personLabel(person)}
            </option>
          ))}
          {chosen.actor && people.status === "ready" && !team.some((person) => person.id === chosen.actor) ? (
            <option value={chosen.actor}>{copy.otherPerson}</option>
          ) : null}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-from`}>{copy.auditFrom}</FieldLabel>
        <input id={`${id}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} className={`${adminInputClass} border-slate-500`} />
      </div>
      <div>
        <FieldLabel htmlFor={`${id}-to`}>{copy.auditTo}</FieldLabel>
        <input id={`${id}-to`} type="date" value={to} onChange={(event) => setTo(event.target.value)} className={`${adminInputClass} border-slate-500`} />
      </div>
      <div>
        <AdminButton variant="secondary" type="submit">
          {copy.auditApply}
        </AdminButton>
      </div>
    </form>
  );
}

/** What changed, in words; a scheduled post's time in the admin's time zone. */
function detailText(item: AuditEvent): string | undefined {
  if (!item.detail) return undefined;
  if (item.action === "post.scheduled" && !Number.isNaN(Date.parse(item.detail))) return `for ${formatAdminDate(item.detail)}`;
  return item.detail;
}

/** "Priya (Security)": a person as the trail names them. */
function personLabel({ name, role }: { name: string; role: Role }): string {
  return `${name} (${ROLE_LABELS[role]})`;
}

function AuditRow({ item }: { item: AuditEvent }) {
  const link = auditTargetHref(item.target_kind, item.target_id);
  const name = item.target_label ?? item.target;
  const detail = detailText(item);
  return (
    <tr className="block border-b border-slate-100 py-2 md:table-row md:py-0">
      <StackedCell label={copy.auditAt} wide="md">
        <AdminTime iso={item.at} />
      </StackedCell>
      <StackedCell label={copy.auditWho} wide="md">
        {item.actor ? <span className="break-words">{personLabel(item.actor)}</span> : "—"}
      </StackedCell>
      <StackedCell label={copy.auditAction} wide="md">
        {AUDIT_ACTION_LABELS[item.action as AuditAction] ?? item.action}
        {/* A lockout is one event per client key and window, however many requests it refused. */}
        {item.count > 1 ? <span className="ml-1 text-slate-600">({copy.auditCount(item.count)})</span> : null}
      </StackedCell>
      <StackedCell label={copy.auditTarget} wide="md">
        {name ? link ? <SiteLink to={link}>{name}</SiteLink> : <span className="break-words">{name}</span> : "—"}
        {detail ? <span className="text-slate-700"> · {detail}</span> : null}
      </StackedCell>
      <StackedCell label={copy.auditIp} wide="md">
        {item.ip ?? "—"}
      </StackedCell>
      <StackedCell label={copy.auditBy} wide="md">
        {item.session_label ?? (item.session ? <span className="font-mono text-xs">{item.session.slice(0, 8)}</span> : "—")}
      </StackedCell>
    </tr>
  );
}
