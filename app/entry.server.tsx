import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../server/db/database-errors.server";
import { renderedDocument } from "../server/http/page-adapter.server";
import { ArticleBodyContext } from "./lib/blog/article-body";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every script React Router renders carries this response's CSP nonce (none on cached pages).
  const nonce = loadContext.cspNonce;
  // A loader or action that failed because the database is away: 503, try again shortly.
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (responseStatusCode >= 500 && errors.some(isDatabaseUnavailable)) responseStatusCode = 503;
  // Pages that answer 503 themselves (the blog when it cannot load) say when to try again too.
  if (responseStatusCode === 503) {
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  return new Promise<Response>((resolve, reject) => {
    // Every page here is complete once its loaders are done (no deferred data): the document is
    // rendered whole and sent in one piece, which costs the server less than streaming it in
    // hundreds of small writes (decision 076).
    let shellRendered = false;
    // Ends a render still waiting after streamTimeout; cleared once all is rendered, so that a
    // finished request is not kept in memory for seconds by its timer.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      // The article body is rendered from here, not from the hydration data (decision 073).
      <ArticleBodyContext.Provider value={loadContext.articleHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ArticleBodyContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          clearTimeout(timeout);
          respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell reaches React Router through onShellError, which logs it.
          if (shellRendered) console.error(error);
        },
      },
    );

    function respond() {
      const chunks: Buffer[] = [];
      const document = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Sent as these bytes, not read back through a stream (server/http/page-adapter.server.ts).
          resolve(renderedDocument(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          done();
        },
      });
      pipe(document);
    }
  });
}
