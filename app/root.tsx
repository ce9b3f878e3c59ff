import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { NotFound } from "./components/layout/not-found";
import { Toaster } from "./components/layout/toaster";
import { useSiteLinks } from "./components/ui/site-link";
import { useRecordVisitSource } from "./lib/browser/use-record-visit-source";
import { usePageSpeed } from "./lib/browser/use-page-speed";
import { navigationLabels } from "../domain/site-copy/shared";
import { readMenus } from "../server/navigation/navigation.server";
import "./styles/app.css";
// The same file fonts.css names: preloaded so the first paint already has the brand face.
import brandFontUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = context.services;
  return { site: config.public, menus: await readMenus(db) };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: brandFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4338ca" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Not in the error boundary: a page that failed, or an article not found, is not measured.
  usePageSpeed();
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Whether the page is in the signed-in admin area (routes/admin-area.tsx), which draws its own bar. */
function useInAdminArea(): boolean {
  return useMatches().some((match) => (match.handle as { adminArea?: boolean } | undefined)?.adminArea);
}

function SiteShell({ children }: { children: React.ReactNode }) {
  const admin = useInAdminArea();
  useSiteLinks();
  // Public pages only: the rule is in the recorder, which also knows /admin/login and /preview.
  useRecordVisitSource();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {navigationLabels.skipToContent}
      </a>
      {admin ? (
        children
      ) : (
        <>
          <SiteHeader />
          <main id="main" tabIndex={-1} className="outline-none">
            {children}
          </main>
          <SiteFooter />
        </>
      )}
      <Toaster />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFound />
      </SiteShell>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600">
        We could not show this page. Please try again in a moment.
      </p>
      <a className="mt-8 inline-block font-semibold text-indigo-700 underline" href="/">
        Return to Home
      </a>
    </main>
  );
}
