/**
 * Work under way by key, so that concurrent misses for one page share one render. `forget`
 * ends the sharing (a content change): a render begun before it shows the old content, so a
 * later caller starts its own, and the old one finishing does not drop the new one's place.
 */
export type SharedRenders<T> = {
  run: (key: string, work: () => Promise<T>) => Promise<T>;
  forget: () => void;
};

export function sharedRenders<T>(): SharedRenders<T> {
  const underWay = new Map<string, Promise<T>>();
  return {
    run(key, work) {
      const current = underWay.get(key);
      if (current) return current;
      const pending = work().finally(() => {
        if (underWay.get(key) === pending) underWay.delete(key);
      });
      underWay.set(key, pending);
      return pending;
    },
    forget: () => underWay.clear(),
  };
}
