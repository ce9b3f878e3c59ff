import { PageBlocks } from "../components/blocks/page-blocks";
import { scienceMeta } from "../../domain/site-copy/science";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { loadSpecificationPage } from "../lib/pages/specification-page.server";
import type { Route } from "./+types/science";

/** A specification page the marketing team edits (docs/decisions/199): its live version, from its blocks. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadSpecificationPage(context, scienceMeta);
}

// Made by the loader from the page and the specification's copy: the browser's code carries neither.
export const meta: Route.MetaFunction = ({ matches, data }) => (data ? pageMeta(siteFromMatches(matches), data.meta) : []);

export default function SciencePage({ loaderData }: Route.ComponentProps) {
  return <PageBlocks blocks={loaderData.page.blocks} posts={loaderData.posts} images={loaderData.images} />;
}
