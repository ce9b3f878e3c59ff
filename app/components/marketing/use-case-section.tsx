import { Reveal } from "../layout/reveal";
import { cardStyle } from "../ui/card-style";
import { ActionLink } from "../ui/action-link";
import { Icon, type IconName } from "./icon";

/** One audience's card: its icon, title, text and an optional link to read more. */
export type UseCaseCard = { key: string; icon?: IconName; title: string; text: string; link?: { to: string; label: string } };

/** Use cases as cards, two a row. */
export function UseCaseList({ items }: { items: readonly UseCaseCard[] }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2">
      {items.map((useCase) => (
        <Reveal as="li" key={useCase.key} className={`flex flex-col ${cardStyle}`}>
          {useCase.icon ? (
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
              <Icon name={useCase.icon} />
            </span>
          ) : null}
          <h3 className={`${useCase.icon ? "mt-4 " : ""}text-lg font-semibold text-slate-900`}>{useCase.title}</h3>
          <p className="mt-2 flex-1 text-slate-600">{useCase.text}</p>
          {useCase.link ? (
            <ActionLink
              to={useCase.link.to}
              className="mt-4 inline-flex items-center gap-1 font-semibold text-indigo-700 hover:text-indigo-800 hover:underline"
            >
              {useCase.link.label}
              <span className="sr-only"> about {useCase.title.toLowerCase()}</span>
              <Icon name="arrowRight" size={18} />
            </ActionLink>
          ) : null}
        </Reveal>
      ))}
    </ul>
  );
}
