import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { AppServices } from "../../server/context.server";
import { createVitalsCollector } from "../../server/analytics/web-vitals.server";
import { createSiteRouter, pageRenderer } from "../../server/routes.server";

let vite: ViteDevServer | undefined;
let build: Promise<ServerBuild> | undefined;

/**
 * React Router's server build, compiled on the fly by Vite (as `npm run dev` does), so tests
 * can drive every door (pages, actions, `.data` paths) without `npm run build`. One per test
 * file; close it with `closeServerBuild` in afterAll.
 */
export function loadServerBuild(): Promise<ServerBuild> {
  build ??= (async () => {
    vite = await createServer({
      configFile: "vite.config.ts",
      logLevel: "silent",
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: "custom",
    });
    return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  })();
  return build;
}

export async function closeServerBuild(): Promise<void> {
  await vite?.close();
  vite = undefined;
  build = undefined;
}

export type SiteServer = { url: string; close: () => Promise<void> };

/**
 * The whole site (server/routes.server.ts) on a free loopback port with the given
 * services, behind Express's `trust proxy` from their configuration, as server/index.ts hosts it.
 */
export async function serveSite(services: AppServices): Promise<SiteServer> {
  const app = express();
  app.disable("x-powered-by");
  if (services.config.trustProxy !== undefined) app.set("trust proxy", services.config.trustProxy);
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  const build = await loadServerBuild();
  const vitals = createVitalsCollector(services.db, { flushMs: services.config.analyticsFlushMs, logger: services.logger });
  app.use(createSiteRouter(services, pageRenderer(services, build), { webVitals: { routes: build.routes, collector: vitals } }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await vitals.close();
    },
  };
}
