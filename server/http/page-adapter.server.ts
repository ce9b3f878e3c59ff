import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { originForm } from "./path-spelling.server";

/**
 * React Router behind Express, as `@react-router/express` does it, but for the documents this
 * site renders whole (app/entry.server.tsx renders every page into one Buffer, decision 076):
 * their bytes are written as they are, instead of going into a web stream and being read back
 * out of it a chunk at a time, a tenth of an uncached page's cost (decision 194). Data requests
 * and resource routes are streamed as the official adapter streams them.
 */

/** Each rendered document's bytes, by the answer React Router hands back (set by entry.server). */
const documentBytes = new WeakMap<globalThis.Response, Buffer>();

/** The answer of a document rendered whole (entry.server): its bytes are sent as they are. */
export function renderedDocument(body: Buffer<ArrayBuffer>, init: ResponseInit): globalThis.Response {
  const response = new Response(body, init);
  documentBytes.set(response, body);
  return response;
}

/** The bytes of an answer React Router gave: at once for a rendered document, else read from its stream. */
export async function answerBytes(response: globalThis.Response): Promise<Buffer> {
  const bytes = documentBytes.get(response);
  if (bytes && !response.bodyUsed) return bytes;
  return Buffer.from(await response.arrayBuffer());
}

export function pageAdapter(
  build: ServerBuild,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
): RequestHandler {
  // The mode as `@react-router/express` takes it: under test, React Router logs no request's error.
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    try {
      const response = await handle(fetchRequest(req, res), loadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch API request React Router reads, as `@react-router/express` builds it. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): globalThis.Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((text) => Number.parseInt(text ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  // An absolute-form target ("GET http://host/path") is answered as its path, never a 500.
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${originForm(req.originalUrl)}`);
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else if (values) headers.set(name, values);
  }
  let controller: AbortController | undefined = new AbortController();
  res.on("finish", () => (controller = undefined));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(res: ExpressResponse, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  const bytes = documentBytes.get(response);
  if (bytes && !response.bodyUsed) {
    res.end(bytes);
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}
