/**
 * The Express process: compression, security headers, static files with long-lived caching,
 * and graceful shutdown. The application itself (services, API, pages) lives in server/app.ts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import type * as AppModuleShape from "./app";
import { securityHeaders } from "./http/security-headers.server";

type AppModule = typeof AppModuleShape;

const development = process.env.NODE_ENV !== "production";
const here = path.dirname(fileURLToPath(import.meta.url));

const server = express();
server.disable("x-powered-by");
server.use(securityHeaders({ development }));
server.use(compression());

let appModule: AppModule;
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteServer.middlewares);
  const load = () => viteServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  appModule = await startOrExit(load);
  server.use(async (req, res, next) => {
    try {
      (await load()).app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Built by `npm run build`: this file is build/server.js, beside build/client and build/server.
  const clientDir = path.join(here, "client");
  appModule = await startOrExit(() => import(path.join(here, "server/index.js")));
  server.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
  );
  server.use(express.static(clientDir, { maxAge: "1h" }));
  server.use(appModule.app);
}

const { config } = appModule;
if (config.trustProxy) server.set("trust proxy", trustProxyValue(config.trustProxy));

const httpServer = server.listen(config.port, () => {
  console.log(`Server listening on http://localhost:${config.port}`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests`);
  // Stop accepting; keep-alive sockets that sit idle would otherwise hold the close open.
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  const force = setTimeout(() => httpServer.closeAllConnections(), 10_000).unref();
  await closed;
  clearTimeout(force);
  await appModule.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

/** A bad configuration stops the start with one clear line instead of a stack trace. */
async function startOrExit(load: () => Promise<AppModule>): Promise<AppModule> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Error && error.name === "ConfigError") {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function trustProxyValue(value: string): boolean | number | string {
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
