import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "../../domain/audit";
import { displayAddress } from "../../domain/ip-address";
import { AdminTableHead, AdminTime, BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { FieldLabel } from "../components/admin/admin-form";
import { SiteLink } from "../components/ui/site-link";
import { accountCopy as copy } from "../content/account";
import { inboxPagerCopy } from "../content/admin-shell";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-audit";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: copy.auditTitle, description: "Who did what, and when.", path: "/admin/audit", noindex: true });

/** The audit trail (docs/decisions/152): newest first, 50 a page, filtered by action; the address holds both. */
export default function AdminAudit() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filterId = useId();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const action = params.get("action") ?? "";
  const { query } = useAdminQuery(`audit:${page}:${action}`, () => adminApi.audit(page, action));
  const data = query.status === "ready" ? query.data : undefined;
  const href = (next: number) => `/admin/audit?${new URLSearchParams({ page: String(next), ...(action ? { action } : {}) }).toString()}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.auditTitle}</h1>
      <div className="mt-6 max-w-xs">
        <FieldLabel htmlFor={filterId}>{copy.auditFilter}</FieldLabel>
        <select
          id={filterId}
          value={action}
          onChange={(event) => void navigate(event.target.value ? `/admin/audit?action=${event.target.value}` : "/admin/audit")}
          className="mt-1 block w-full rounded-md border border-slate-500 px-3 py-2 text-slate-900"
        >
          <option value="">{copy.allActions}</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {AUDIT_ACTION_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} />
      {data && data.items.length === 0 ? <p className="mt-8 text-slate-700">{copy.auditEmpty}</p> : null}
      {data && data.items.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <AdminTableHead columns={[copy.auditAt, copy.auditAction, copy.auditTarget, copy.auditIp, copy.auditSession]} />
            <tbody>
              {data.items.map((item, index) => (
                <tr key={`${item.at}-${index}`} className="border-b border-slate-100">
                  <td className="py-2 pr-3">
                    <AdminTime iso={item.at} />
                  </td>
                  <td className="py-2 pr-3">
                    {AUDIT_ACTION_LABELS[item.action as AuditAction] ?? item.action}
                    {/* A lockout is one event per client key and window, however many requests it refused. */}
                    {item.count > 1 ? <span className="ml-1 text-slate-600">({copy.auditCount(item.count)})</span> : null}
                  </td>
                  <td className="py-2 pr-3 break-all">{item.target ?? "—"}</td>
                  <td className="py-2 pr-3">{item.ip != null ? displayAddress(item.ip) : "—"}</td>
                  <td className="py-2 font-mono text-xs">{item.session ? item.session.slice(0, 8) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label={inboxPagerCopy.navigation} className="mt-4 flex items-center gap-4 text-sm">
            {data.page > 1 ? <SiteLink to={href(data.page - 1)}>{inboxPagerCopy.previous}</SiteLink> : null}
            <span>{inboxPagerCopy.pageOf(data.page, data.totalPages)}</span>
            {data.page < data.totalPages ? <SiteLink to={href(data.page + 1)}>{inboxPagerCopy.next}</SiteLink> : null}
          </nav>
        </div>
      ) : null}
    </div>
  );
}
