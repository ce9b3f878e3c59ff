import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is server/app.ts, which wraps React Router's request handler.
  // The browser's code is minified by terser, a few per cent smaller than the default (page budget).
  // Chunks under 600 bytes join a chunk loaded with them where that runs no other code: fewer
  // requests for the same bytes (a larger size adds code to pages that do not use it).
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" }, target: "node20" }
    : {
        minify: "terser",
        terserOptions: { module: true, compress: { passes: 2 } },
        rollupOptions: { output: { experimentalMinChunkSize: 600 } },
      },
  plugins: [sonnerWithoutInlineStyle(), tailwindcss(), reactRouter()],
}));
