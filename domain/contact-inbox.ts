/**
 * The admin inbox's query (GET /api/admin/contact/messages): every parameter optional, so the
 * plain `?page=N` of older clients keeps its meaning.
 */
export type InboxReadFilter = "all" | "read" | "unread";
export type InboxSort = "newest" | "oldest";

export type InboxQuery = {
  page: number;
  pageSize: number;
  /** Text searched in name, email and message, case-insensitively; empty for none. */
  q: string;
  read: InboxReadFilter;
  sort: InboxSort;
};

export const INBOX_DEFAULT_PAGE_SIZE = 50;
export const INBOX_MAX_PAGE_SIZE = 100;
export const INBOX_MAX_QUERY_LENGTH = 200;

export type InboxQueryResult =
  | { ok: true; query: InboxQuery }
  | { ok: false; field: keyof InboxQuery; error: string };

function wholeNumber(value: unknown, fallback: number, max: number): number | undefined {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
}

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T | undefined {
  if (value === undefined || value === "") return fallback;
  return options.find((option) => option === value);
}

const SEARCH_TEXT_ERROR = `q must be text of at most ${INBOX_MAX_QUERY_LENGTH} characters`;

/** The inboxes' search text, trimmed; undefined when it is not storable text of the allowed length. */
function searchText(value: unknown): string | undefined {
  const q = value ?? "";
  if (typeof q !== "string" || q.length > INBOX_MAX_QUERY_LENGTH || q.includes("\u0000")) return undefined;
  return q.trim();
}

/** Reads the query string's values (strings, or arrays when repeated: refused). */
export function parseInboxQuery(params: Record<string, unknown>): InboxQueryResult {
  const page = wholeNumber(params.page, 1, 1_000_000);
  if (page === undefined) return { ok: false, field: "page", error: "page must be a positive whole number" };
  const pageSize = wholeNumber(params.pageSize, INBOX_DEFAULT_PAGE_SIZE, INBOX_MAX_PAGE_SIZE);
  if (pageSize === undefined) {
    return { ok: false, field: "pageSize", error: `pageSize must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}` };
  }
  const q = searchText(params.q);
  if (q === undefined) return { ok: false, field: "q", error: SEARCH_TEXT_ERROR };
  const read = oneOf(params.read, ["all", "read", "unread"] as const, "all");
  if (read === undefined) return { ok: false, field: "read", error: "read must be all, read or unread" };
  const sort = oneOf(params.sort, ["newest", "oldest"] as const, "newest");
  if (sort === undefined) return { ok: false, field: "sort", error: "sort must be newest or oldest" };
  return { ok: true, query: { page, pageSize, q, read, sort } };
}

/** The query string for a query, leaving defaults out. */
export function inboxSearchParams(query: Partial<InboxQuery>): string {
  const params = new URLSearchParams();
  params.set("page", String(query.page ?? 1));
  if (query.pageSize) params.set("pageSize", String(query.pageSize));
  if (query.q) params.set("q", query.q);
  if (query.read && query.read !== "all") params.set("read", query.read);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  return params.toString();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped by backslash. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The triage list's optional filters (GET /api/admin/security/reports). */
export type ReportListFilter = {
  q: string;
  status: string | undefined;
  severity: string | undefined;
  /** Newest or oldest first, the next due date first, or the highest CVSS score first. */
  sort: InboxSort | "due" | "cvss";
  /** "overdue": only open reports past a due date; "open": only reports not closed. */
  due: "overdue" | "open" | undefined;
  /** "me": only the reports assigned to whoever asks. */
  assigned: "me" | undefined;
};

export type ReportFilterResult =
  | { ok: true; filter: ReportListFilter }
  | { ok: false; field: keyof ReportListFilter; error: string };

/** Reads the triage list's filters; `statuses` and `severities` are the allowed values. */
export function parseReportFilter(
  params: Record<string, unknown>,
  statuses: readonly string[],
  severities: readonly string[],
): ReportFilterResult {
  const q = searchText(params.q);
  if (q === undefined) return { ok: false, field: "q", error: SEARCH_TEXT_ERROR };
  const status = params.status === undefined || params.status === "" ? undefined : statuses.find((each) => each === params.status);
  if (params.status !== undefined && params.status !== "" && status === undefined) {
    return { ok: false, field: "status", error: `status must be one of ${statuses.join(", ")}` };
  }
  const severity =
    params.severity === undefined || params.severity === "" ? undefined : severities.find((each) => each === params.severity);
  if (params.severity !== undefined && params.severity !== "" && severity === undefined) {
    return { ok: false, field: "severity", error: `severity must be one of ${severities.join(", ")}` };
  }
  const sort = oneOf(params.sort, ["newest", "oldest", "due", "cvss"] as const, "newest");
  if (sort === undefined) return { ok: false, field: "sort", error: "sort must be newest, oldest, due or cvss" };
  const due = params.due === undefined || params.due === "" ? undefined : (["overdue", "open"] as const).find((each) => each === params.due);
  if (params.due !== undefined && params.due !== "" && due === undefined) return { ok: false, field: "due", error: "due must be overdue or open" };
  const assigned = params.assigned === "me" ? "me" : undefined;
  if (params.assigned !== undefined && params.assigned !== "" && assigned === undefined) return { ok: false, field: "assigned", error: "assigned must be me" };
  return { ok: true, filter: { q, status, severity, sort, due, assigned } };
}
