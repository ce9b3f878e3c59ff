import type { Config } from "./config.server";
import type { AppDatabase } from "./db/database.server";
import type { Logger } from "./logger.server";

/** What every loader and action receives: built once per process in server/app.ts. */
export type AppServices = {
  config: Config;
  db: AppDatabase;
  logger: Logger;
};

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** This response's CSP nonce, for the scripts React renders. */
    cspNonce: string;
    /** Set when this request went over a rate limit; the message to show (route actions). */
    rateLimited?: string;
  }
}
