import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType } from "react";

/** The server's loads of every split component's code, started when their modules are. */
const serverLoads: Promise<unknown>[] = [];

/**
 * A component whose code the browser loads only on the pages that show it, so that the page route
 * carries only what every page needs (the build's page budget). As the illustrations do (decision
 * 074), the server renders it whole and without a Suspense boundary (React sends a boundary far
 * down a page hidden, for a script to show, which visitors without JavaScript and crawlers never
 * run); the browser keeps the server's markup as it is when it hydrates, then loads the code and
 * renders the component in its place. `load` names the shared component's own module, not a small
 * module of its own, which the bundler would merge back into the route's code.
 */
export function splitComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  if (import.meta.env.SSR) {
    serverLoads.push(load().then((component) => (loaded = component)));
    return function Split(props: Props) {
      const id = useId();
      const Component = loaded;
      if (!Component) throw new Error("A split component rendered before its code was loaded: await splitComponentsLoaded() first");
      return (
        <div className="contents" data-split={id}>
          <Component {...props} />
        </div>
      );
    };
  }
  return function Split(props: Props) {
    const id = useId();
    // The server's markup, when this very component arrived with the page.
    const [markup] = useState(() => document.querySelector(`[data-split="${CSS.escape(id)}"]`)?.innerHTML);
    const [Component, setComponent] = useState<ComponentType<Props> | undefined>(() => loaded);
    const box = useRef<HTMLDivElement>(null);
    // Which control of the server's markup has the focus: replacing the markup would drop it.
    const focused = useRef(-1);
    useEffect(() => {
      if (Component) return;
      const element = box.current;
      const remember = (event: FocusEvent) => {
        focused.current = element ? focusablesIn(element).indexOf(event.target as HTMLElement) : -1;
      };
      const forget = (event: FocusEvent) => {
        if (!element?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) focused.current = -1;
      };
      element?.addEventListener("focusin", remember);
      element?.addEventListener("focusout", forget);
      let current = true;
      void load().then((found) => {
        loaded = found;
        if (current) setComponent(() => found);
      });
      return () => {
        current = false;
        element?.removeEventListener("focusin", remember);
        element?.removeEventListener("focusout", forget);
      };
    }, [Component]);
    // The component in place of the markup: the focus goes back to the same control in it.
    useLayoutEffect(() => {
      const element = box.current;
      if (!Component || !element || focused.current < 0) return;
      if (document.activeElement === null || document.activeElement === document.body) focusablesIn(element)[focused.current]?.focus({ preventScroll: true });
      focused.current = -1;
    }, [Component]);
    if (Component) {
      return (
        <div ref={box} className="contents" data-split={id}>
          <Component {...props} />
        </div>
      );
    }
    return <div ref={box} className="contents" data-split={id} dangerouslySetInnerHTML={markup === undefined ? undefined : { __html: markup }} />;
  };
}

/** The controls the keyboard reaches, in document order. */
function focusablesIn(element: HTMLElement): HTMLElement[] {
  return [...element.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')];
}

/**
 * Resolves once the server has the code of every split component: a loader of a page with blocks
 * waits for it, so that not even the first render after the server starts lacks one.
 */
export async function splitComponentsLoaded(): Promise<void> {
  await Promise.all(serverLoads);
}
