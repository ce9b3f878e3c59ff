import { commonCopy } from "../../content/shared";
import { useCases } from "../../content/use-cases";
import { Reveal } from "../layout/reveal";
import { cardStyle } from "../ui/card-style";
import { Icon } from "./icon";
import { Section } from "./section-heading";
import { SiteLink } from "../ui/site-link";

/** The section of the four use cases, each a card linking to its section on /solutions. */
export function UseCaseSection({ heading }: { heading: { eyebrow: string; title: string; lead: string } }) {
  return (
    <Section name="use-cases" eyebrow={heading.eyebrow} title={heading.title} lead={heading.lead}>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {useCases.map((useCase) => (
          <Reveal as="li" key={useCase.id} className={`flex flex-col ${cardStyle}`}>
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
              <Icon name={useCase.icon} />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{useCase.title}</h3>
            <p className="mt-2 flex-1 text-slate-600">{useCase.summary}</p>
            <SiteLink
              to={`/solutions#${useCase.id}`}
              className="mt-4 inline-flex items-center gap-1 font-semibold text-indigo-700 hover:text-indigo-800 hover:underline"
            >
              {commonCopy.learnMore}
              <span className="sr-only"> about {useCase.title.toLowerCase()}</span>
              <Icon name="arrowRight" size={18} />
            </SiteLink>
          </Reveal>
        ))}
      </ul>
    </Section>
  );
}
