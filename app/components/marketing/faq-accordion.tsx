import type { FaqEntry } from "../../../domain/site-copy/support";
import { Icon } from "./icon";
import { SiteLink } from "../ui/site-link";

/** A question whose answer is rich text (an edited page's FAQ), cleaned by the server before it is stored. */
export type FaqHtmlEntry = { question: string; answerHtml: string };

/**
 * Questions as native disclosure widgets sharing one `name`: the browser keeps at most one open
 * and lets the open one close again, with or without JavaScript. Where a browser does not yet
 * support the `name` attribute, the toggle handler closes the others.
 */
export function FaqAccordion({ name, items }: { name: string; items: readonly (FaqEntry | FaqHtmlEntry)[] }) {
  function closeOthers(event: React.SyntheticEvent<HTMLDetailsElement>) {
    const current = event.currentTarget;
    if (!current.open) return;
    const group = current.parentElement?.querySelectorAll<HTMLDetailsElement>(`details[name="${name}"][open]`) ?? [];
    for (const other of group) if (other !== current) other.open = false;
  }

  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} name={name} onToggle={closeOthers} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:text-indigo-700 [&::-webkit-details-marker]:hidden">
            {item.question}
            <Icon name="chevronDown" className="text-slate-500 transition-transform group-open:rotate-180" />
          </summary>
          {"answerHtml" in item ? (
            <div className="space-y-3 px-5 pb-5 text-slate-600" dangerouslySetInnerHTML={{ __html: item.answerHtml }} />
          ) : (
            <Answer item={item} />
          )}
        </details>
      ))}
    </div>
  );
}

function Answer({ item }: { item: FaqEntry }) {
  return (
    <div className="space-y-3 px-5 pb-5 text-slate-600">
      {item.answer.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {item.link ? (
        <p>
          <SiteLink to={item.link.to} className="font-semibold text-indigo-700 hover:text-indigo-800 hover:underline">
            {item.link.label}
          </SiteLink>
        </p>
      ) : null}
    </div>
  );
}
