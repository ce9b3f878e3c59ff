import { assertNever } from "../../../domain/exhaustive";
import type { LegalPart, PageBlockOf } from "../../../domain/page-blocks";
import { formatPostDate } from "../../lib/dates";
import { ContactDetails, DefinitionList, EffectiveDate, LegalDocumentBody, LegalHeader } from "../marketing/legal-document";
import { buttonStyles } from "../ui/button-styles";
import { SiteLink } from "../ui/site-link";
import { blockGap, type BlockPlace } from "./block-section";

/** The rich text of a policy: lists, links and paragraphs as the policy pages show theirs. */
const legalHtml =
  "space-y-4 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_li]:marker:text-indigo-700 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6";

/**
 * A policy: a table of contents and numbered sections with anchors (/privacy, /terms, /security).
 * With a title it opens the page, the title its h1 with the effective date and header links
 * under it; without, the effective date heads its text. A date of "served" is resolved by who
 * reads the page (withServedDates in domain/page-blocks.ts); until then none shows.
 */
export function LegalDocumentBlock({ block, place }: { block: PageBlockOf<"legal_document">; place: BlockPlace }) {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(block.effective_date) ? formatPostDate(block.effective_date) : undefined;
  const body = (
    <LegalDocumentBody
      intro={
        <>
          {date && !block.title ? (
            <p className="mb-6 text-slate-600">
              <EffectiveDate date={date} />
            </p>
          ) : null}
          {block.intro ? <div className={`mb-4 text-lg ${legalHtml}`} dangerouslySetInnerHTML={{ __html: block.intro }} /> : null}
        </>
      }
      sections={block.sections.map((section) => ({
        id: section.id,
        heading: section.heading,
        content: (
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            {section.html ? <div className={legalHtml} dangerouslySetInnerHTML={{ __html: section.html }} /> : null}
            {section.parts?.map((part, index) => (
              <Part key={index} part={part} />
            ))}
          </div>
        ),
      }))}
    />
  );
  if (!block.title) return <div className={blockGap(place)}>{body}</div>;
  return (
    <>
      <LegalHeader title={block.title} date={date}>
        {block.header_links?.length ? (
          <div className="flex flex-wrap items-center gap-4">
            {block.header_links.map((link, index) => (
              <SiteLink key={index} to={link.to} className={index === 0 ? buttonStyles.primary : index === 1 ? buttonStyles.secondary : "font-semibold text-indigo-700 underline"}>
                {link.label}
              </SiteLink>
            ))}
          </div>
        ) : null}
      </LegalHeader>
      {body}
    </>
  );
}

function Part({ part }: { part: LegalPart }) {
  switch (part.kind) {
    case "html":
      return <div className={legalHtml} dangerouslySetInnerHTML={{ __html: part.html }} />;
    case "definitions":
      return <DefinitionList items={part.items} />;
    case "button":
      return (
        <p className="pt-2">
          <SiteLink to={part.to} className={buttonStyles.primary}>
            {part.label}
          </SiteLink>
        </p>
      );
    case "contact":
      return <ContactDetails items={part.items} />;
    default:
      return assertNever(part, "legal part");
  }
}
