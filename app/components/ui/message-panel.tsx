import { SiteLink } from "./site-link";

const PAGE = "mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center";

/**
 * A centred message with one way on: the not-found pages and empty states. The heading comes
 * whole from the caller, who knows its level and weight.
 */
export function MessagePanel({
  heading,
  lead,
  link,
  className = PAGE,
  leadClassName = "mt-4 text-lg text-slate-600",
  linkClassName = "mt-8 inline-block rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800",
}: {
  heading: React.ReactNode;
  lead: string;
  link: { to: string; label: string };
  className?: string;
  leadClassName?: string;
  linkClassName?: string;
}) {
  return (
    <section className={className}>
      {heading}
      <p className={leadClassName}>{lead}</p>
      <SiteLink to={link.to} className={linkClassName}>
        {link.label}
      </SiteLink>
    </section>
  );
}
