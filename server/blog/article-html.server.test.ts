import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseSanitizedTags } from "../../tests/helpers/html-tags";
import { cleanArticleHtml } from "./article-html.server";
import { IMAGE_PLACEHOLDER_SRC, restoreOrdinarySpaces, safeImageSrc } from "../../domain/editor-content";

const xssVectors: string[] = JSON.parse(
  readFileSync(new URL("../../tests/fixtures/xss-vectors.json", import.meta.url), "utf8"),
);
const quillOutput: Record<string, { semantic: string; dom: string }> = JSON.parse(
  readFileSync(new URL("../../tests/fixtures/quill-2.0.3-formats.json", import.meta.url), "utf8"),
);

const ALLOWED_TAGS = new Set([
  "p", "br", "strong", "em", "u", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "img",
  "blockquote", "code", "pre", "s", "sub", "sup", "span", "div", "iframe",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "background", "poster"]);

/** Every way a cleaned body could still run script or leak outside the allowlist. */
function problemsIn(html: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(html)) problems.push("a <script> tag");
  for (const tag of parseSanitizedTags(html)) {
    if (!ALLOWED_TAGS.has(tag.name)) problems.push(`tag <${tag.name}>`);
    for (const [name, value] of tag.attributes) {
      if (name.startsWith("on")) problems.push(`event handler ${name}`);
      if (name.startsWith("data-")) problems.push(`data attribute ${name}`);
      const compact = value.replace(/[\s\u0000-\u0020]+/g, "").toLowerCase();
      if (/^(?:javascript|vbscript):/.test(compact)) problems.push(`${name}=${value}`);
      if (URL_ATTRIBUTES.has(name) && compact.startsWith("data:") && !/^data:image\/(?:png|jpeg|gif|webp);base64,/.test(compact)) {
        problems.push(`${name}=${value}`);
      }
      if (/javascript:|vbscript:|expression\(|url\(/i.test(value) && name === "style") problems.push(`style=${value}`);
    }
  }
  return problems;
}

describe("every XSS vector of the shared test data", () => {
  test("the test data holds the 413 vectors", () => {
    expect(xssVectors).toHaveLength(413);
  });

  test.each(xssVectors.map((vector, index) => [index, vector] as const))(
    "vector %i leaves no script, handler, data attribute or unsafe URL",
    (_index, vector) => {
      const cleaned = cleanArticleHtml(vector);
      expect(problemsIn(cleaned)).toEqual([]);
      // Cleaning is stable: the output passes through unchanged.
      expect(cleanArticleHtml(cleaned)).toBe(cleaned);
    },
  );
});

describe("each editor format survives the round trip through the allowlist", () => {
  // What Quill 2.0.3 produced for each toolbar format (tests/fixtures/capture-quill-formats.ts),
  // and what the sanitiser keeps of it: the formats all stay, only editor scaffolding goes.
  const expectedSemantic: Record<string, string> = {
    headers:
      "<h1>Heading 1</h1><h2>Heading 2</h2><h3>Heading 3</h3><h4>Heading 4</h4><h5>Heading 5</h5><h6>Heading 6</h6>",
    "bold-italic-underline-strike": "<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s></p>",
    lists: "<ol><li>one<ol><li>two</li></ol></li></ol><ul><li>three<ul><li>four</li></ul></li></ul>",
    "sub-sup": "<p>H<sub>2</sub>O and x<sup>2</sup></p>",
    indent: '<p class="ql-indent-1">indented once</p><p class="ql-indent-3">indented thrice</p>',
    rtl: '<p class="ql-direction-rtl ql-align-right">مرحبا بالعالم</p>',
    colors:
      '<p><span style="color:rgb(230, 0, 0)">red</span> on <span style="background-color:rgb(255, 255, 0)">yellow</span> and <span style="color:rgb(0, 102, 204)">blue</span> <strong style="color:rgb(0, 138, 0)">bold</strong></p>',
    align:
      '<p class="ql-align-center">center</p><p class="ql-align-right">right</p><p class="ql-align-justify">justify</p>',
    link: '<p>a <a href="https://example.com/page?x=1&amp;y=2" rel="noopener noreferrer" target="_blank">link</a> and <a href="mailto:team@example.com" rel="noopener noreferrer" target="_blank">mail</a></p>',
    image:
      '<p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" />pic<img src="https://example.com/a.png" /></p>',
    // Quill's semantic form writes a video as a link to it; the DOM form (below) keeps the player.
    video:
      '<p>before</p><a href="https://www.youtube.com/embed/dQw4w9WgXcQ">https://www.youtube.com/embed/dQw4w9WgXcQ</a>',
    blockquote: "<blockquote>quoted words</blockquote>",
    "code-block": "<pre>\nconst a = 1;\nif (a &lt; 2) {}\n</pre>",
    "inline-code": "<p>use <code>npm test</code> here</p>",
    spaces: "<p>two\u00a0 spaces and\u00a0\u00a0 three, then a normal sentence</p>",
  };

  test.each(Object.keys(expectedSemantic))("%s, from getSemanticHTML()", (format) => {
    const cleaned = cleanArticleHtml(quillOutput[format]!.semantic);
    expect(cleaned).toBe(expectedSemantic[format]);
    expect(cleaned).not.toContain("&nbsp;");
  });

  test("video, from the editor's DOM: the player stays, from an allowed host only", () => {
    expect(cleanArticleHtml(quillOutput.video!.dom)).toBe(
      '<p>before</p><iframe class="ql-video" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen="true" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"></iframe>',
    );
  });

  test("code block, from the editor's DOM: the container and its lines keep their classes", () => {
    expect(cleanArticleHtml(quillOutput["code-block"]!.dom)).toBe(
      '<div class="ql-code-block-container"><div class="ql-code-block">const a = 1;</div><div class="ql-code-block">if (a &lt; 2) {}</div></div>',
    );
    expect(cleanArticleHtml('<pre class="ql-syntax" spellcheck="false">a  b</pre>')).toBe(
      '<pre class="ql-syntax">a  b</pre>',
    );
  });

  test("indented list items from the editor's DOM keep their indent class; Quill's list marker goes", () => {
    expect(cleanArticleHtml(quillOutput.lists!.dom)).toBe(
      '<ol><li>one</li><li class="ql-indent-1">two</li><li>three</li><li class="ql-indent-1">four</li></ol>',
    );
  });

  test("the remaining formats come out of the editor's DOM as from its semantic form", () => {
    const same = ["headers", "bold-italic-underline-strike", "sub-sup", "indent", "rtl", "colors", "align", "link", "image", "blockquote", "inline-code"];
    for (const format of same) {
      expect(cleanArticleHtml(quillOutput[format]!.dom), format).toBe(expectedSemantic[format]);
    }
  });
});

describe("the allowlist's rules", () => {
  test("links keep http, https, mailto, tel and relative addresses only", () => {
    expect(cleanArticleHtml('<a href="https://a.example/x">a</a>')).toBe('<a href="https://a.example/x">a</a>');
    expect(cleanArticleHtml('<a href="http://a.example/">a</a>')).toBe('<a href="http://a.example/">a</a>');
    expect(cleanArticleHtml('<a href="mailto:x@a.example">m</a>')).toBe('<a href="mailto:x@a.example">m</a>');
    expect(cleanArticleHtml('<a href="/contact">c</a>')).toBe('<a href="/contact">c</a>');
    expect(cleanArticleHtml('<a href="tel:+15550100">t</a>')).toBe('<a href="tel:+15550100">t</a>');
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "\u2028javascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/",
      "&#106;avascript:alert(1)",
    ]) {
      expect(cleanArticleHtml(`<a href="${href}">x</a>`), href).toBe("<a>x</a>");
    }
  });

  test("a link that opens a new tab always gets rel=noopener noreferrer; other targets go", () => {
    expect(cleanArticleHtml('<a href="https://a.example" target="_blank">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(cleanArticleHtml('<a href="https://a.example" target="_BLANK" rel="opener">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(cleanArticleHtml('<a href="https://a.example" target="_top">x</a>')).toBe('<a href="https://a.example">x</a>');
  });

  test("images keep http, https and inline PNG, JPEG, GIF or WebP; anything else loses its source", () => {
    for (const src of [
      "https://a.example/i.png",
      "http://a.example/i.jpg",
      "data:image/png;base64,iVBORw0KGgo=",
      "data:image/jpeg;base64,/9j/4AAQ",
      "data:image/gif;base64,R0lGODlh",
      "data:image/webp;base64,UklGRg==",
    ]) {
      expect(cleanArticleHtml(`<img src="${src}" alt="a">`), src).toBe(`<img src="${src}" alt="a" />`);
    }
    for (const src of [
      "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "data:text/html;base64,PHNjcmlwdD4=",
      "data:image/png,notbase64",
      " data:text/html,x",
      "javascript:alert(1)",
      "vbscript:x",
      "ftp://a.example/i.png",
      "//a.example/i.png",
    ]) {
      expect(cleanArticleHtml(`<img src="${src}" alt="a">`), src).toBe('<img alt="a" />');
    }
  });

  test("videos are embedded only from the allowed hosts, over https, with the video class", () => {
    const allowed = [
      "https://www.youtube.com/embed/abc",
      "https://www.youtube-nocookie.com/embed/abc",
      "https://player.vimeo.com/video/123",
    ];
    for (const src of allowed) {
      expect(cleanArticleHtml(`<iframe class="ql-video" src="${src}"></iframe>`)).toContain(`src="${src}"`);
    }
    for (const html of [
      '<iframe class="ql-video" src="https://evil.example/embed/abc"></iframe>',
      '<iframe class="ql-video" src="http://www.youtube.com/embed/abc"></iframe>',
      '<iframe class="ql-video" src="https://www.youtube.com.evil.example/embed"></iframe>',
      '<iframe class="ql-video" src="https://user@www.youtube.com/embed/abc"></iframe>',
      '<iframe class="ql-video" src="javascript:alert(1)"></iframe>',
      '<iframe class="ql-video" srcdoc="<script>alert(1)</script>"></iframe>',
      '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
    ]) {
      expect(cleanArticleHtml(`${html}after`), html).toBe("after");
    }
  });

  test("styles keep colour and background colour with colour values only", () => {
    expect(cleanArticleHtml('<span style="color: #ff0000; background-color: rgba(0, 0, 0, 0.5)">x</span>')).toBe(
      '<span style="color:#ff0000;background-color:rgba(0, 0, 0, 0.5)">x</span>',
    );
    expect(cleanArticleHtml('<span style="color: red">x</span>')).toBe('<span style="color:red">x</span>');
    expect(cleanArticleHtml('<p style="color: hsl(120deg 50% 50%)">x</p>')).toBe('<p style="color:hsl(120deg 50% 50%)">x</p>');
    for (const style of [
      "position: fixed; top: 0",
      "background-image: url(https://a.example/x.png)",
      "background-color: url(javascript:alert(1))",
      "color: expression(alert(1))",
      "color: red; behavior: url(x.htc)",
      "font-size: 99px",
    ]) {
      expect(cleanArticleHtml(`<span style="${style}">x</span>`), style).not.toMatch(/position|url|expression|behavior|font-size/);
    }
  });

  test("Quill's alignment, indent and direction classes stay; any other class goes", () => {
    expect(cleanArticleHtml('<p class="ql-align-center ql-indent-2 ql-direction-rtl evil">x</p>')).toBe(
      '<p class="ql-align-center ql-indent-2 ql-direction-rtl">x</p>',
    );
    expect(cleanArticleHtml('<h2 class="ql-align-left ql-indent-9 ql-align-justify">x</h2>')).toBe(
      '<h2 class="ql-align-justify">x</h2>',
    );
    expect(cleanArticleHtml('<span class="ql-align-center">x</span>')).toBe("x");
    expect(cleanArticleHtml('<div class="container">x</div>')).toBe("x");
  });

  test("data attributes, event handlers, ids and forms never survive", () => {
    expect(cleanArticleHtml('<p data-x="1" id="a" onclick="alert(1)" onmouseover=alert(1)>x</p>')).toBe("<p>x</p>");
    expect(cleanArticleHtml('<form action="javascript:alert(1)"><input value="x"><button>go</button></form>')).toBe("go");
    expect(cleanArticleHtml("<svg><script>alert(1)</script></svg><style>p{}</style>ok")).toBe("ok");
  });

  test("bold, italic and strike written as b, i and strike become their editor tags", () => {
    expect(cleanArticleHtml("<b>b</b><i>i</i><strike>s</strike>")).toBe("<strong>b</strong><em>i</em><s>s</s>");
  });

  test("non-breaking spaces between words become normal spaces so text wraps", () => {
    expect(cleanArticleHtml("<p>one&nbsp;two&nbsp;three</p>")).toBe("<p>one two three</p>");
    expect(cleanArticleHtml("<p><strong>a</strong>&nbsp;<em>b</em></p>")).toBe("<p><strong>a</strong> <em>b</em></p>");
    // A run keeps its width and may still break at its end.
    expect(cleanArticleHtml("<p>a&nbsp;&nbsp;&nbsp;b</p>")).toBe("<p>a\u00a0\u00a0 b</p>");
  });

  test("srcset, sizes and dimensions come only from the server's images, on their exact address", () => {
    const sha = "a".repeat(64);
    const src = `/media/${sha}.png`;
    const srcset = `/media/${sha}-480w.webp 480w, ${src} 900w`;
    const images = new Map([[src, { width: 900, height: 600, srcset }]]);
    const hostile = 'srcset="https://evil.example/x.png 1x, javascript:alert(1) 2x" sizes="100vw" width="5000" height="1"';
    // When written (no images given): the author's values are dropped, whatever the source.
    expect(cleanArticleHtml(`<img src="${src}" alt="a" ${hostile}>`)).toBe(`<img src="${src}" alt="a" />`);
    expect(cleanArticleHtml(`<img src="https://a.example/i.png" ${hostile}>`)).toBe('<img src="https://a.example/i.png" />');
    expect(cleanArticleHtml(`<img ${hostile}>`)).toBe("<img />");
    // When read: ours replace them on an uploaded image, and nothing is added to any other.
    const read = cleanArticleHtml(`<img src="${src}" alt="a" ${hostile}>`, images);
    expect(read).toBe(
      `<img src="${src}" alt="a" width="900" height="600" srcset="${srcset}" sizes="(min-width: 48rem) 45rem, calc(100vw - 2rem)" />`,
    );
    for (const other of [`https://a.example${src}`, `${src}#x`, `/media/${sha}.jpg`, `javascript:${src}`]) {
      expect(cleanArticleHtml(`<img src="${other}" ${hostile}>`, images), other).not.toMatch(/srcset|sizes|width|height/);
    }
    // Without smaller copies: the dimensions only.
    expect(cleanArticleHtml(`<img src="${src}">`, new Map([[src, { width: 300, height: 200, srcset: undefined }]]))).toBe(
      `<img src="${src}" width="300" height="200" />`,
    );
    // A page's HTML saved back through the editor returns to the stored form.
    expect(cleanArticleHtml(read)).toBe(`<img src="${src}" alt="a" />`);
  });
});

describe("the editor's rules, shared with the server", () => {
  test("a non-breaking space the author typed stays, on both sides", () => {
    expect(restoreOrdinarySpaces("<p>kept\u00a0non-breaking</p>")).toBe("<p>kept\u00a0non-breaking</p>");
    expect(cleanArticleHtml("<p>kept\u00a0non-breaking</p>")).toBe("<p>kept\u00a0non-breaking</p>");
  });

  test("an image data URL the editor refuses the server drops, and the other way round", () => {
    const jpg = "data:image/jpg;base64,/9j/4AAQ";
    expect(safeImageSrc(jpg)).toBe(IMAGE_PLACEHOLDER_SRC);
    expect(cleanArticleHtml(`<img src="${jpg}">`)).toBe("<img />");
    const jpeg = "data:image/jpeg;base64,/9j/4AAQ";
    expect(safeImageSrc(jpeg)).toBe(jpeg);
    expect(cleanArticleHtml(`<img src="${jpeg}">`)).toBe(`<img src="${jpeg}" />`);
  });
});

describe("links as written", () => {
  test("a path, a fragment, mailto and tel stay in the same tab as typed; another site opens a new one", () => {
    const html = cleanArticleHtml(
      '<p><a href="/how-it-works">how</a> <a href="#pricing">pricing</a> <a href="mailto:a@example.com">mail</a> ' +
        '<a href="tel:+441234567890">call</a> <a href="https://example.com/" target="_blank">out</a> <a href="javascript:alert(1)">x</a></p>',
    );
    expect(html).toContain('<a href="/how-it-works">how</a>');
    expect(html).toContain('<a href="#pricing">pricing</a>');
    expect(html).toContain('<a href="tel:+441234567890">call</a>');
    expect(html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">out</a>');
    expect(html).not.toContain("javascript:");
  });
});
