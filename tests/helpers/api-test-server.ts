import type express from "express";
import { afterEach } from "vitest";
import type { AppServices } from "../../server/context.server";
import type { AppDatabase } from "../../server/db/database.server";
import { serveApi, testServices, type ServeOptions } from "./http-server";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./test-database";

export type JsonRequest = { method?: string; body?: unknown; token?: string | null; raw?: string };

export type ApiTestServer = {
  db: AppDatabase;
  services: AppServices;
  /** The base URL, with the mount path ("/api" unless told). */
  url: string;
  /** fetch() with a JSON body (or `raw` text) and, when given, a bearer token; POST unless told. */
  send: (path: string, request?: JsonRequest) => Promise<Response>;
};

export type StartOptions = ServeOptions & {
  /** Configuration variables of the test's services. */
  env?: NodeJS.ProcessEnv;
  /** Runs on the fresh database before the server starts (an admin password, say). */
  prepare?: (db: AppDatabase) => Promise<unknown>;
  /** Replaces parts of the services (a logger that records, say). */
  services?: Partial<AppServices>;
  routers: (services: AppServices) => express.Router[];
  /** Routers that parse their own bodies, mounted before the shared JSON parser. */
  ownBodies?: (services: AppServices) => express.Router[];
};

/**
 * The opening of every API test, once: call it in a `describe.each(testDatabaseKinds)` block,
 * then `start()` in each test for a fresh migrated database of that kind and the routers on a
 * real HTTP port. Both are disposed after each test.
 */
export function apiTestServer(kind: TestDatabaseKind) {
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
    await database?.destroy();
    database = undefined;
  });

  return {
    /** A fresh migrated database alone, for a test that needs no server. */
    async database(): Promise<AppDatabase> {
      database = await createTestDatabase(kind);
      return database.db;
    },
    async start({ env = {}, prepare, services: overrides, routers, ownBodies, ...serve }: StartOptions): Promise<ApiTestServer> {
      database = await createTestDatabase(kind);
      await prepare?.(database.db);
      const services = { ...testServices(database.db, env), ...overrides };
      const server = await serveApi(services, routers(services), {
        ...serve,
        beforeJsonBody: ownBodies?.(services) ?? serve.beforeJsonBody,
      });
      close = server.close;
      const send = (path: string, { method = "POST", body, token, raw }: JsonRequest = {}) =>
        fetch(`${server.url}${path}`, {
          method,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
        });
      return { db: database.db, services, url: server.url, send };
    },
  };
}
