import { legalLabels, type ContactItem } from "../../../domain/site-copy/legal/types";
import { useSite } from "../../lib/site";
import { PageHeader } from "../ui/page-header";

/** A policy's title band: its title, the effective date under it, and what the page offers next to it. */
export function LegalHeader({ title, date, children }: { title: string; date?: string; children?: React.ReactNode }) {
  return (
    <PageHeader title={title} lead={date ? <EffectiveDate date={date} /> : undefined}>
      {children ? <div className="mt-8">{children}</div> : null}
    </PageHeader>
  );
}

/** "Effective date: March 13, 2025", the label in bold. */
export function EffectiveDate({ date }: { date: string }) {
  return (
    <>
      <span className="font-semibold text-slate-700">{legalLabels.effectiveDate}</span> {date}
    </>
  );
}

/** A document's section: its anchor, its heading (numbered here) and what it says. */
export type LegalDocumentSection = { id: string; heading: string; content: React.ReactNode };

/**
 * A policy's table of contents beside its intro and numbered sections: a policy page's body, and
 * an edited page's legal document (whose sections are rich text).
 */
export function LegalDocumentBody({ intro, sections }: { intro: React.ReactNode; sections: readonly LegalDocumentSection[] }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label={legalLabels.contents} className="lg:sticky lg:top-24 lg:self-start">
        <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{legalLabels.contents}</h2>
        <ol className="mt-3 space-y-1.5 border-l border-slate-200 text-sm">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-indigo-700 hover:text-indigo-700">
                {index + 1}. {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <article className="max-w-3xl">
        {intro}
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-24">
            <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            {section.content}
          </section>
        ))}
      </article>
    </div>
  );
}

/** Terms and what they mean. */
export function DefinitionList({ items }: { items: readonly { term: string; definition: string }[] }) {
  return (
    <dl className="space-y-3">
      {items.map(({ term, definition }) => (
        <div key={term}>
          <dt className="font-semibold text-slate-900">{term}</dt>
          <dd className="mt-1">{definition}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The company's contact details, from one place: the site configuration. */
export function ContactDetails({ items }: { items: readonly ContactItem[] }) {
  const site = useSite();
  const values: Record<ContactItem, React.ReactNode> = {
    email: <MailLink address={site.supportEmail} />,
    securityEmail: <MailLink address={site.securityEmail} />,
    phone: (
      <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, "")}`} className="font-medium text-indigo-700 hover:underline">
        {site.supportPhone}
      </a>
    ),
    address: <span className="whitespace-pre-line">{site.postalAddress}</span>,
  };
  return (
    <dl className="grid gap-3 rounded-2xl bg-slate-50 p-5 sm:grid-cols-[10rem_minmax(0,1fr)]">
      {items.map((item) => (
        <div key={item} className="contents">
          <dt className="font-semibold text-slate-900">{legalLabels[item]}</dt>
          <dd>{values[item]}</dd>
        </div>
      ))}
    </dl>
  );
}

function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className="font-medium break-all text-indigo-700 hover:underline">
      {address}
    </a>
  );
}
