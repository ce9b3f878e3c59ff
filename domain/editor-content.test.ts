import { describe, expect, test } from "vitest";
import {
  BLANK_URL,
  IMAGE_PLACEHOLDER_SRC,
  escapeHtml,
  isBlankEditorHtml,
  restoreOrdinarySpaces,
  safeImageSrc,
  opensInNewTab,
  safeLinkUrl,
  safeVideoUrl,
} from "./editor-content";

describe("editor content rules", () => {
  test("links keep http, https and mailto; every other scheme becomes about:blank", () => {
    expect(safeLinkUrl("https://example.com/a b")).toBe("https://example.com/a%20b");
    expect(safeLinkUrl("http://example.com")).toBe("http://example.com/");
    expect(safeLinkUrl("mailto:team@example.com")).toBe("mailto:team@example.com");
    expect(safeLinkUrl("example.com/page")).toBe("https://example.com/page");
    expect(safeLinkUrl("/how-it-works")).toBe("/how-it-works");
    expect(safeLinkUrl(" /blog?q=a b#top ")).toBe("/blog?q=a%20b#top");
    expect(safeLinkUrl("#pricing")).toBe("#pricing");
    expect(safeLinkUrl("tel:+441234567890")).toBe("tel:+441234567890");
    expect(safeLinkUrl("//evil.example/x")).toBe("https://evil.example/x");
    expect(opensInNewTab(safeLinkUrl("example.com"))).toBe(true);
    for (const here of ["/how-it-works", "#pricing", "mailto:a@example.com", "tel:+1"]) expect(opensInNewTab(safeLinkUrl(here)), here).toBe(false);
    expect(safeLinkUrl('https://example.com/"><script>')).toBe("https://example.com/%22%3E%3Cscript%3E");
    for (const hostile of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "",
    ]) {
      expect(safeLinkUrl(hostile), hostile).toBe(BLANK_URL);
    }
  });

  test("images keep http, https and inline raster images; anything else becomes the placeholder", () => {
    expect(safeImageSrc("https://example.com/a.png")).toBe("https://example.com/a.png");
    const pasted = "data:image/png;base64,iVBORw0KGgo=";
    expect(safeImageSrc(pasted)).toBe(pasted);
    for (const hostile of [
      "javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "data:image/svg+xml;base64,PHN2Zz4=",
      'data:image/png;base64,AAA" onerror="alert(1)',
      "relative.png",
    ]) {
      expect(safeImageSrc(hostile), hostile).toBe(IMAGE_PLACEHOLDER_SRC);
    }
  });

  test("videos only from the allowed players, always over https", () => {
    expect(safeVideoUrl("https://www.youtube.com/embed/abc?showinfo=0")).toBe(
      "https://www.youtube.com/embed/abc?showinfo=0",
    );
    expect(safeVideoUrl("http://player.vimeo.com/video/1/")).toBe("https://player.vimeo.com/video/1/");
    for (const hostile of [
      "https://evil.example/embed",
      "javascript:alert(1)",
      "https://www.youtube.com.evil.example/embed",
      'https://www.youtube.com/embed/x"><script>alert(1)</script>',
    ]) {
      const safe = safeVideoUrl(hostile);
      expect(safe === BLANK_URL || safe.startsWith("https://www.youtube.com/")).toBe(true);
      expect(safe).not.toMatch(/["<>]/);
    }
  });

  test("Quill's &nbsp; for every space becomes ordinary spaces; runs keep their width", () => {
    expect(restoreOrdinarySpaces("<p>one&nbsp;two&nbsp;three</p>")).toBe("<p>one two three</p>");
    expect(restoreOrdinarySpaces("<p>a&nbsp;&nbsp;b</p>")).toBe("<p>a&nbsp; b</p>");
    expect(restoreOrdinarySpaces("<p>a&nbsp;&nbsp;&nbsp;b</p>")).toBe("<p>a &nbsp; b</p>");
    expect(restoreOrdinarySpaces("<p>kept\u00a0non-breaking</p>")).toBe("<p>kept\u00a0non-breaking</p>");
  });

  test("an editor holding only empty paragraphs is blank", () => {
    expect(isBlankEditorHtml("<p></p>")).toBe(true);
    expect(isBlankEditorHtml("<p><br></p><p> </p>")).toBe(true);
    expect(isBlankEditorHtml("<p>x</p>")).toBe(false);
    expect(isBlankEditorHtml('<p><img src="https://example.com/a.png"></p>')).toBe(false);
  });

  test("escapeHtml leaves no markup", () => {
    expect(escapeHtml(`"><script>'&`)).toBe("&#34;&#62;&#60;script&#62;&#39;&#38;");
  });
});
