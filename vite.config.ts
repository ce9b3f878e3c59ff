import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Plugin, type Rollup } from "vite";

/**
 * Sonner injects its stylesheet as an inline <style> element, which the Content-Security-Policy
 * refuses (style-src 'self'); its stylesheet file is loaded with the toaster instead
 * (app/components/layout/toaster.tsx).
 */
function sonnerWithoutInlineStyle(): Plugin {
  return {
    name: "sonner-without-inline-style",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const call = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
      if (!call.test(code)) throw new Error("sonner no longer injects its CSS as expected: check this plugin");
      return { code: code.replace(call, ""), map: null };
    },
  };
}

/**
 * The site's own modules that the root route imports (header, footer, toaster, shared hooks and
 * copy) go into one chunk: every page loads the root, so they are needed on every page, and left
 * to Rollup they are cut into several small chunks whose split depends on which routes share them.
 */
const rootRoute = path.resolve("app/root.tsx");
const siteChunk: Rollup.GetManualChunk = (id, { getModuleInfo }) => {
  if (!/\.tsx?$/.test(id) || id.includes("node_modules")) return undefined;
  const seen = new Set<string>();
  const reachable = (from: string): boolean => {
    if (from === id) return true;
    if (seen.has(from) || from.includes("node_modules")) return false;
    seen.add(from);
    return (getModuleInfo(from)?.importedIds ?? []).some(reachable);
  };
  return id !== rootRoute && reachable(rootRoute) ? "site" : undefined;
};

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is server/app.ts, which wraps React Router's request handler.
  // The browser's code is minified by terser, a few per cent smaller than the default (page budget).
  // Chunks under 600 bytes join a chunk loaded with them where that runs no other code: fewer
  // requests for the same bytes (a larger size adds code to pages that do not use it). The root's
  // own modules make one chunk (`siteChunk`).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        minify: "terser",
        terserOptions: { module: true, compress: { passes: 2 } },
        rollupOptions: { output: { experimentalMinChunkSize: 600, manualChunks: siteChunk } },
      },
  plugins: [sonnerWithoutInlineStyle(), tailwindcss(), reactRouter()],
}));
