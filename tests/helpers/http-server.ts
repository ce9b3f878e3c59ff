import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { loadConfig } from "../../server/config.server";
import type { AppServices } from "../../server/context.server";
import type { AppDatabase } from "../../server/db/database.server";
import { apiErrorHandler, apiNotFound, jsonBody, noStore } from "../../server/http/api-errors.server";

/** Services for a test: the given database, the default configuration, a silent logger. */
export function testServices(db: AppDatabase, env: NodeJS.ProcessEnv = {}): AppServices {
  return { config: loadConfig(env), db, logger: pino({ level: "silent" }) };
}

export type ServeOptions = {
  /** Routers that parse their own bodies, mounted before the shared JSON parser. */
  beforeJsonBody?: express.Router[];
  /** Middleware of the whole app, before the API (a request log, say). */
  beforeApi?: express.RequestHandler[];
  /** Where the routers are mounted; "/api" as server/app.ts mounts them. */
  mountAt?: string;
};

/**
 * Serves API routers on a real HTTP port, mounted under /api as server/app.ts mounts them.
 * Returns the base URL (with the mount path) and a close function.
 */
export async function serveApi(
  services: AppServices,
  routers: express.Router[],
  { beforeJsonBody = [], beforeApi = [], mountAt = "/api" }: ServeOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  for (const middleware of beforeApi) app.use(middleware);
  const api = express.Router();
  // As the API table: answers are never stored, whatever the door.
  api.use(noStore);
  for (const router of beforeJsonBody) api.use(router);
  api.use(jsonBody());
  for (const router of routers) api.use(router);
  api.use(apiNotFound);
  api.use(apiErrorHandler(services.logger));
  app.use(mountAt, api);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${mountAt === "/" ? "" : mountAt}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
