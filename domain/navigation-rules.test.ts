import { expect, test } from "vitest";
import { hrefKind, internalPath } from "./navigation-rules";
import { checkMenus } from "./navigation-schema";

test("an address is a path of this site or a safe outside address; every other scheme is unsafe", () => {
  for (const href of ["/", "/blog/category/research?page=2", "/pricing#faq"]) expect(hrefKind(href), href).toBe("internal");
  for (const href of ["https://docs.example.com/a", "http://example.com", "mailto:hello@example.com", "tel:+15555550100", "HTTPS://EXAMPLE.COM"]) {
    expect(hrefKind(href), href).toBe("outside");
  }
  for (const href of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "vbscript:x", "file:///etc/passwd", "blob:https://x/1"]) {
    expect(hrefKind(href), href).toBe("unsafe");
  }
  for (const href of ["//evil.example", "/\\evil.example", "pricing", "https://", "mailto:", "#top"]) expect(hrefKind(href), href).toBe("malformed");
  expect(internalPath("/blog/category/research/?page=2#x")).toBe("/blog/category/research");
  expect(internalPath("/")).toBe("/");
});

test("a line break in an address cannot hide a scheme, and the first bad item is named", () => {
  const checked = checkMenus({ header: [{ label: "Fine", href: "/blog" }, { label: "Sneaky", href: "java\nscript:alert(1)" }], footer: [] });
  expect(checked).toMatchObject({ ok: false, fields: { "header[1].href": "Must be a single line without line breaks or control characters" } });
  expect(checked.ok ? "" : checked.error).toMatch(/^Header link 2 \("Sneaky"\): address: /);
});
