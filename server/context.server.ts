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
    /** This response's CSP nonce, for the scripts React renders; unset on cached pages (hashes). */
    cspNonce?: string;
    /** Set by the article's loader for the server render only: the article body, sent once. */
    articleHtml?: string;
    /**
     * Cache tags a page's loader adds beyond its route's own (the posts an article shows as
     * related): the page cache drops the page when any of them changes (server/cache/pages.server.ts).
     */
    cacheTags?: string[];
    /**
     * The client's key for every limit (server/http/client-key.server.ts): actions pass it to
     * the services, which count it whatever path the request came in by.
     */
    clientKey: string;
  }
}
