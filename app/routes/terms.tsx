import { useActionData } from "react-router";
import { LivePage } from "../components/blocks/live-page";
import { termsMeta } from "../../domain/site-copy/legal/terms";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { loadSpecificationPage, specificationPageAction } from "../lib/pages/specification-page.server";
import type { Route } from "./+types/terms";

/** A specification page the marketing team edits (docs/decisions/199): its live version, from its blocks. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadSpecificationPage(context, termsMeta);
}

/** A form block of the page sent without JavaScript. */
export const action = specificationPageAction(termsMeta);

// Made by the loader from the page and the specification's copy: the browser's code carries neither.
export const meta: Route.MetaFunction = ({ matches, data }) => (data ? pageMeta(siteFromMatches(matches), data.meta) : []);

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LivePage content={loaderData} posted={useActionData<typeof action>()} />;
}
