import { articleCopy } from "../../content/blog";
import { SiteLink } from "../ui/site-link";

/** Home / Blog / this page: the breadcrumbs of a page under /blog (an article, a category, an author). */
export function BlogBreadcrumbs({ current, currentClassName = "" }: { current: string; currentClassName?: string }) {
  return (
    <nav aria-label={articleCopy.breadcrumbLabel}>
      <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
        <li>
          <SiteLink to="/" className="hover:text-indigo-700">
            {articleCopy.home}
          </SiteLink>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <SiteLink to="/blog" className="hover:text-indigo-700">
            {articleCopy.blog}
          </SiteLink>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className={`font-medium text-slate-700 ${currentClassName}`.trim()}>
          {current}
        </li>
      </ol>
    </nav>
  );
}
