import type { APIRequestContext } from "@playwright/test";

export type ServerPage = {
  status: number;
  title: string | undefined;
  description: string | undefined;
  canonical: string | undefined;
  /** The document's visible text, as a crawler without JavaScript reads it. */
  text: string;
};

/** Fetches a page without running any script and reads its metadata and text. */
export async function fetchServerPage(request: APIRequestContext, path: string): Promise<ServerPage> {
  const response = await request.get(path);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const body = html.slice(html.indexOf("<body"));
  return {
    status: response.status(),
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1]),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(head)?.[1]),
    canonical: decode(/<link rel="canonical" href="([^"]*)"/.exec(head)?.[1]),
    text: decode(
      body
        .replace(/<script[\s\S]*?<\/script>/g, " ")
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " "),
    )!,
  };
}

function decode(text: string | undefined): string | undefined {
  return text
    ?.replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
