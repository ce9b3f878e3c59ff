/**
 * How analytics counted in memory reach the database: `write` runs every `intervalMs`, one run
 * at a time (a flush asked for meanwhile waits its turn), and once more at close (shutdown). A
 * run that throws is the caller's to have caught; the next runs go on regardless.
 */
export function batchWriter(intervalMs: number, write: () => Promise<void>): { flush: () => Promise<void>; close: () => Promise<void> } {
  let writing = Promise.resolve();
  const flush = () => {
    writing = writing.then(write).catch(() => undefined);
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    flush,
    close: () => {
      clearInterval(timer);
      return flush();
    },
  };
}
