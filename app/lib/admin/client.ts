import type { EnrolledFactor, FactorSummary, LogoutScope, SessionSummary, StepUpProof } from "../../../domain/account";
import type { AuditPage } from "../../../domain/audit";
import type { Me, PersonView } from "../../../domain/people";
import type { InvitableRole, Role } from "../../../domain/roles";
import type { PasskeyView } from "../../../domain/passkeys";
import type { MediaLibraryPage } from "../../../domain/media-library";
import type { AnalyticsFilter, AnalyticsReport, CsvTable, PostStats } from "../../../domain/analytics";
import type { BlogPost, BlogPostSummary, PostInput } from "../../../domain/blog-post";
import type { KnownAuthor } from "../../../domain/post-editor";
import { inboxSearchParams, type InboxQuery, type ReportListFilter } from "../../../domain/contact-inbox";
import type { ContactMessage, ContactMessagePage } from "../../../domain/contact";
import type {
  AutosaveInput,
  CreatedPreviewLink,
  PreviewLink,
  PreviewPurpose,
  Revision,
  RevisionSummary,
} from "../../../domain/post-workflow";
import type { TriagePatch } from "../../../domain/report-triage";
import type { ReviewRequest, WaitingReview } from "../../../domain/post-review";
import type { PageRevision, PageRevisionSummary } from "../../../domain/page-revisions";
import type { PageSeo, PageSummary, SitePage } from "../../../domain/site-pages";
import type { Menus, NavigationRevision } from "../../../domain/navigation";
import type { ReportStatus } from "../../../domain/vulnerability-report";
import type { PublicForm } from "../../../domain/form-entries";
import type { FormDefinition, FormSubmission, FormSummary } from "../../../domain/forms";
import type { Actor } from "../../../domain/roles";
import type { DisclosureMetrics } from "../../../server/disclosure/disclosure-metrics.server";
import type { TriagedReport } from "../../../server/disclosure/triage.server";
import type { InboxReport } from "../../../server/reports/reports.server";
import { csvPath, reportPath } from "./analytics-view";
import type { PeriodChoice } from "./period";
import { metricsApiPath } from "./triage-view";
import { readAdminToken } from "./session";
import { callApi, type ApiRequest, type ApiResult } from "../api-client";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/**
 * The one typed client of the admin API: every admin screen calls these and nothing else. It
 * speaks through the browser's one API client (../api-client.ts) with the stored bearer token.
 * A 401 is handled once, by the hooks in ./hooks.ts.
 */
export type AdminApiResult<T> = ApiResult<T>;

export type TokenCheck = { status: "valid"; me: Me } | { status: "invalid" } | { status: "unreachable" };

export type ReportPage = { reports: InboxReport[]; page: number; pageCount: number; total?: number; newCount?: number };

/** A call with the stored bearer token, unless `anonymous` (signing in). */
function call<T>(path: string, request: ApiRequest = {}, anonymous = false): Promise<AdminApiResult<T>> {
  return callApi<T>(path, { ...request, token: anonymous ? request.token : readAdminToken() });
}

const post = (id: string) => `/api/admin/posts/${encodeURIComponent(id)}`;
const page = (id: string) => `/api/admin/pages/${encodeURIComponent(id)}`;
const form = (id: string) => `/api/admin/forms/${encodeURIComponent(id)}`;
const report = (id: string) => `/api/admin/security/reports/${encodeURIComponent(id)}`;

/** What the page editor sends: the draft's fields (blocks are checked by the server's parsePageBlocks too). */
export type PageDraftInput = { path: string; title: string; blocks: unknown[]; seo: PageSeo };

export type { DisclosureMetrics, InboxReport, TriagedReport };

export const adminApi = {
  /** Signs in with the admin password, or a person's address and password; no stored token is sent. */
  login: (password: string, email?: string) =>
    call<{ token: string; expiresAt: string } | { mfaRequired: true; challenge: string }>(
      "/api/admin/login",
      { method: "POST", body: email === undefined ? { password } : { email, password } },
      true,
    ),
  /** The second step of a sign-in with an authenticator: the challenge and a code. */
  verifyLogin: (challenge: string, code: string) =>
    call<{ token: string; expiresAt: string }>("/api/admin/login/verify", { method: "POST", body: { challenge, code } }, true),
  /** A passkey sign-in (docs/decisions/209): the browser's prompt, then its signed answer. */
  passkeySignInOptions: () => call<PublicKeyCredentialRequestOptionsJSON>("/api/admin/login/passkey/options", { method: "POST", body: {} }, true),
  signInWithPasskey: (response: unknown) =>
    call<{ token: string; expiresAt: string }>("/api/admin/login/passkey", { method: "POST", body: { response } }, true),
  /** Whether a token is still valid on the server; any failure counts as invalid. */
  verify: async (token: string) => Boolean(await adminApi.whoIs(token)),
  /** The person a token signs in, while it is valid; undefined on any failure. */
  whoIs: async (token: string): Promise<Me | undefined> => {
    const checked = await adminApi.checkToken(token);
    return checked.status === "valid" ? checked.me : undefined;
  },
  /**
   * Whether a token still works: "invalid" only when the server said so. A request that never got
   * an answer (the network, a page being left mid-check) or a server error is "unreachable": the
   * token may be good, and is kept.
   */
  checkToken: async (token: string): Promise<TokenCheck> => {
    const result = await call<{ valid?: unknown; me?: Me }>("/api/admin/verify", { method: "POST", token }, true);
    if (result.ok) return result.data?.valid === true && result.data.me ? { status: "valid", me: result.data.me } : { status: "invalid" };
    return result.status === 401 ? { status: "invalid" } : { status: "unreachable" };
  },

  // The team (decision 208): people, invitations, roles.
  people: () => call<PersonView[]>("/api/admin/people"),
  invite: (input: { email: string; name: string; role: InvitableRole }) => call<PersonView>("/api/admin/people", { method: "POST", body: input }),
  changePerson: (id: string, change: { role?: InvitableRole; name?: string }) =>
    call<PersonView>(`/api/admin/people/${encodeURIComponent(id)}`, { method: "PATCH", body: change }),
  removePerson: (id: string) => call<void>(`/api/admin/people/${encodeURIComponent(id)}`, { method: "DELETE" }),
  resendInvitation: (id: string) => call<void>(`/api/admin/people/${encodeURIComponent(id)}/invitation`, { method: "POST" }),
  invitation: (token: string) => call<{ email: string; name: string; role: Role }>(`/api/admin/invitations/${encodeURIComponent(token)}`, {}, true),
  acceptInvitation: (token: string, input: { name: string; password: string }) =>
    call<{ token: string; expiresAt: string }>(`/api/admin/invitations/${encodeURIComponent(token)}`, { method: "POST", body: input }, true),
  /** Ends the session on the server; the caller forgets the token whatever the answer. */
  logout: (scope: LogoutScope = "local") => call<void>("/api/admin/logout", { method: "POST", body: { scope } }),

  // The account (docs/decisions/150-153): factors, recovery codes, sessions, password, audit trail.
  listFactors: () => call<FactorSummary[]>("/api/admin/factors"),
  /** Adding and removing a factor ask for a step-up (docs/decisions/170): a code, or the password. */
  enrolFactor: (friendlyName: string, proof: StepUpProof) =>
    call<EnrolledFactor>("/api/admin/factors", { method: "POST", body: { friendly_name: friendlyName, ...proof } }),
  verifyFactor: (id: string, code: string) =>
    call<{ status: "verified"; recovery_codes?: string[] }>(`/api/admin/factors/${encodeURIComponent(id)}/verify`, { method: "POST", body: { code } }),
  deleteFactor: (id: string, proof: StepUpProof) => call<void>(`/api/admin/factors/${encodeURIComponent(id)}`, { method: "DELETE", body: proof }),
  regenerateRecoveryCodes: (code: string) => call<{ recovery_codes: string[] }>("/api/admin/recovery-codes", { method: "POST", body: { code } }),
  listSessions: () => call<SessionSummary[]>("/api/admin/sessions"),
  endSession: (id: string) => call<void>(`/api/admin/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
  changePassword: (values: { current_password: string; new_password: string; code?: string }) =>
    call<void>("/api/admin/password", { method: "POST", body: values }),
  // The person's passkeys (docs/decisions/209): adding one asks the step-up of adding an authenticator.
  listPasskeys: () => call<PasskeyView[]>("/api/admin/passkeys"),
  passkeyOptions: (proof: StepUpProof) => call<PublicKeyCredentialCreationOptionsJSON>("/api/admin/passkeys/options", { method: "POST", body: proof }),
  addPasskey: (name: string, response: unknown) => call<PasskeyView>("/api/admin/passkeys", { method: "POST", body: { name, response } }),
  renamePasskey: (id: string, name: string) => call<PasskeyView>(`/api/admin/passkeys/${encodeURIComponent(id)}`, { method: "PATCH", body: { name } }),
  removePasskey: (id: string, proof: StepUpProof) => call<void>(`/api/admin/passkeys/${encodeURIComponent(id)}`, { method: "DELETE", body: proof }),
  /** An unverified factor's QR code and secret again: for the session that added it, for 15 minutes (decision 191). */
  showEnrolment: (id: string) => call<EnrolledFactor>(`/api/admin/factors/${encodeURIComponent(id)}/enrolment`),
  passwordState: () => call<{ set_by_environment: boolean }>("/api/admin/password"),
  /** `filters`: `action`, `kind`, `from`, `to` (ISO instants), `actor` (a person's id), each left out when empty. */
  audit: (page: number, filters: Record<string, string> = {}) => {
    const params = new URLSearchParams({ page: String(page) });
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
    return call<AuditPage>(`/api/admin/audit?${params.toString()}`);
  },

  /** The signed-in person: what the screens offer follows their role. */
  me: () => call<Me>("/api/admin/me"),

  listPosts: () => call<BlogPostSummary[]>("/api/admin/posts"),
  getPost: (id: string) => call<BlogPost>(post(id)),
  createPost: (values: PostInput) => call<BlogPost>("/api/admin/posts", { method: "POST", body: values }),
  updatePost: (id: string, values: Partial<PostInput>) => call<BlogPost>(post(id), { method: "PATCH", body: values }),
  deletePost: (id: string) => call<void>(post(id), { method: "DELETE" }),
  /** The authors already used on the site, each with their latest bio, avatar and LinkedIn URL. */
  listAuthors: () => call<KnownAuthor[]>("/api/admin/authors"),
  /** Uploads an image's bytes; the server decides the type from them and answers its address. */
  uploadImage: (file: Blob) =>
    call<{ url: string }>("/api/admin/media", { method: "POST", body: file, headers: { "content-type": "application/octet-stream" } }),
  /** The uploaded images, newest first, a page at a time (the page editor's "Choose image"). */
  listMedia: (page = 1) => call<MediaLibraryPage>(`/api/admin/media?page=${page}`),

  // The editorial workflow: autosave, revisions and preview links (domain/post-workflow.ts).
  autosavePost: (id: string, values: AutosaveInput) =>
    call<RevisionSummary>(`${post(id)}/autosave`, { method: "POST", body: values }),
  listRevisions: (id: string) => call<RevisionSummary[]>(`${post(id)}/revisions`),
  getRevision: (id: string, revisionId: string) =>
    call<Revision>(`${post(id)}/revisions/${encodeURIComponent(revisionId)}`),
  listPreviewLinks: (id: string) => call<PreviewLink[]>(`${post(id)}/preview-links`),
  createPreviewLink: (id: string, purpose: PreviewPurpose) =>
    call<CreatedPreviewLink>(`${post(id)}/preview-links`, { method: "POST", body: { purpose } }),
  revokePreviewLink: (id: string, linkId: string) =>
    call<void>(`${post(id)}/preview-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
  // Review requests (docs/decisions/210): the writer submits a draft; an editor sends it back or publishes it.
  submitForReview: (id: string) => call<ReviewRequest>(`${post(id)}/review-requests`, { method: "POST" }),
  /** The post's latest request, or null. */
  latestReview: (id: string) => call<ReviewRequest | null>(`${post(id)}/review-requests`),
  listWaitingReviews: () => call<WaitingReview[]>("/api/admin/review-requests"),
  returnReview: (requestId: string, note: string) =>
    call<ReviewRequest>(`/api/admin/review-requests/${encodeURIComponent(requestId)}/return`, { method: "POST", body: { note } }),
  /** Revokes every preview link of every post; answers how many still worked. */
  revokeAllPreviewLinks: () => call<{ revoked: number }>("/api/admin/preview-links", { method: "DELETE" }),

  // Pages from blocks (issue 33): saving changes the draft; the live page changes only on publish.
  listPages: () => call<PageSummary[]>("/api/admin/pages"),
  getPage: (id: string) => call<SitePage>(page(id)),
  createPage: (values: PageDraftInput) => call<SitePage>("/api/admin/pages", { method: "POST", body: values }),
  updatePage: (id: string, values: Partial<PageDraftInput>) => call<SitePage>(page(id), { method: "PATCH", body: values }),
  /** Publishes the draft now, or at `at` (an ISO instant). */
  publishPage: (id: string, at?: string) => call<SitePage>(`${page(id)}/publish`, { method: "POST", body: at ? { at } : {} }),
  unpublishPage: (id: string) => call<SitePage>(`${page(id)}/unpublish`, { method: "POST" }),
  /** `redirectTo`: another page's id, which then answers its address with a 301. */
  deletePage: (id: string, redirectTo?: string) => call<void>(page(id), { method: "DELETE", ...(redirectTo ? { body: { redirect_to: redirectTo } } : {}) }),
  createPagePreviewLink: (id: string, purpose: PreviewPurpose) =>
    call<CreatedPreviewLink>(`${page(id)}/preview-links`, { method: "POST", body: { purpose } }),
  /** The page's working preview links (never their tokens). */
  listPagePreviewLinks: (id: string) =>
    call<{ id: string; path: string; purpose: PreviewPurpose; created_at: string; expires_at: string }[]>(`${page(id)}/preview-links`),
  revokePagePreviewLink: (id: string, linkId: string) => call<void>(`${page(id)}/preview-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
  /** The editor's autosave: saves the draft as PATCH does, kept as an autosave revision. */
  autosavePage: (id: string, values: Partial<PageDraftInput>) => call<SitePage>(`${page(id)}/autosave`, { method: "POST", body: values }),
  listPageRevisions: (id: string) => call<PageRevisionSummary[]>(`${page(id)}/revisions`),
  getPageRevision: (id: string, revisionId: string) => call<PageRevision>(`${page(id)}/revisions/${encodeURIComponent(revisionId)}`),
  /** Makes the revision the draft; the live page is unchanged until published. */
  restorePageRevision: (id: string, revisionId: string) =>
    call<SitePage>(`${page(id)}/revisions/${encodeURIComponent(revisionId)}/restore`, { method: "POST" }),

  // The menus (issue 44): a save publishes at once.
  navigation: () => call<Menus>("/api/admin/navigation"),
  saveNavigation: (menus: Menus) => call<Menus>("/api/admin/navigation", { method: "PUT", body: menus }),
  navigationRevisions: () => call<NavigationRevision[]>("/api/admin/navigation/revisions"),
  restoreNavigation: (id: string) => call<Menus>(`/api/admin/navigation/revisions/${encodeURIComponent(id)}/restore`, { method: "POST" }),

  listMessages: (page: number, query: Partial<InboxQuery> = {}) =>
    call<ContactMessagePage>(`/api/admin/contact/messages?${inboxSearchParams({ ...query, page })}`),
  /** The navigation's badges: unread messages, untriaged reports, and drafts waiting for review (for those who review). */
  counts: () => call<{ unreadMessages: number; newReports: number; reportsAwaitingTeam: number; reviews?: number }>("/api/admin/counts"),
  markAllMessagesRead: () => call<{ updated: number; unread: number }>("/api/admin/contact/messages/read-all", { method: "POST" }),
  setMessageRead: (id: string, read: boolean) =>
    call<ContactMessage>(`/api/admin/contact/messages/${encodeURIComponent(id)}`, { method: "PATCH", body: { read } }),

  listReports: (page: number, filter: Partial<ReportListFilter> = {}) => {
    const params = new URLSearchParams({ page: String(page) });
    for (const [name, value] of Object.entries(filter)) if (value && value !== "newest") params.set(name, value);
    return call<ReportPage>(`/api/admin/security/reports?${params.toString()}`);
  },
  getReport: (id: string) => call<{ report: TriagedReport }>(report(id)),
  /** The people a report can be assigned to (those whose role may triage reports). */
  listAssignees: () => call<Actor[]>("/api/admin/security/assignees"),
  setReportStatus: (id: string, status: ReportStatus) =>
    call<{ report: TriagedReport }>(report(id), { method: "PATCH", body: { status } }),
  /** The team's decisions: only the fields sent change (a 400 names the field it refuses). */
  updateReport: (id: string, patch: TriagePatch) =>
    call<{ report: TriagedReport }>(report(id), { method: "PATCH", body: patch }),
  /** A message to the reporter: shown on their case page and emailed to them with its link. */
  /** A message to the reporter, with the status it sets and its files (multipart then) in the same step (docs/decisions/216). */
  sendReportMessage: (id: string, body: string, { status, files = [] }: { status?: ReportStatus; files?: readonly File[] } = {}) => {
    if (files.length === 0) return call<{ report: TriagedReport }>(`${report(id)}/messages`, { method: "POST", body: { body, status } });
    const form = new FormData();
    form.append("body", body);
    if (status) form.append("status", status);
    files.forEach((file, index) => form.append(`attachment_${index}`, file, file.name));
    return call<{ report: TriagedReport }>(`${report(id)}/messages`, { method: "POST", body: form });
  },
  /** A note for the team only: on the team's timeline, never shown or emailed to the reporter. */
  addReportNote: (id: string, body: string) =>
    call<{ report: TriagedReport }>(`${report(id)}/notes`, { method: "POST", body: { body } }),
  /** Ends every link to the report's case page; the reporter can ask for a new one. */
  endCaseLinks: (id: string) => call<void>(`${report(id)}/case-links`, { method: "DELETE" }),
  /** The disclosure program's metrics over a period (a 400 names the field of the period that is wrong). */
  reportMetrics: (period: PeriodChoice) => call<DisclosureMetrics>(metricsApiPath(period)),
  downloadAttachment: (reportId: string, attachmentId: string) =>
    call<Blob>(`${report(reportId)}/attachments/${encodeURIComponent(attachmentId)}`, { read: "blob" }),

  /** The analytics of a period (a 400 names the field of the period that is wrong). */
  analytics: (period: PeriodChoice, filters: readonly AnalyticsFilter[] = []) => call<AnalyticsReport>(reportPath(period, filters)),
  /** One post's figures over the last 30 days, with the 30 before (the editor's Performance panel). */
  postStats: (id: string) => call<PostStats>(`${post(id)}/stats?days=30`),
  /** The same of an edited page's live address. */
  pageStats: (id: string) => call<PostStats>(`${page(id)}/stats?days=30`),
  /** One table of the analytics as a CSV file, under the dashboard's filters. */
  analyticsCsv: (period: PeriodChoice, table: CsvTable, filters: readonly AnalyticsFilter[] = []) => call<Blob>(csvPath(period, table, filters), { read: "blob" }),

  /** Forms the team builds (docs/decisions/220): the list, one form, a new one, a changed one, one deleted. */
  listForms: () => call<FormSummary[]>("/api/admin/forms"),
  form: (id: string) => call<PublicForm>(form(id)),
  createForm: (definition: FormDefinition) => call<FormSummary>("/api/admin/forms", { method: "POST", body: definition }),
  updateForm: (id: string, definition: FormDefinition) => call<FormSummary>(form(id), { method: "PUT", body: definition }),
  /** Refused (409, naming them) while a page shows the form or drafts it; its leads stay. */
  deleteForm: (id: string) => call<void>(form(id), { method: "DELETE" }),
  /** A form's submissions, newest first; as a CSV file for the export. */
  formSubmissions: (id: string) => call<{ form: PublicForm; submissions: FormSubmission[] }>(`${form(id)}/submissions`),
  formSubmissionsCsv: (id: string) => call<Blob>(`${form(id)}/submissions?format=csv`, { read: "blob" }),
};
