import { useContext, type ReactNode } from "react";
import { homeFor } from "../../lib/admin/screens";
import { SignedInPerson } from "../../lib/admin/signed-in-person";
import { adminTexts } from "../../../domain/admin-messages";
import { triageCopy } from "../../content/triage";
import type { AdminQuery } from "../../lib/admin/hooks";
import { formatAdminDate, formatRelative } from "../../lib/dates";
import { SiteLink } from "../ui/site-link";

/** The "← Back to Admin" link at the top of every admin screen but the list: to the person's first screen. */
export function BackToAdmin() {
  const me = useContext(SignedInPerson);
  return (
    <SiteLink to={me ? homeFor(me.role) : "/admin/blog"} className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
      <span aria-hidden="true">← </span>
      {adminTexts.backToAdmin}
    </SiteLink>
  );
}

/** The way back from a report's pages: to the admin home and to the reports. */
export function ReportPagesNav() {
  return (
    <nav className="flex flex-wrap gap-6 text-sm font-semibold text-indigo-700">
      <BackToAdmin />
      <SiteLink to="/admin/reports" className="hover:underline">
        {triageCopy.backToReports}
      </SiteLink>
    </nav>
  );
}

/** The header row of the account's and the audit's tables: plain columns, the last without a right gap. */
export function AdminTableHead({ columns, className }: { columns: React.ReactNode[]; className?: string }) {
  return (
    <thead className={className}>
      <tr className="border-b border-slate-200 text-slate-700">
        {columns.map((column, index) => (
          <th key={index} className={index < columns.length - 1 ? "py-2 pr-3" : "py-2"}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A table cell that, on a phone, is a line of its own led by its column's name: the table reads
 * as a list at 390 px (decision 192). The name is hidden from wide screens and from screen
 * readers, which have the header.
 */
const STACKED_CELL = {
  sm: { cell: "block py-1 break-words sm:table-cell sm:py-2 sm:pr-3", label: "mr-2 font-semibold text-slate-700 sm:hidden" },
  md: { cell: "block py-1 break-words md:table-cell md:py-2 md:pr-3", label: "mr-2 font-semibold text-slate-700 md:hidden" },
} as const;

/** `wide`: from which width on the table is a table (its row says the same with `block sm:table-row` or `md:`). */
export function StackedCell({
  label,
  children,
  wide = "sm",
  className,
}: {
  label: string;
  children: React.ReactNode;
  wide?: keyof typeof STACKED_CELL;
  /** Added to the cell's own look (a table with wider padding, say). */
  className?: string;
}) {
  return (
    <td className={className ? `${STACKED_CELL[wide].cell} ${className}` : STACKED_CELL[wide].cell}>
      <span aria-hidden="true" className={STACKED_CELL[wide].label}>
        {label}:
      </span>
      {children}
    </td>
  );
}

/** The loading and failure states of an admin query; nothing once it is ready. */
export function QueryStatus({
  query,
  loading,
  failed,
  className = "mt-8",
  failedClassName = "text-red-700",
}: {
  query: AdminQuery<unknown>;
  loading: string;
  failed: string;
  className?: string;
  failedClassName?: string;
}) {
  if (query.status === "loading") {
    return (
      <p role="status" className={`${className} text-slate-600`}>
        {loading}
      </p>
    );
  }
  if (query.status === "failed") {
    return (
      <p role="alert" className={`${className} ${failedClassName}`}>
        {failed}
      </p>
    );
  }
  return null;
}

/** Every date in the admin: absolute in the viewer's locale, with the relative time where it helps. */
export function AdminTime({ iso, className = "" }: { iso: string; className?: string }) {
  const ago = formatRelative(iso);
  return (
    <time dateTime={iso} className={className}>
      {formatAdminDate(iso)}
      {ago ? <span className="text-slate-600"> · {ago}</span> : null}
    </time>
  );
}

/** Severity as colour and text together (never colour alone); every pair holds 4.5:1. */
const SEVERITY_STYLES: Record<string, string> = {
  Critical: "bg-red-700 text-white",
  High: "bg-orange-100 text-orange-900 ring-1 ring-orange-300",
  Medium: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  Low: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  Informational: "bg-slate-100 text-slate-800 ring-1 ring-slate-300",
};

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${SEVERITY_STYLES[severity] ?? SEVERITY_STYLES.Informational}`}>
      {severity}
    </span>
  );
}

/**
 * A section of an admin screen named by its own heading (`aria-labelledby`), with an optional lead paragraph under
 * the heading. The look is the caller's: each screen keeps its own heading size and spacing.
 */
export function TitledSection({
  id,
  title,
  lead,
  className,
  titleClassName = "text-xl font-semibold text-slate-900",
  leadClassName = "mt-2 text-slate-700",
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  titleClassName?: string;
  leadClassName?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {lead ? <p className={leadClassName}>{lead}</p> : null}
      {children}
    </section>
  );
}
