import { REPORT_STATUS_LABELS, REPORT_STATUSES, SEVERITIES } from "../../../domain/vulnerability-report";
import { triageCopy } from "../../content/triage";
import { useInboxAddress } from "../../lib/admin/use-inbox-address";
import { InboxCheckbox, InboxFilterBar, InboxSearch, InboxSelect } from "./inbox-filters";

const copy = triageCopy.filters;

/** The triage list's search, status, severity, deadlines, assignee and order, kept in the address (so they can be shared). */
export function ReportFilters() {
  const { get, set } = useInboxAddress();

  return (
    <InboxFilterBar>
      <InboxSearch label={copy.search} button={copy.searchButton} initial={get("q")} onSearch={(text) => set("q", text)} />
      <InboxSelect
        label={copy.status}
        value={get("status")}
        options={[{ value: "", label: copy.any }, ...REPORT_STATUSES.map((status) => ({ value: status, label: REPORT_STATUS_LABELS[status] }))]}
        onChange={(status) => set("status", status)}
      />
      <InboxSelect
        label={copy.severity}
        value={get("severity")}
        options={[{ value: "", label: copy.any }, ...SEVERITIES.map((severity) => ({ value: severity, label: severity }))]}
        onChange={(severity) => set("severity", severity)}
      />
      <InboxSelect
        label={copy.deadlines}
        value={get("due")}
        options={[
          { value: "", label: copy.any },
          { value: "open", label: copy.deadlinesOpen },
          { value: "overdue", label: copy.deadlinesOverdue },
        ]}
        onChange={(due) => set("due", due)}
      />
      <InboxCheckbox label={copy.assignedToMe} checked={get("assigned") === "me"} onChange={(on) => set("assigned", on ? "me" : "")} />
      <InboxSelect
        label={copy.sort}
        value={get("sort", "newest")}
        options={[
          { value: "newest", label: copy.newest },
          { value: "oldest", label: copy.oldest },
          { value: "due", label: copy.due },
          { value: "cvss", label: copy.cvss },
        ]}
        onChange={(sort) => set("sort", sort === "newest" ? "" : sort)}
      />
    </InboxFilterBar>
  );
}
