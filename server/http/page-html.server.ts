import { scriptHashSource } from "./security-headers.server";

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
 * The page's modules are preloaded at low priority, as React does for its own bootstrap modules:
 * on a slow connection the stylesheet, the font and the first image arrive before 120 KB of
 * JavaScript that only hydrates what is already shown (decision 077). React Router's
 * `<Scripts>` offers no way to say so, hence the rewrite of its links.
 */
export function withLowPriorityModulePreloads(html: string): string {
  return html.replaceAll('<link rel="modulepreload" href=', '<link rel="modulepreload" fetchpriority="low" href=');
}
