import { Icon } from "./icon";

type IconName = React.ComponentProps<typeof Icon>["name"];

export type Card = { title: string; text: string; icon?: IconName };

const columnClasses = {
  3: "md:grid-cols-3",
  "2-3": "sm:grid-cols-2 lg:grid-cols-3",
  "2-4": "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** A grid of short titled cards: the site's most common block of copy. */
export function CardList({ cards, columns = 3 }: { cards: readonly Card[]; columns?: keyof typeof columnClasses }) {
  return (
    <ul className={`mt-12 grid gap-6 ${columnClasses[columns]}`}>
      {cards.map((card) => (
        <li key={card.title} className="rounded-2xl bg-slate-50 p-6">
          {card.icon ? <Icon name={card.icon} className="mb-3 text-indigo-700" /> : null}
          <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
          <p className="mt-2 text-slate-600">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
