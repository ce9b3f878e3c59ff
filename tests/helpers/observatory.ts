import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Scores one page's answer with the Mozilla HTTP Observatory's own tests and grader
 * (@mdn/mdn-http-observatory), locally: its `scan()` fetches over the network, so this builds the
 * same input from an answer fetched here and runs the same tests and the same sum as `scan()` does
 * (src/scanner/index.js). The page is scored as if served at `publicUrl` over HTTPS with a valid
 * certificate, as the site is behind its TLS proxy; plain HTTP is left to that proxy.
 */
export type ObservatoryResult = { score: number; grade: string; results: Record<string, { result: string; modifier: number }> };

const packageDir = path.dirname(createRequire(import.meta.url).resolve("@mdn/mdn-http-observatory/package.json"));
const load = (file: string) => import(pathToFileURL(path.join(packageDir, file)).href);

/** The preload list its install script downloads (no network here); our host is in no such list. */
function ensurePreloadList(): void {
  const file = path.join(packageDir, "conf", "hsts-preload.json");
  if (!existsSync(file)) writeFileSync(file, "{}\n");
}

export async function observatoryScore(answerUrl: string, publicUrl: string): Promise<ObservatoryResult> {
  ensurePreloadList();
  const [{ Requests }, { ALL_TESTS }, grader, charts, { parseHttpEquivHeaders }, axios] = await Promise.all([
    load("src/types.js"),
    load("src/constants.js"),
    load("src/grader/grader.js"),
    load("src/grader/charts.js"),
    load("src/retriever/utils.js"),
    import(pathToFileURL(createRequire(path.join(packageDir, "package.json")).resolve("axios")).href),
  ]);
  const answer = await fetch(answerUrl, { headers: { accept: "text/html,application/xhtml+xml" } });
  const body = await answer.text();
  const headers = new axios.AxiosHeaders();
  answer.headers.forEach((value, name) => headers.set(name, value));

  const url = new URL(publicUrl);
  const requests = new Requests(url.hostname);
  const response = { status: answer.status, headers, data: body, verified: true, httpEquiv: parseHttpEquivHeaders(body, url.href) };
  requests.responses.auto = response;
  requests.responses.https = response;
  requests.resources.path = body;
  requests.session = { url, jar: undefined };

  // The same sum as scan(): extra credit only once the uncurved score is an A.
  let withExtraCredit = 100;
  let uncurved = 100;
  const results: ObservatoryResult["results"] = {};
  for (const test of ALL_TESTS as ((requests: unknown) => { result: string | null; constructor: { name: string } })[]) {
    const output = test(requests);
    if (!output.result) continue;
    const modifier = grader.getScoreModifier(output.result) as number;
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    results[output.constructor.name] = { result: output.result, modifier };
  }
  const score = uncurved >= charts.MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved;
  const final = grader.getGradeForScore(score) as { score: number; grade: string };
  return { ...final, results };
}
