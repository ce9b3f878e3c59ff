/**
 * The search worker's thread (started by search-worker.server.ts, docs/decisions/173): a read-only
 * connection of its own to the site's SQLite file, answering compiled read queries one at a time,
 * so a search that ranks every post never holds the process's event loop.
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import type { SearchWorkerAnswer, SearchWorkerRequest } from "./search-worker.server";

const { file, busyTimeoutMs } = workerData as { file: string; busyTimeoutMs: number };
// WAL mode (set by the main connection) lets this reader see every committed write without locks.
const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);

/** Search queries are a handful of shapes: prepared once each. */
const prepared = new Map<string, SQLite.Statement>();

function rowsOf({ sql, parameters }: SearchWorkerRequest): unknown[] {
  let statement = prepared.get(sql);
  if (!statement) {
    statement = sqlite.prepare(sql);
    if (!statement.reader) throw new Error("The search worker only reads.");
    if (prepared.size >= 100) prepared.clear();
    prepared.set(sql, statement);
  }
  return statement.all(...parameters);
}

parentPort!.on("message", (request: SearchWorkerRequest) => {
  let answer: SearchWorkerAnswer;
  try {
    answer = { id: request.id, rows: rowsOf(request) };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
