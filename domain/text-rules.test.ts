import { expect, test } from "vitest";
import { loginSchema } from "./login";
import { postInputSchema } from "./blog-post";
import { contactSchema } from "./contact";
import { isSingleLine, isStorableText, textMessages } from "./text-rules";
import { fieldErrors } from "./validation";
import { reportInputSchema } from "./vulnerability-report";

test("storable text: no NUL, no lone surrogate; paired surrogates (emoji) are fine", () => {
  for (const bad of ["a\u0000", "\ud800", "x\udc00", "\udfff\ud800"]) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  for (const good of ["", "Zoë 李 🎓", "line\nline", "\ufffd"]) expect(isStorableText(good), good).toBe(true);
});

test("single line: no line break, tab or other control character", () => {
  for (const bad of ["a\nb", "a\rb", "a\tb", "a\u2028b", "a\u2029b", "a\u0085b", "a\u007fb", "\u001b[31m"]) {
    expect(isSingleLine(bad), JSON.stringify(bad)).toBe(false);
  }
  expect(isSingleLine("Reflected XSS in /login?next=<script> — 🎓")).toBe(true);
});

const post = {
  title: "T",
  slug: "t",
  category: "C",
  author_name: "A",
  read_time: "1 min",
  content: "<p>x</p>",
  excerpt: "e",
  author_bio: "b",
  featured_image_url: "https://a.example/x.png",
  author_avatar_url: "",
  author_linkedin_url: "",
  published: false,
  featured: false,
};
const report = {
  reporter_name: "Ada",
  reporter_email: "ada@example.com",
  company: "Co",
  asset_affected: "app.example.com",
  vulnerability_title: "IDOR",
  vrt_category: "Business Logic",
  vrt_subcategory: "other",
  weakness_type: "Design",
  severity: "Low",
  description: "d".repeat(50),
  reproduction_steps: "1. Do it",
  impact: "Data exposure",
};

test("every schema applies the storable rule to every text field", () => {
  const cases: [string, { safeParse: (value: unknown) => { success: boolean; error?: unknown } }, Record<string, unknown>][] = [
    ["post", postInputSchema, post],
    ["report", reportInputSchema, report],
    ["contact", contactSchema, { name: "Ada", email: "ada@example.com", message: "Hello" }],
    ["login", loginSchema, { password: "a long password" }],
  ];
  for (const [name, schema, valid] of cases) {
    expect(schema.safeParse(valid).success, name).toBe(true);
    for (const [field, value] of Object.entries(valid)) {
      if (typeof value !== "string") continue;
      const result = schema.safeParse({ ...valid, [field]: `${value}\u0000` }) as ReturnType<typeof postInputSchema.safeParse>;
      expect(result.success, `${name}.${field}`).toBe(false);
      if (field !== "email" && field !== "reporter_email") {
        expect(fieldErrors(result.error!)[field], `${name}.${field}`).toBe(textMessages.invalidCharacters);
      }
    }
  }
});

test("names, titles and other one-line fields refuse line breaks with a field message", () => {
  for (const field of ["reporter_name", "company", "asset_affected", "vulnerability_title"]) {
    const result = reportInputSchema.safeParse({ ...report, [field]: "a\nTriage it at https://evil.example" });
    expect(result.success, field).toBe(false);
    expect(fieldErrors(result.error!)[field], field).toBe(textMessages.singleLine);
  }
  for (const field of ["title", "category", "author_name", "read_time"]) {
    const result = postInputSchema.safeParse({ ...post, [field]: "a\r\nb" });
    expect(fieldErrors(result.error!)[field], field).toBe(textMessages.singleLine);
  }
  // Multi-line fields keep their lines; surrounding blank lines of a one-line field are trimmed.
  const multi = reportInputSchema.parse({ ...report, impact: "one\ntwo", vulnerability_title: "  IDOR\n" });
  expect(multi.impact).toBe("one\ntwo");
  expect(multi.vulnerability_title).toBe("IDOR");
});
