import { Parser } from "htmlparser2";

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

export type EmailHtml = {
  /** Elements the parser had to close itself (no end tag), and end tags that closed nothing. */
  unclosed: string[];
  stray: number;
  /** Every `href` (entities decoded) and the text of the document, tags left out. */
  hrefs: string[];
  text: string;
};

/** An email's HTML part as a mail client's parser reads it (htmlparser2, as sanitize-html uses). */
export function readEmailHtml(html: string): EmailHtml {
  const unclosed: string[] = [];
  const hrefs: string[] = [];
  let text = "";
  let closed = 0;
  const parser = new Parser(
    {
      onopentag(_name, attributes) {
        if (attributes.href !== undefined) hrefs.push(attributes.href);
      },
      onclosetag(name, implied) {
        if (VOID_ELEMENTS.has(name)) return;
        if (implied) unclosed.push(name);
        else closed += 1;
      },
      ontext(chunk) {
        text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  const endTags = html.match(/<\/[a-zA-Z][^>]*>/g)?.length ?? 0;
  return { unclosed, stray: endTags - closed, hrefs, text };
}
