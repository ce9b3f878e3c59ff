import { describe, expect, test } from "vitest";
import { awaitingTeamText, caseTexts, isBackAfterReply, type CaseEvent } from "./disclosure-case";

const reply = (at: string): CaseEvent => ({ id: at, at, kind: "message", author: "reporter", body: "More detail.", files: [] });
const teamMessage = (at: string): CaseEvent => ({ id: at, at, kind: "message", author: "team", body: "Thanks.", files: [] });

describe("what the case page says the team is reviewing", () => {
  test("a correction made after the reporter's last reply, or without any, is called a correction", () => {
    expect(awaitingTeamText({ events: [], correctedAt: "2026-11-02T10:00:00.000Z" })).toBe(caseTexts.reviewingCorrection);
    expect(awaitingTeamText({ events: [reply("2026-11-01T10:00:00.000Z"), teamMessage("2026-11-03T10:00:00.000Z")], correctedAt: "2026-11-02T10:00:00.000Z" })).toBe(
      caseTexts.reviewingCorrection,
    );
  });

  test("a reply after any correction is called a reply", () => {
    expect(awaitingTeamText({ events: [reply("2026-11-03T10:00:00.000Z")], correctedAt: "2026-11-02T10:00:00.000Z" })).toBe(caseTexts.reviewingReply);
    expect(awaitingTeamText({ events: [reply("2026-11-03T10:00:00.000Z")], correctedAt: null })).toBe(caseTexts.reviewingReply);
  });
});

test("a status the reporter's reply brought back is told apart from a withdrawal and the team's changes", () => {
  const status = (author: "team" | "reporter", value: "triaged" | "withdrawn"): CaseEvent => ({ id: value, at: "2026-11-01T10:00:00.000Z", kind: "status", author, status: value, label: value });
  expect(isBackAfterReply(status("reporter", "triaged"))).toBe(true);
  expect(isBackAfterReply(status("reporter", "withdrawn"))).toBe(false);
  expect(isBackAfterReply(status("team", "triaged"))).toBe(false);
  expect(isBackAfterReply(reply("2026-11-01T10:00:00.000Z"))).toBe(false);
});
