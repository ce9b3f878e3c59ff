import { lazy, Suspense, useId, useState, type ComponentType } from "react";
import * as drawn from "./illustrations";

/**
 * An illustration whose drawing code stays out of the first view (docs/decisions/074): the
 * server draws it; the browser keeps the server's markup as it is when it hydrates, and loads the
 * drawing code only to show one the page did not arrive with (a client-side navigation).
 */
export type IllustrationName =
  | "HeroIllustration"
  | "UploadIllustration"
  | "ProgramIllustration"
  | "ConversationIllustration"
  | "ForgettingCurveChart"
  | "ForgettingCurveFigure";

type DrawnProps = { className?: string; label: string };
type Props = { className?: string; label?: string };

/** The drawing code, once loaded: a drawing rendered after that needs no Suspense fallback. */
let loadedDrawings: typeof drawn | undefined;

/**
 * Loads the drawing code ahead of a component that draws illustrations after hydration: the step
 * explorer's code replaces the server's markup, illustrations included, and an illustration waiting
 * for its code there would leave a hole that shifts the page (docs/decisions/202).
 */
export async function loadDrawings(): Promise<void> {
  loadedDrawings = await import("./illustrations");
}

const lazyDrawings = new Map<IllustrationName, ComponentType<DrawnProps>>();
function lazyDrawing(name: IllustrationName): ComponentType<DrawnProps> {
  if (loadedDrawings) return loadedDrawings[name] as ComponentType<DrawnProps>;
  let component = lazyDrawings.get(name);
  if (!component) {
    component = lazy(() =>
      import("./illustrations").then((module) => ({ default: module[name] as ComponentType<DrawnProps> })),
    );
    lazyDrawings.set(name, component);
  }
  return component;
}

export function Illustration({ name, className, label = "" }: Props & { name: IllustrationName }) {
  const id = useId();
  if (import.meta.env.SSR) {
    const Drawn = drawn[name] as ComponentType<DrawnProps>;
    return (
      <div className="contents" data-illustration={id}>
        <Drawn className={className} label={label} />
      </div>
    );
  }
  return <InBrowser key={name} id={id} name={name} className={className} label={label} />;
}

function InBrowser({ id, name, className, label }: { id: string; name: IllustrationName; className?: string; label: string }) {
  // The server's markup, when this very illustration arrived with the page.
  const [markup] = useState(() => document.querySelector(`[data-illustration="${CSS.escape(id)}"]`)?.innerHTML);
  if (markup !== undefined) {
    return <div className="contents" data-illustration={id} dangerouslySetInnerHTML={{ __html: markup }} />;
  }
  const Drawn = lazyDrawing(name);
  return (
    <div className="contents" data-illustration={id}>
      <Suspense fallback={null}>
        <Drawn className={className} label={label} />
      </Suspense>
    </div>
  );
}
