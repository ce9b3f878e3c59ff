import { expect, test } from "vitest";
import { EMPTY_SOURCE } from "../../../domain/analytics";
import { isSourcePage, landingSource, parseStoredSource, readVisitSource, recordVisitSource, VISIT_SOURCE_KEY } from "./visit-source";

/** Session storage as a map, as the browser's behaves for these two calls. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const article = { pathname: "/blog/launch-notes", search: "?utm_source=newsletter&utm_campaign=launch", hostname: "dialogic.example" };

test("the landing page, the referring host and the UTM values make a visit's source", () => {
  expect(landingSource(article, "https://www.linkedin.com/feed/")).toEqual({
    landing_path: "/blog/launch-notes",
    referrer_host: "linkedin.com",
    utm_source: "newsletter",
    utm_medium: "",
    utm_campaign: "launch",
  });
  // The site itself as referrer is a direct visit.
  expect(landingSource({ pathname: "/", search: "", hostname: "dialogic.example" }, "https://dialogic.example/blog").referrer_host).toBe("");
});

test("the first public page of a session is recorded, and later pages leave it as it is", () => {
  const storage = memoryStorage();
  const first = recordVisitSource(storage, article, "https://www.linkedin.com/");
  expect(first).toMatchObject({ landing_path: "/blog/launch-notes", referrer_host: "linkedin.com", utm_source: "newsletter" });
  const later = recordVisitSource(storage, { pathname: "/contact", search: "", hostname: "dialogic.example" }, "");
  expect(later).toEqual(first);
  expect(readVisitSource(storage)).toEqual(first);
});

test("the admin area and previews are not landing pages: the session's first public page is", () => {
  const storage = memoryStorage();
  expect(recordVisitSource(storage, { pathname: "/admin/messages", search: "", hostname: "h" }, "")).toEqual(EMPTY_SOURCE);
  expect(recordVisitSource(storage, { pathname: "/preview/abc", search: "", hostname: "h" }, "")).toEqual(EMPTY_SOURCE);
  expect(storage.items.size).toBe(0);
  expect(recordVisitSource(storage, { pathname: "/about", search: "", hostname: "h" }, "").landing_path).toBe("/about");
  expect(isSourcePage("/administration")).toBe(true);
  expect(isSourcePage("/admin")).toBe(false);
});

test("without session storage, or when it refuses to write, nothing is recorded and nothing throws", () => {
  expect(recordVisitSource(null, article, "")).toEqual(EMPTY_SOURCE);
  expect(readVisitSource(null)).toEqual(EMPTY_SOURCE);
  const refusing = {
    getItem: () => null,
    setItem: () => {
      throw new DOMException("quota", "QuotaExceededError");
    },
  };
  expect(recordVisitSource(refusing, article, "")).toEqual(EMPTY_SOURCE);
  const throwing = {
    getItem: () => {
      throw new DOMException("denied", "SecurityError");
    },
  };
  expect(readVisitSource(throwing)).toEqual(EMPTY_SOURCE);
});

test("a stored source that was edited is bounded again, and garbage is ignored", () => {
  expect(parseStoredSource(JSON.stringify({ landing_path: "https://evil.example/", utm_source: "x".repeat(300) }))).toEqual({
    ...EMPTY_SOURCE,
    utm_source: "x".repeat(100),
  });
  expect(parseStoredSource("{not json")).toBeUndefined();
  expect(parseStoredSource("null")).toBeUndefined();
  expect(parseStoredSource(null)).toBeUndefined();
  const storage = memoryStorage({ [VISIT_SOURCE_KEY]: "{not json" });
  // Garbage in storage counts as nothing recorded: this page becomes the landing page.
  expect(recordVisitSource(storage, article, "").landing_path).toBe("/blog/launch-notes");
});
