import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { observatoryScore } from "../helpers/observatory";

const SITE_URL = "https://dialogic.example";

describe("the Mozilla HTTP Observatory's scoring, with an https SITE_URL", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ env: { SITE_URL } });
  });
  afterAll(() => server?.stop());

  test.each(["/", "/blog", "/admin/login"])("%s scores 100 or more (A+)", async (path) => {
    const result = await observatoryScore(`${server.url}${path}`, `${SITE_URL}${path}`);
    const penalties = Object.entries(result.results).filter(([, entry]) => entry.modifier < 0);
    expect(penalties).toEqual([]);
    expect(result.results["content-security-policy"]?.result).toBe("csp-implemented-with-no-unsafe-default-src-none");
    expect(result.results["strict-transport-security"]?.result).toBe("hsts-implemented-max-age-at-least-six-months");
    expect(result.score).toBeGreaterThanOrEqual(100);
    expect(result.grade).toBe("A+");
  });
});
