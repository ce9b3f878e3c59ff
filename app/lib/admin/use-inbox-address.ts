import { useSearchParams } from "react-router";

/**
 * An inbox's page, search, filters and order, kept in the address: a view can be shared,
 * reloaded and left with Back. Any change of search, filter or order starts again at page 1.
 */
export function useInboxAddress() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get("page"));
  return {
    /** The page asked for: a whole number from 1, anything else reads as 1. */
    page: Number.isInteger(requested) && requested >= 1 ? requested : 1,
    /** A parameter's value, or `fallback` when the address has none. */
    get: (name: string, fallback = "") => params.get(name) || fallback,
    /** Sets a search, filter or order (`""` or the default removes it) and goes back to page 1. */
    set(name: string, value: string) {
      const next = new URLSearchParams(params);
      next.delete("page");
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next);
    },
    goToPage(page: number) {
      const next = new URLSearchParams(params);
      if (page > 1) next.set("page", String(page));
      else next.delete("page");
      setParams(next);
    },
  };
}
