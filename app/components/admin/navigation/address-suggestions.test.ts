import { expect, test } from "vitest";
import { menuAddressSuggestions } from "./address-suggestions";

test("a menu's address suggestions are the pages, the blog, the published posts and their categories, once each", () => {
  const pages = [{ path: "/about", title: "About us" }, { path: "/webinar", title: "Webinar" }];
  const posts = [
    { slug: "first", title: "First post", category: "Research Notes", published: true },
    { slug: "second", title: "Second post", category: "Research Notes", published: true },
    { slug: "draft", title: "A draft", category: "Drafts only", published: false },
    { slug: "symbols", title: "Symbols", category: "!!!", published: true },
  ];
  expect(menuAddressSuggestions(pages, posts)).toEqual([
    { href: "/about", label: "About us" },
    { href: "/webinar", label: "Webinar" },
    { href: "/blog", label: "Blog" },
    { href: "/blog/first", label: "First post" },
    { href: "/blog/second", label: "Second post" },
    { href: "/blog/symbols", label: "Symbols" },
    { href: "/blog/category/research-notes", label: "Research Notes" },
  ]);
});
