import { loadConfig } from "../../server/config.server";

/**
 * The public site configuration the end-to-end server runs with: it inherits this process's
 * environment, so the same defaults and overrides apply.
 */
export const siteConfig = loadConfig(process.env).public;
