import pino from "pino";
import { withoutTokens } from "./http/path-spelling.server";

/**
 * One JSON-lines logger for the process, writing to standard output (or `destination`, in tests).
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "password", "*.password"],
        censor: "[redacted]",
      },
      // An error may quote the address it failed on: a preview or case token never reaches the log.
      serializers: { err: errorWithoutTokens },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === "string" ? withoutTokens(arg) : arg)) as Parameters<typeof method>);
        },
      },
    },
    destination ?? onceATurn(pino.destination({ dest: 1, sync: true })),
  );
}

export type Logger = ReturnType<typeof createLogger>;

function errorWithoutTokens(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  serialized.message = withoutTokens(serialized.message);
  serialized.stack = withoutTokens(serialized.stack);
  return serialized;
}

/** What each batching destination still holds, written when the process exits. */
const pendingAtExit = new Set<() => void>();

/**
 * Hands the lines logged during one turn of the event loop to `target` as one write (decision
 * 140). A busy process logs a line per request, dozens per turn; written one by one, each line
 * cost a system call, a sizeable part of what answering a cached page costs. The lines are written
 * synchronously at the end of the turn, so none is held back longer than that, and whatever is
 * pending when the process exits is written before it does.
 */
export function onceATurn(target: pino.DestinationStream): pino.DestinationStream {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === "") return;
    const lines = pending;
    pending = "";
    target.write(lines);
  };
  if (pendingAtExit.size === 0) process.once("exit", () => pendingAtExit.forEach((write) => write()));
  pendingAtExit.add(flush);
  return {
    write(line: string) {
      pending += line;
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
}
