import { legalLabels, type ContactItem, type LegalBlock, type LegalDocument } from "../../content/legal/types";
import { useSite } from "../../lib/site";
import { buttonStyles } from "../ui/button-styles";
import { PageHeader } from "../ui/page-header";
import { SiteLink } from "../ui/site-link";

/** A policy page: heading with its effective date, a table of contents and numbered sections. */
export function LegalDocumentPage({
  document,
  effectiveDate,
  headerAction,
}: {
  document: LegalDocument;
  /** Overrides the document's own effective date. */
  effectiveDate?: string;
  headerAction?: React.ReactNode;
}) {
  const date = effectiveDate ?? document.effectiveDate;
  return (
    <>
      <PageHeader
        title={document.title}
        lead={
          date ? (
            <>
              <span className="font-semibold text-slate-700">{legalLabels.effectiveDate}</span> {date}
            </>
          ) : undefined
        }
      >
        {headerAction ? <div className="mt-8">{headerAction}</div> : null}
      </PageHeader>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label={legalLabels.contents} className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{legalLabels.contents}</h2>
          <ol className="mt-3 space-y-1.5 border-l border-slate-200 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-indigo-700 hover:text-indigo-700">
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article className="max-w-3xl">
          {document.intro.map((paragraph) => (
            <p key={paragraph} className="mb-4 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10 scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-indigo-700">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if ("definitions" in block) {
    return (
      <dl className="space-y-3">
        {block.definitions.map(({ term, definition }) => (
          <div key={term}>
            <dt className="font-semibold text-slate-900">{term}</dt>
            <dd className="mt-1">{definition}</dd>
          </div>
        ))}
      </dl>
    );
  }
  if ("contact" in block) return <ContactDetails items={block.contact} />;
  return (
    <p className="pt-2">
      <SiteLink to={block.link.to} className={buttonStyles.primary}>
        {block.link.label}
      </SiteLink>
    </p>
  );
}

/** The company's contact details, from one place: the site configuration. */
function ContactDetails({ items }: { items: readonly ContactItem[] }) {
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
