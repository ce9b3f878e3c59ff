import { PassThrough, Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { splitComponentsLoaded } from "../../app/components/blocks/split-component";
import type { SiteConfig } from "../../domain/site";

/** The site configuration a component under test reads from the root route (useSite). */
export const testSite: SiteConfig = {
  siteUrl: "https://dialogic.example",
  siteName: "Dialogic",
  signinUrl: "https://app.dialogic.example/signin",
  demoUrl: "https://cal.example/dialogic-demo",
  supportEmail: "support@dialogic.example",
  supportPhone: "+1 (555) 010-0199",
  postalAddress: "1 Example Street\nSpringfield",
  securityEmail: "security@dialogic.example",
};

/**
 * Renders a component to HTML as the server does, inside a root route that gives it the site
 * configuration, waiting for what it loads lazily (as the server's render waits for everything).
 */
export async function renderPage(element: React.ReactNode): Promise<string> {
  await splitComponentsLoaded();
  const { prelude } = await prerenderToNodeStream(await withSite(element));
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Renders as app/entry.server.tsx does (the whole document once everything is ready), to see what
 * a visitor without JavaScript gets: a part that suspended is sent hidden, for a script to show.
 */
export async function renderPageAsServer(element: React.ReactNode): Promise<string> {
  // As the page routes' loaders do before rendering blocks.
  await splitComponentsLoaded();
  const tree = await withSite(element);
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(Buffer.concat(chunks).toString("utf8"));
              done();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

async function withSite(element: React.ReactNode): Promise<React.ReactElement> {
  const routes = [{ id: "root", path: "/", loader: () => ({ site: testSite }), element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("https://dialogic.example/"));
  if (context instanceof Response) throw new Error(`The test route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return <StaticRouterProvider router={router} context={context} hydrate={false} />;
}
