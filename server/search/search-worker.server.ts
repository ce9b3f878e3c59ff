/**
 * SQLite search queries on a worker thread (docs/decisions/173). better-sqlite3 answers
 * synchronously, so a query whose words are in every post (bm25 ranks all of them) held the event
 * loop for its whole run. The worker holds a read-only connection of its own to the same file (WAL
 * lets it read beside the writer); the query is built and compiled by Kysely in this thread, so
 * the query code is one and the same on both databases. PostgreSQL's pool is asynchronous already
 * and an in-memory database cannot be shared: neither gets a worker.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CompiledQuery, Compilable } from "kysely";
import type { AppDatabase, DatabaseTarget } from "../db/database.server";

export type SearchWorkerRequest = { id: number; sql: string; parameters: readonly unknown[] };
export type SearchWorkerAnswer = { id: number; rows: unknown[] } | { id: number; error: string };

/** Why a search read got no rows: the worker is full, failed the query, stopped or was closed. */
export class SearchWorkerError extends Error {
  override name = "SearchWorkerError";
  constructor(
    message: string,
    readonly busy = false,
  ) {
    super(message);
  }
}

export type SearchWorkerOptions = {
  /** Reads waiting or running at most; one more is refused at once (busy) rather than queued. */
  maxPending?: number;
  /** The worker answering nothing for this long while reads wait ends it, failing them (restarted on the next read). */
  timeoutMs?: number;
};

export type SearchWorker = {
  /** The rows of a compiled read query, read by the worker. */
  all: <R>(query: CompiledQuery<R>) => Promise<R[]>;
  /** Reads sent and not yet answered. */
  readonly pending: number;
  close: () => Promise<void>;
};

const workers = new WeakMap<AppDatabase, SearchWorker>();

/**
 * Starts the worker for the database the site runs on, when it is a SQLite file (else nothing):
 * from then on `readIndex(db, …)` runs there. Closed by `close()` (the app's shutdown).
 */
export function startSearchWorker(db: AppDatabase, target: DatabaseTarget, options: SearchWorkerOptions = {}): SearchWorker | undefined {
  if (target.kind !== "sqlite" || target.file === ":memory:" || target.file === "") return undefined;
  const worker = createSearchWorker(target.file, options);
  workers.set(db, worker);
  return {
    all: worker.all,
    get pending() {
      return worker.pending;
    },
    close: async () => {
      if (workers.get(db) === worker) workers.delete(db);
      await worker.close();
    },
  };
}

/** A search's read of the index: on the database's search worker when it has one, else on `db` itself. */
export function readIndex<R>(db: AppDatabase, query: Compilable<R> & { execute: () => Promise<R[]> }): Promise<R[]> {
  const worker = workers.get(db);
  return worker ? worker.all(query.compile()) : query.execute();
}

type Waiting = { resolve: (rows: never[]) => void; reject: (error: Error) => void };

function createSearchWorker(file: string, { maxPending = 64, timeoutMs = 10_000 }: SearchWorkerOptions): SearchWorker {
  let thread: Worker | undefined;
  let closed = false;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  // The worker answers in order: the watch times the oldest read from when the worker could
  // start it (its previous answer), never the wait behind the reads before it.
  let watch: NodeJS.Timeout | undefined;
  function rewatch(current: Worker) {
    clearTimeout(watch);
    watch = undefined;
    if (waiting.size === 0) return;
    watch = setTimeout(() => stopped(current, new SearchWorkerError(`A search query ran longer than ${timeoutMs} ms.`)), timeoutMs);
    watch.unref();
  }

  /** Every read in flight fails with `error`; the thread is forgotten, the next read starts another. */
  function stopped(from: Worker, error: SearchWorkerError) {
    if (thread !== from) return;
    thread = undefined;
    void from.terminate();
    clearTimeout(watch);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function start(): Worker {
    const entry = workerEntry();
    const started = new Worker(entry.code, { eval: entry.eval, workerData: { file, busyTimeoutMs: 5_000 } });
    started.unref();
    started.on("message", (answer: SearchWorkerAnswer) => {
      const read = waiting.get(answer.id);
      if (!read) return;
      waiting.delete(answer.id);
      rewatch(started);
      if ("error" in answer) read.reject(new SearchWorkerError(`Search query failed: ${answer.error}`));
      else read.resolve(answer.rows as never[]);
    });
    started.on("error", (error) => stopped(started, new SearchWorkerError(`The search worker failed: ${error.message}`)));
    started.on("exit", (code) => stopped(started, new SearchWorkerError(`The search worker stopped (exit code ${code}).`)));
    return started;
  }

  return {
    all<R>(query: CompiledQuery<R>): Promise<R[]> {
      if (closed) return Promise.reject(new SearchWorkerError("The search worker is closed."));
      if (waiting.size >= maxPending) return Promise.reject(new SearchWorkerError("Too many searches are waiting.", true));
      let current: Worker;
      try {
        current = thread ??= start();
      } catch (error) {
        return Promise.reject(error instanceof SearchWorkerError ? error : new SearchWorkerError(`The search worker could not start: ${String(error)}`));
      }
      const id = (nextId += 1);
      return new Promise<R[]>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (rows: never[]) => void, reject });
        if (waiting.size === 1) rewatch(current);
        current.postMessage({ id, sql: query.sql, parameters: query.parameters } satisfies SearchWorkerRequest);
      });
    },
    get pending() {
      return waiting.size;
    },
    async close() {
      closed = true;
      if (thread) stopped(thread, new SearchWorkerError("The search worker is closed."));
    },
  };
}

/**
 * The worker's code: the bundle `npm run build` writes beside the built app (scripts/build-server.mjs),
 * or, run from the sources (`npm run dev`, tests), the TypeScript entry through tsx's loader.
 */
function workerEntry(): { code: string | URL; eval: boolean } {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  if (here.endsWith(".ts")) {
    const entry = path.join(dir, "search-worker-thread.server.ts");
    const tsx = createRequire(here).resolve("tsx/cjs/api");
    return { code: `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)});`, eval: true };
  }
  // The app's bundle is build/server/index.js (or a chunk under build/server/assets).
  const built = [path.join(dir, "search-worker.js"), path.join(dir, "..", "search-worker.js")].find((candidate) => existsSync(candidate));
  if (!built) throw new SearchWorkerError(`The search worker's bundle (search-worker.js) is missing beside ${here}: run npm run build.`);
  return { code: pathToFileURL(built), eval: false };
}
