/**
 * The Express process: compression, security headers, static files with long-lived caching,
 * and graceful shutdown. The application itself (services, API, pages) lives in server/app.ts.
 */
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import type * as AppModuleShape from "./app";
import { onlyBuiltFiles, precompressed } from "./http/precompressed.server";
import { oneLine } from "./lifecycle/startup-error.server";

type AppModule = typeof AppModuleShape;

// Only `npm run dev` (tsx on the source) serves the development server (Vite middleware, which
// serves project files), and only on loopback. The build replaces DIALOGIC_BUILT with "1", so
// `node build/server.js` is the production server whatever NODE_ENV says (docs/decisions/069).
const development = process.env.DIALOGIC_BUILT !== "1";
if (!development) process.env.NODE_ENV = "production";
/**
 * What is compressed per request (a page rendered for one answer, an API answer) is sent once:
 * compressed at the fastest levels, which cost a third of the defaults for a few per cent more
 * bytes. What is kept (the page cache's pages, the build's assets) gets the best (decision 194).
 */
const RENDERED_ANSWER_COMPRESSION = {
  level: zlib.constants.Z_BEST_SPEED,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
};
const here = path.dirname(fileURLToPath(import.meta.url));

const server = express();
server.disable("x-powered-by");

let appModule: AppModule | undefined;
// While draining, every answer ends its connection, so clients and proxies move to another process.
server.use((_req, res, next) => {
  if (appModule?.lifecycle.draining) res.setHeader("Connection", "close");
  next();
});
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  const load = () => viteServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  appModule = await startOrExit(load);
  server.use(appModule.headers.middleware);
  server.use(compression(RENDERED_ANSWER_COMPRESSION));
  server.use(viteServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const module = await load();
      module.front(req, res, (error?: unknown) => (error ? next(error) : module.app(req, res, next)));
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Built by `npm run build`: this file is build/server.js, beside build/client and build/server.
  const clientDir = path.join(here, "client");
  appModule = await startOrExit(() => import(path.join(here, "server/index.js")));
  server.use(appModule.headers.middleware);
  // Hashed assets: compressed once at build time (brotli and gzip files beside them).
  const files = express.Router();
  files.use("/assets", precompressed(path.join(clientDir, "assets")));
  files.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  files.use(precompressed(clientDir));
  files.use(express.static(clientDir, { maxAge: "1h" }));
  server.use(onlyBuiltFiles(clientDir, files));
  // Cached pages carry their own compressed bytes: answered before the compression middleware.
  server.use(appModule.front);
  server.use(compression(RENDERED_ANSWER_COMPRESSION));
  server.use(appModule.app);
}

const { config, lifecycle } = appModule;
const loadedApp = appModule;
// A hop count or the proxies' addresses (validated in config): never the client's own claim.
if (config.trustProxy !== undefined) server.set("trust proxy", config.trustProxy);

// Production: a page the cache holds is answered before Express sees the request (decision 140).
const httpServer = http.createServer(
  development
    ? server
    : (req, res) => {
        if (!loadedApp.serveCachedPage(req, res)) server(req, res);
      },
);
// Idle keep-alive connections are closed by the proxy (nginx's upstream keepalive_timeout, 60 s;
// cloud balancers about as long), not by us: when both sides may close, a request sent on a
// connection we were closing would fail with 502 and, being a POST, would not be retried.
httpServer.keepAliveTimeout = 65_000;
httpServer.headersTimeout = 66_000;
if (development) {
  await listenOrExit(httpServer, config.port, "127.0.0.1");
  console.log(`Development server listening on http://127.0.0.1:${config.port} (loopback only)`);
} else {
  await listenOrExit(httpServer, config.port, config.host);
  const shown = config.host === undefined ? "localhost" : config.host.includes(":") ? `[${config.host}]` : config.host;
  console.log(`Server listening on http://${shown}:${config.port}${config.host === undefined ? " (all interfaces)" : ""}`);
}

/** How long in-flight requests (uploads included) may take to finish after the listener closed. */
const DRAIN_TIMEOUT_MS = 10_000;
/** After the drain: the outbox worker and the database pool get this long to close. */
const CLOSE_TIMEOUT_MS = 8_000;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  lifecycle.draining = true;
  console.log(`${signal} received: draining, then finishing in-flight requests`);
  // Whatever happens below, the process ends within a bounded time.
  setTimeout(() => {
    console.error("Shutdown took too long; exiting anyway");
    process.exit(1);
  }, config.shutdownDelayMs + DRAIN_TIMEOUT_MS + CLOSE_TIMEOUT_MS + 2_000).unref();
  // Readiness answers "draining" meanwhile, so a load balancer's health check takes us out.
  if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  // Stop accepting; keep-alive sockets that sit idle would otherwise hold the close open.
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  const force = setTimeout(() => httpServer.closeAllConnections(), DRAIN_TIMEOUT_MS).unref();
  await closed;
  clearTimeout(force);
  await loadedApp.shutdown();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));

/** Listens on `port` (all interfaces unless a host is given), or ends the start with one line saying why not. */
async function listenOrExit(target: http.Server, port: number, host?: string): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      target.once("error", reject);
      target.listen(port, host, () => {
        target.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === "EADDRNOTAVAIL"
        ? `no interface of this machine has the address ${host}; set HOST to one of its addresses or unset it`
        : code === "EADDRINUSE"
        ? `port ${port} is already in use; stop what uses it or set PORT to a free port`
        : code === "EACCES"
          ? `port ${port} needs privileges this process lacks; set PORT to 1024 or above`
          : oneLine(error);
    console.error(`Cannot listen (PORT=${port}): ${reason}`);
    process.exit(1);
  }
}

/** A bad configuration or environment stops the start with one clear line instead of a stack trace. */
async function startOrExit(load: () => Promise<AppModule>): Promise<AppModule> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Error && (error.name === "ConfigError" || error.name === "StartupError")) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
