import { existsSync } from "node:fs";

/** Debian's Chromium; the tests never download a browser of their own. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

if (!existsSync(CHROMIUM_PATH)) {
  throw new Error(
    `Chromium is missing at ${CHROMIUM_PATH}; the end-to-end tests need it. Install it with: apt-get install chromium`,
  );
}

/** This machine's network is closed: keep Chromium from reaching out on its own. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
