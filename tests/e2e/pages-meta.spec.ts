import { pageMetaDefaults } from "../../app/content/page-meta";
import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

const pages = [
  { meta: pageMetaDefaults.home, h1: "Turn your documents into conversations that teach" },
  { meta: pageMetaDefaults.solutions, h1: "Solutions" },
  { meta: pageMetaDefaults.howItWorks, h1: "How it works" },
  { meta: pageMetaDefaults.features, h1: "Features" },
  { meta: pageMetaDefaults.science, h1: "About" },
  { meta: pageMetaDefaults.about, h1: "About us" },
  { meta: pageMetaDefaults.support, h1: "Support" },
  { meta: pageMetaDefaults.security, h1: "Responsible Disclosure Policy" },
  { meta: pageMetaDefaults.privacy, h1: "Privacy Policy" },
  { meta: pageMetaDefaults.terms, h1: "Terms of Use" },
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
