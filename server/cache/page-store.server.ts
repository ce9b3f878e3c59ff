/**
 * Rendered pages in memory, bounded in bytes, least recently used evicted first. Pages of a kind
 * without end (search results: every query is a page) may hold only a bounded share of the bytes,
 * evicting their own kind first, so a stream of them cannot push the site's pages out. Knows
 * nothing of HTTP: server/cache/pages.server.ts fills and serves it.
 */
export type StoredPage = {
  status: number;
  /**
   * The whole response head for each encoding, as a flat list of names and values (the site's
   * header policy, the page's own headers, CSP with its script hashes, validators, length),
   * computed once when the page is stored.
   */
  head: Record<"br" | "gzip" | "identity", string[]>;
  /** The head of a 304 answer. */
  notModified: string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong validator of the page's bytes (one per encoding is derived from it). */
  hash: string;
  /** Cache tags whose change drops this page ("posts", "post:<slug>"). */
  tags: string[];
  /** Epoch milliseconds after which the page is stale (pages that show today's date). */
  expiresAt?: number;
  /** The bounded share of the store the page belongs to (`createPageStore`'s `shares`), if any. */
  share?: string;
};

export type PageStore = {
  get: (key: string, now?: number) => StoredPage | undefined;
  set: (key: string, page: StoredPage) => void;
  /** Puts `next` in the place of `current`, if `current` is still the page kept under `key`. */
  replace: (key: string, current: StoredPage, next: StoredPage) => boolean;
  /** Drops the pages carrying any of these tags, or every page. */
  invalidate: (tags: string[] | "all") => void;
  readonly bytes: number;
  readonly size: number;
  /** How many of the pages are not-found answers (their number is capped by the caller). */
  readonly notFoundPages: number;
  /** The bytes the pages of a bounded share hold. */
  sharedBytes: (share: string) => number;
};

/** What a page costs in memory: its three encodings plus a fixed allowance for key and headers. */
export function pageBytes(key: string, page: StoredPage): number {
  return page.identity.length + page.gzip.length + page.br.length + key.length + 1024;
}

/**
 * `shares`: for each bounded share, the fraction of `maxBytes` its pages may hold at most (a page
 * whose `share` is not listed is bounded by the whole store only).
 */
export function createPageStore(maxBytes: number, shares: Record<string, number> = {}): PageStore {
  // A Map keeps insertion order: re-inserting on each hit makes its first key the least recent.
  const pages = new Map<string, StoredPage>();
  let bytes = 0;
  let notFoundPages = 0;
  // Each bounded share's keys in the same order (a Set keeps insertion order too), and its bytes.
  const shared = new Map(Object.entries(shares).map(([share, fraction]) => [share, { keys: new Set<string>(), bytes: 0, max: fraction * maxBytes }]));
  const shareOf = (page: StoredPage) => (page.share === undefined ? undefined : shared.get(page.share));

  const remove = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= pageBytes(key, page);
    if (page.status === 404) notFoundPages -= 1;
    const share = shareOf(page);
    if (share) {
      share.keys.delete(key);
      share.bytes -= pageBytes(key, page);
    }
  };

  /** Makes room for `size` more bytes within a share, its least recently used pages first; false if it can never fit. */
  const roomInShare = (page: StoredPage, size: number): boolean => {
    const share = shareOf(page);
    if (!share) return true;
    if (size > share.max) return false;
    while (share.bytes + size > share.max) {
      const oldest = share.keys.values().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
    return true;
  };

  return {
    get(key, now = Date.now()) {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.expiresAt !== undefined && now >= page.expiresAt) {
        remove(key);
        return undefined;
      }
      pages.delete(key);
      pages.set(key, page);
      const share = shareOf(page);
      if (share) {
        share.keys.delete(key);
        share.keys.add(key);
      }
      return page;
    },
    set(key, page) {
      remove(key);
      const size = pageBytes(key, page);
      if (size > maxBytes || !roomInShare(page, size)) return;
      while (bytes + size > maxBytes) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      pages.set(key, page);
      bytes += size;
      if (page.status === 404) notFoundPages += 1;
      const share = shareOf(page);
      if (share) {
        share.keys.add(key);
        share.bytes += size;
      }
    },
    replace(key, current, next) {
      if (pages.get(key) !== current) return false;
      const change = pageBytes(key, next) - pageBytes(key, current);
      bytes += change;
      const share = shareOf(current);
      if (share) share.bytes += change;
      pages.set(key, next);
      return true;
    },
    invalidate(tags) {
      if (tags === "all") {
        pages.clear();
        bytes = 0;
        notFoundPages = 0;
        for (const share of shared.values()) {
          share.keys.clear();
          share.bytes = 0;
        }
        return;
      }
      const wanted = new Set(tags);
      for (const [key, page] of pages) if (page.tags.some((tag) => wanted.has(tag))) remove(key);
    },
    get bytes() {
      return bytes;
    },
    get size() {
      return pages.size;
    },
    get notFoundPages() {
      return notFoundPages;
    },
    sharedBytes(share) {
      return shared.get(share)?.bytes ?? 0;
    },
  };
}
