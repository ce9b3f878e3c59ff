/**
 * Turns for work that holds the process while it runs (docs/decisions/172): better-sqlite3 answers
 * synchronously, so a search ranking thousands of matches blocks every other request for its whole
 * query, and a burst of searches started together would run back to back. Work given a turn runs
 * one at a time, each after the event loop has taken in whatever arrived meanwhile (setImmediate
 * runs after the loop's poll for I/O), so a burst delays other requests by one query at most.
 */
export type Turns = <T>(work: () => Promise<T>) => Promise<T>;

export function createTurns(): Turns {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}
