import { useId } from "react";
import { Reveal } from "../layout/reveal";

/** The indigo band that closes a page with one or two actions. */
export function CallToAction({
  id,
  title,
  body,
  children,
}: {
  id?: string;
  title: string;
  body: string;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <Reveal id={id} aria-labelledby={headingId} className="mx-auto mt-24 max-w-6xl px-4 sm:px-6">
      <div className="rounded-3xl bg-indigo-700 px-6 py-14 text-center shadow-lg sm:px-12">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{body}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          {children}
        </div>
      </div>
    </Reveal>
  );
}
