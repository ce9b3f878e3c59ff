import { data } from "react-router";
import { NotFound } from "../components/layout/not-found";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/not-found";
import { notFoundMeta } from "../content/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), notFoundMeta);

export default function NotFoundPage() {
  return <NotFound />;
}
