/**
 * A start-up problem the operator must fix (port taken, unusable DATA_DIR, database refused):
 * its message is one line naming the problem, printed without a stack trace before exiting.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** The error's own one-line text, without a stack. */
export function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  const line = text.split("\n")[0]?.trim() || "unknown error";
  return typeof code === "string" && !line.includes(code) ? `${code}: ${line}` : line;
}
