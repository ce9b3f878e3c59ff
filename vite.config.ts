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
 * The attachment drop zone and the rules and words it shows: the report form and the case page's
 * reply both load all three, so one chunk rather than two (the report form's page budget).
 */
const ATTACHMENT_DROP_ZONE = ["app/components/security/attachment-picker.tsx", "domain/report-attachments.ts", "app/content/security-submit.ts"];

/**
 * Small modules every public page's route loads (its meta tags, the page header, the toast's
 * words): in the site chunk rather than in two small chunks of their own that every page fetches
 * besides it (the page budget).
 */
const EVERY_PAGE = ["app/lib/meta.ts", "domain/exhaustive.ts", "domain/text-length.ts", "app/components/ui/page-header.tsx", "app/components/ui/card-style.ts", "domain/toast.ts"];

/**
 * The site's own modules that the root route imports (header, footer, toaster, shared hooks and
 * copy) go into one chunk: every page loads the root, so they are needed on every page, and left
 * to Rollup they are cut into several small chunks whose split depends on which routes share them.
 * The root's static imports are walked once, at the first module asked about (the module graph is
 * complete by then).
 */
function siteChunk(): Rollup.GetManualChunk {
  const rootRoute = path.resolve("app/root.tsx");
  const attachmentModules = new Set(ATTACHMENT_DROP_ZONE.map((file) => path.resolve(file)));
  const everyPageModules = new Set(EVERY_PAGE.map((file) => path.resolve(file)));
  let rootModules: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!rootModules) {
      const reached = new Set<string>();
      const visit = (from: string) => {
        if (reached.has(from) || from.includes("node_modules")) return;
        reached.add(from);
        for (const imported of getModuleInfo(from)?.importedIds ?? []) visit(imported);
      };
      visit(rootRoute);
      rootModules = reached;
    }
    if (attachmentModules.has(id)) return "report-attachments";
    return id !== rootRoute && /\.tsx?$/.test(id) && (rootModules.has(id) || everyPageModules.has(id)) ? "site" : undefined;
  };
}

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
        rollupOptions: { output: { experimentalMinChunkSize: 600, manualChunks: siteChunk() } },
      },
  plugins: [sonnerWithoutInlineStyle(), tailwindcss(), reactRouter()],
}));
