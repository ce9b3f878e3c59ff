export type ParsedTag = { name: string; attributes: [string, string][] };

const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g;
const CLOSE_TAG = /<\/([a-zA-Z][a-zA-Z0-9-]*)\s*>/g;
const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:="([^"]*)")?/g;

/**
 * The tags of HTML written by sanitize-html (attribute values always double-quoted, `<`, `>`,
 * `&` and `"` escaped), with their attributes decoded. Throws when a `<` is left that is not part
 * of a tag, which would mean the output is not in that form.
 */
export function parseSanitizedTags(html: string): ParsedTag[] {
  const tags: ParsedTag[] = [];
  for (const match of html.matchAll(OPEN_TAG)) {
    const attributes: [string, string][] = [];
    for (const attribute of (match[2] ?? "").matchAll(ATTRIBUTE)) {
      attributes.push([attribute[1]!.toLowerCase(), decodeEntities(attribute[2] ?? "")]);
    }
    tags.push({ name: match[1]!.toLowerCase(), attributes });
  }
  const rest = html.replace(OPEN_TAG, "").replace(CLOSE_TAG, "");
  if (rest.includes("<")) throw new Error(`Unexpected "<" outside a tag in: ${html}`);
  return tags;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
