import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const FIRST_PASSWORD_FILE = "admin-password.txt";

/**
 * Writes a generated first admin password to `<dataDir>/admin-password.txt`, readable and
 * writable by the owner only (0600), and answers its path. The password never goes to the
 * console or the logs, which are often collected and kept (docs/decisions/069).
 */
export function writeFirstPassword(dataDir: string, password: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, FIRST_PASSWORD_FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  // The mode applies only when the file is created: an older file is narrowed too.
  chmodSync(file, 0o600);
  return file;
}
