import { PageBlocks } from "../components/blocks/page-blocks";
import { howItWorksMeta } from "../../domain/site-copy/how-it-works";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { loadSpecificationPage } from "../lib/pages/specification-page.server";
import type { Route } from "./+types/how-it-works";

/** A specification page the marketing team edits (docs/decisions/199): its live version, from its blocks. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadSpecificationPage(context, howItWorksMeta);
}

// Made by the loader from the page and the specification's copy: the browser's code carries neither.
export const meta: Route.MetaFunction = ({ matches, data }) => (data ? pageMeta(siteFromMatches(matches), data.meta) : []);

export default function HowItWorksPage({ loaderData }: Route.ComponentProps) {
  return <PageBlocks blocks={loaderData.page.blocks} posts={loaderData.posts} images={loaderData.images} />;
}
