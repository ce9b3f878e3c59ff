import { createContext, useContext, useState } from "react";

/**
 * The article body travels once (docs/decisions/073): the server renders it into the page and
 * leaves it out of the hydration data; hydration takes it back from the page; a client-side
 * navigation fetches it with the rest of the post.
 */
export const ArticleBodyContext = createContext<string | undefined>(undefined);

export const ARTICLE_BODY_ID = "article-body";

/** The body to render: the loaded one, the server render's, or the one already in the page. */
export function useArticleBody(loaded: string | undefined): string {
  const fromServer = useContext(ArticleBodyContext);
  const [fromPage] = useState(() =>
    loaded ?? fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById(ARTICLE_BODY_ID)?.innerHTML ?? "")),
  );
  return loaded ?? fromServer ?? fromPage;
}
