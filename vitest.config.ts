import { defineConfig } from "vitest/config";

// Vitest has its own config so it does not load React Router's Vite plugin.
export default defineConfig({
  test: {
    include: ["{app,domain,server,tests}/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
