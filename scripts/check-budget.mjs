// The build's budget check: prints each public page's JavaScript and CSS (gzip) and fails the
// build when a page loads more JavaScript than its budget or any of the editor's code.
import { EDITOR_MODULES, pageWeights } from "./page-weight.mjs";

const JS_BUDGET = 125 * 1000;
const CSS_BUDGET = 30 * 1000;

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
let failed = false;
console.log(`Page budget (gzip): JavaScript ${kb(JS_BUDGET)}, CSS ${kb(CSS_BUDGET)} per public page`);
for (const page of pageWeights()) {
  const problems = [];
  if (page.js > JS_BUDGET) problems.push(`JavaScript over budget by ${kb(page.js - JS_BUDGET)}`);
  if (page.css > CSS_BUDGET) problems.push(`CSS over budget by ${kb(page.css - CSS_BUDGET)}`);
  const editor = page.scripts.filter((url) => EDITOR_MODULES.test(url));
  if (editor.length > 0) problems.push(`loads the editor's code: ${editor.join(", ")}`);
  failed ||= problems.length > 0;
  console.log(
    `  ${page.address.padEnd(18)} JS ${kb(page.js).padStart(9)}  CSS ${kb(page.css).padStart(8)}  ${problems.length ? `FAIL: ${problems.join("; ")}` : "ok"}`,
  );
}
if (failed) {
  console.error("The page budget is exceeded: see above.");
  process.exit(1);
}
