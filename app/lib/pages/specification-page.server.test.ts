import type { AppLoadContext } from "react-router";
import { describe, expect, test } from "vitest";
import { homeMeta } from "../../../domain/site-copy/home";
import { securityMeta } from "../../../domain/site-copy/disclosure-policy";
import { apiTestServer } from "../../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../../tests/helpers/test-database";
import { PAGES_TAG } from "../../../server/cache/content-changes.server";
import { ensureSpecificationPages } from "../../../server/pages/specification-pages.server";
import { updatePage, publishPage, listPages } from "../../../server/pages/site-pages.server";
import { loadSpecificationPage } from "./specification-page.server";

describe.each(testDatabaseKinds)("a specification page's loader on %s", (kind) => {
  const server = apiTestServer(kind);

  async function load(db: Awaited<ReturnType<typeof server.database>>, meta: Parameters<typeof loadSpecificationPage>[1]) {
    const context = { services: { db } } as unknown as AppLoadContext;
    const data = await loadSpecificationPage(context, meta);
    return { context, data };
  }

  test("reads the live page, tagged with the pages for the cache, its metadata from its SEO fields and the copy's keywords", async () => {
    const db = await server.database();
    await ensureSpecificationPages(db);
    const { context, data } = await load(db, homeMeta);
    expect(context.cacheTags).toEqual([PAGES_TAG]);
    expect(data.page.path).toBe("/");
    expect(data.meta).toMatchObject({ title: homeMeta.title, description: homeMeta.description, path: "/", keywords: homeMeta.keywords });

    const home = (await listPages(db)).find((page) => page.path === "/")!;
    await updatePage(db, home.id, { seo: { title: "Dialogic | Training people talk through" } });
    expect((await load(db, homeMeta)).data.meta.title).toBe(homeMeta.title);
    await publishPage(db, home.id, {});
    expect((await load(db, homeMeta)).data.meta).toMatchObject({ title: "Dialogic | Training people talk through", keywords: homeMeta.keywords });
  });

  test("without a page at its address (a database not yet seeded) it shows the seed's first version", async () => {
    const db = await server.database();
    const { data } = await load(db, securityMeta);
    const [policy] = data.page.blocks;
    expect(policy).toMatchObject({ type: "legal_document", title: "Responsible Disclosure Policy", effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
});
