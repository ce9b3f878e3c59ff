import { describe, expect, test } from "vitest";
import type { PageBlock } from "../../domain/page-blocks";
import { slugify } from "../../domain/slug";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { everyBlock } from "../../tests/helpers/every-block";
import { seedPost } from "../../tests/helpers/posts";
import { samplePhoto } from "../../tests/helpers/sample-images";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { storeImage } from "../media/media.server";
import { pageExtras } from "./public-pages.server";

function latestPosts(id: string, category: string, count: number): PageBlock {
  return { id, type: "latest_posts", hidden: false, title: "", category, count };
}

describe.each(testDatabaseKinds)("what a page's blocks show beyond their fields (%s)", (kind) => {
  const server = apiTestServer(kind);

  test("each latest-posts block gets the newest published posts, of its category when it names one", async () => {
    const db = await server.database();
    for (const [title, category] of [
      ["Spaced practice", "Learning science"],
      ["Objection handling", "Sales"],
      ["Forgetting curves", "Learning science"],
    ] as const) {
      await seedPost(db, { title, slug: slugify(title), category, content: "<p>Read me.</p>", published: true });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await seedPost(db, { title: "A draft", slug: "a-draft", category: "Sales", content: "<p>Not yet.</p>", published: false });

    const extras = await pageExtras(db, [latestPosts("all", "", 2), latestPosts("science", "Learning science", 5), latestPosts("none", "Unknown", 3)]);

    expect(extras.showsPosts).toBe(true);
    expect(extras.posts.all!.map((post) => post.title)).toEqual(["Forgetting curves", "Objection handling"]);
    expect(extras.posts.science!.map((post) => post.title)).toEqual(["Forgetting curves", "Spaced practice"]);
    expect(extras.posts.none).toEqual([]);
  });

  test("hidden blocks are not read; a page without latest posts does not change with the posts", async () => {
    const db = await server.database();
    await seedPost(db, { title: "Spaced practice", slug: "spaced-practice", category: "Learning science", content: "<p>Read me.</p>", published: true });
    const extras = await pageExtras(db, [{ ...latestPosts("hidden", "", 3), hidden: true }, everyBlock()[0]!]);
    expect(extras).toEqual({ posts: {}, images: {}, forms: {}, showsPosts: false });
  });

  test("the uploaded images its blocks name come with their size and smaller copies; other addresses are shown as they are", async () => {
    const db = await server.database();
    const stored = await storeImage(db, await samplePhoto(1600, 900));
    if (!stored.ok) throw new Error("the sample photo was not stored");
    const blocks: PageBlock[] = [
      { id: "picture", type: "image", hidden: false, image: { src: stored.url, alt: "A seller on a call", decorative: false }, caption: "" },
      {
        id: "logos",
        type: "logo_strip",
        hidden: false,
        title: "",
        logos: [{ image: { src: "https://logos.example.com/northwind.svg", alt: "Northwind", decorative: false } }],
      },
    ];
    const { images } = await pageExtras(db, blocks);
    expect(Object.keys(images)).toEqual([stored.url]);
    expect(images[stored.url]).toMatchObject({ width: 1600, height: 900 });
    expect(images[stored.url]!.srcset).toContain("1600w");
  });
});
