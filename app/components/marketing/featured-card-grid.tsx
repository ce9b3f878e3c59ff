import { Reveal } from "../layout/reveal";
import { cardStyle } from "../ui/card-style";
import { Icon } from "./icon";

type IconName = React.ComponentProps<typeof Icon>["name"];

export type FeaturedCard = { icon?: IconName; title: string; text: string; points?: readonly string[] };

/** The /features cards: a filled icon tile, a title, a text and check-marked points, three a row. */
export function FeaturedCardGrid({ cards, className = "" }: { cards: readonly FeaturedCard[]; className?: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${className}`}>
      {cards.map((card) => (
        <Reveal as="li" key={card.title} className={`flex flex-col ${cardStyle}`}>
          <article className="flex flex-1 flex-col">
            {card.icon ? (
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-700 text-white">
                <Icon name={card.icon} />
              </span>
            ) : null}
            <h3 className={`${card.icon ? "mt-5 " : ""}text-xl font-semibold text-slate-900`}>{card.title}</h3>
            <p className="mt-2 flex-1 text-slate-600">{card.text}</p>
            {card.points?.length ? (
              <ul className="mt-4 space-y-1.5 border-t border-slate-100 pt-4 text-sm text-slate-700">
                {card.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <Icon name="check" size={18} className="text-emerald-700" />
                    {point}
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        </Reveal>
      ))}
    </ul>
  );
}
