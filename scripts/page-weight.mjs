// What each public page of the build loads: its scripts and stylesheets (the entry, the root
// route and the page's route with everything they import), in gzip bytes. Read from React
// Router's client manifest in build/client; used by the build's budget check and the benchmark.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Route ids of the public pages and the address each is measured at. */
export const PUBLIC_ROUTES = [
  ["routes/home", "/"],
  ["routes/solutions", "/solutions"],
  ["routes/how-it-works", "/how-it-works"],
  ["routes/features", "/features"],
  ["routes/science", "/science"],
  ["routes/about", "/about"],
  ["routes/contact", "/contact"],
  ["routes/support", "/support"],
  ["routes/security", "/security"],
  ["routes/security-submit", "/security/submit"],
  ["routes/blog", "/blog"],
  ["routes/blog-post", "/blog/<article>"],
  ["routes/blog-search", "/blog/search"],
  ["routes/blog-category", "/blog/category/<slug>"],
  ["routes/blog-author", "/blog/author/<slug>"],
  ["routes/privacy", "/privacy"],
  ["routes/terms", "/terms"],
  ["routes/not-found", "/<not found>"],
];

/** The editor's own modules: never part of a public page. */
export const EDITOR_MODULES = /quill|admin-editor|rich-text-editor/i;

export function readManifest(clientDir = "build/client") {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: run the client build first.`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const gzipSizes = new Map();
function gzipSize(clientDir, url) {
  if (!gzipSizes.has(url)) {
    // A stylesheet of a shared chunk is listed with a "#" (React Router's marker); the file has none.
    const bytes = readFileSync(path.join(clientDir, url.split("#")[0]));
    gzipSizes.set(url, zlib.gzipSync(bytes, { level: 9 }).length);
  }
  return gzipSizes.get(url);
}

/** Every page's scripts and stylesheets with their gzip sizes. */
export function pageWeights(clientDir = "build/client") {
  const manifest = readManifest(clientDir);
  const modulesOf = (entry) => [
    entry.module,
    ...(entry.imports ?? []),
    // Split route modules (client loader and friends) that the page may load at once.
    ...Object.entries(entry)
      .filter(([key, value]) => key.endsWith("Module") && key !== "module" && typeof value === "string")
      .map(([, value]) => value),
  ].filter(Boolean);
  return PUBLIC_ROUTES.map(([id, address]) => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`The route ${id} is not in the manifest.`);
    const scripts = new Set([...modulesOf(manifest.entry), ...modulesOf(manifest.routes.root), ...modulesOf(route)]);
    const styles = new Set([...(manifest.entry.css ?? []), ...(manifest.routes.root.css ?? []), ...(route.css ?? [])]);
    const sum = (urls) => [...urls].reduce((total, url) => total + gzipSize(clientDir, url), 0);
    return { id, address, scripts: [...scripts], js: sum(scripts), css: sum(styles) };
  });
}
