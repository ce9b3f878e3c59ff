import { describe, expect, test } from "vitest";
import { ADMIN_ACTIONS, forbiddenMessage, may, POLICY, type AdminAction, type Role } from "./roles";

const actions = Object.keys(ADMIN_ACTIONS) as AdminAction[];
const allowed = (role: Role) => actions.filter((action) => may(role, action));

describe("the one policy", () => {
  test("every action has a rule, and the owner and administrators may do everything", () => {
    expect(Object.keys(POLICY).sort()).toEqual([...actions].sort());
    expect(allowed("owner")).toEqual(actions);
    expect(allowed("administrator")).toEqual(actions);
  });

  test("the blog team reads no vulnerability report; the security team touches nothing of the blog, pages or leads", () => {
    for (const role of ["editor", "author", "contributor"] as const) {
      expect(allowed(role).filter((action) => action.startsWith("reports."))).toEqual([]);
    }
    expect(allowed("security")).toEqual(["account.own", "site.counts", "reports.read", "reports.triage", "reports.reply"]);
  });

  test("contributors and authors leave pages, leads and the audit trail alone", () => {
    for (const role of ["author", "contributor"] as const) {
      expect(allowed(role).filter((action) => /^(pages|navigation|leads|audit)\./.test(action))).toEqual([]);
    }
    expect(may("contributor", "posts.delete")).toBe(false);
    expect(may("contributor", "analytics.read")).toBe(false);
    expect(may("editor", "pages.publish")).toBe(true);
    expect(may("editor", "navigation.edit")).toBe(true);
  });

  test("a refusal names the role and what it may not do", () => {
    expect(forbiddenMessage("editor", "reports.read")).toBe("The Editor role may not read vulnerability reports.");
  });
});
