import { useActionData } from "react-router";
import { LivePage } from "../components/blocks/live-page";
import { securityMeta } from "../../domain/site-copy/disclosure-policy";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { loadSpecificationPage, specificationPageAction } from "../lib/pages/specification-page.server";
import type { Route } from "./+types/security";

/**
 * The disclosure policy, a specification page the marketing team edits (docs/decisions/199). Its
 * effective date is the day it is served, in the server's time zone (the page cache keeps it
 * until the next midnight, server/cache/page-rules.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadSpecificationPage(context, securityMeta);
}

/** A form block of the page sent without JavaScript. */
export const action = specificationPageAction(securityMeta);

// Made by the loader from the page and the specification's copy: the browser's code carries neither.
export const meta: Route.MetaFunction = ({ matches, data }) => (data ? pageMeta(siteFromMatches(matches), data.meta) : []);

export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  return <LivePage content={loaderData} posted={useActionData<typeof action>()} />;
}
