import { scriptHashSource } from "../http/security-headers.server";

/** SHA-256 sources of every inline script the browser will run (JSON-LD data is not run). */
export function inlineScriptHashes(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || /application\/ld\+json/i.test(attributes)) continue;
    sources.add(scriptHashSource(match[2] ?? ""));
  }
  return [...sources];
}

/**
 * Where a cached page keeps its modules until its first paint (withModulesAfterFirstPaint): a
 * template straight under <body> marked by an attribute no content can carry. Never an id: a
 * block's anchor or an article's heading takes ids, and the first element with the id would win.
 */
const PAGE_MODULES_MARK = "data-page-modules";

/**
 * Runs in the browser once the document is parsed: on the frame after the first paint (at once in
 * a hidden tab, which paints nothing), the template gives way to what it keeps, which the browser
 * then fetches and runs. Written out here because its hash goes into the page's policy like any
 * inline script.
 */
const LOAD_AFTER_FIRST_PAINT =
  `const kept=document.querySelector("body>template[${PAGE_MODULES_MARK}]"),load=()=>kept.replaceWith(kept.content);` +
  `document.visibilityState==="hidden"?load():requestAnimationFrame(()=>setTimeout(load))`;

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const BOOTSTRAP_MODULE = /<script\b([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/;

/**
 * A cached page's JavaScript starts loading after its first paint (decision 078). React Router's
 * `<Scripts>` preloads the page's modules from the head and imports them from a module script;
 * both move, unchanged, into an inert `<template>`, and the module script's place (the element
 * React hydrates against) holds the loader above. The stylesheet, the font and the pictures have
 * the connection to themselves until the page is drawn; hydration follows one frame later.
 */
export function withModulesAfterFirstPaint(html: string): string {
  const bootstrap = BOOTSTRAP_MODULE.exec(html);
  if (!bootstrap) return html;
  const [element, attributes, code] = bootstrap;
  const preloads = html.match(MODULE_PRELOAD) ?? [];
  const kept = `<template ${PAGE_MODULES_MARK}>${preloads.join("")}<script type="module">${code}</script></template>`;
  return html
    .replace(element, () => `<script${attributes}>${LOAD_AFTER_FIRST_PAINT}</script>${kept}`)
    .replace(MODULE_PRELOAD, (link, offset: number) => (offset < bootstrap.index ? "" : link));
}
