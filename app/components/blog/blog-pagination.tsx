import { blogCopy } from "../../content/blog";
import { SiteLink } from "../ui/site-link";

function blogPageHref(page: number): string {
  return page === 1 ? "/blog" : `/blog?page=${page}`;
}

/** The pages shown around the current one: first, last, and two on each side, with gaps. */
function visiblePages(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...pages].filter((value) => value >= 1 && value <= pageCount).sort((a, b) => a - b);
  const shown: (number | "gap")[] = [];
  for (const value of sorted) {
    const previous = shown[shown.length - 1];
    if (typeof previous === "number" && value - previous > 1) shown.push("gap");
    shown.push(value);
  }
  return shown;
}

const linkClass =
  "inline-flex min-w-10 items-center justify-center rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 hover:border-indigo-300 hover:text-indigo-700";

const currentClass =
  "inline-flex min-w-10 items-center justify-center rounded-lg bg-indigo-700 px-3 py-2 text-sm font-semibold text-white";

/** Links to ?page=N, shown when the posts fill more than one page; `href` for a list other than /blog. */
export function BlogPagination({
  page,
  pageCount,
  href: pageHref = blogPageHref,
}: {
  page: number;
  pageCount: number;
  href?: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={blogCopy.paginationLabel} className="mt-16 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <SiteLink to={pageHref(page - 1)} rel="prev" className={linkClass}>
          <span aria-hidden="true">←</span>&nbsp;{blogCopy.previousPage}
        </SiteLink>
      ) : null}
      {visiblePages(page, pageCount).map((value, index) =>
        value === "gap" ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <SiteLink
            key={value}
            to={pageHref(value)}
            aria-label={blogCopy.pageLabel(value)}
            current={value === page}
            className={value === page ? currentClass : linkClass}
          >
            {value}
          </SiteLink>
        ),
      )}
      {page < pageCount ? (
        <SiteLink to={pageHref(page + 1)} rel="next" className={linkClass}>
          {blogCopy.nextPage}&nbsp;<span aria-hidden="true">→</span>
        </SiteLink>
      ) : null}
    </nav>
  );
}
