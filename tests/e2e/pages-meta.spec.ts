import { aboutMeta } from "../../domain/site-copy/about";
import { featuresMeta } from "../../domain/site-copy/features";
import { homeMeta } from "../../domain/site-copy/home";
import { howItWorksMeta } from "../../domain/site-copy/how-it-works";
import { privacyMeta } from "../../domain/site-copy/legal/privacy";
import { scienceMeta } from "../../domain/site-copy/science";
import { securityMeta } from "../../domain/site-copy/disclosure-policy";
import { solutionsMeta } from "../../domain/site-copy/solutions";
import { supportMeta } from "../../domain/site-copy/support";
import { termsMeta } from "../../domain/site-copy/legal/terms";
import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

const pages = [
  { meta: homeMeta, h1: "Turn your documents into conversations that teach" },
  { meta: solutionsMeta, h1: "Solutions" },
  { meta: howItWorksMeta, h1: "How it works" },
  { meta: featuresMeta, h1: "Features" },
  { meta: scienceMeta, h1: "About" },
  { meta: aboutMeta, h1: "About us" },
  { meta: supportMeta, h1: "Support" },
  { meta: securityMeta, h1: "Responsible Disclosure Policy" },
  { meta: privacyMeta, h1: "Privacy Policy" },
  { meta: termsMeta, h1: "Terms of Use" },
];

for (const { meta, h1 } of pages) {
  test(`${meta.path} has its own title, description and canonical link in the server HTML`, async ({ request, baseURL }) => {
    const page = await fetchServerPage(request, meta.path);
    expect(page.status).toBe(200);
    expect(page.title).toBe(meta.path === "/" ? meta.title : `${meta.title} | Dialogic`);
    expect(page.description).toBe(meta.description);
    expect(page.canonical).toBe(new URL(meta.path, baseURL).toString());
    expect(page.text).toContain(h1);
  });
}

test("every page's title and description differ from the others'", async ({ request }) => {
  const seen = await Promise.all(pages.map(({ meta }) => fetchServerPage(request, meta.path)));
  expect(new Set(seen.map((page) => page.title)).size).toBe(pages.length);
  expect(new Set(seen.map((page) => page.description)).size).toBe(pages.length);
});
