import { ActionLink } from "../ui/action-link";
import { buttonStyles } from "../ui/button-styles";
import { cardStyle } from "../ui/card-style";

const columnClasses: Record<number, string> = { 1: "", 2: "md:grid-cols-2", 4: "md:grid-cols-2 lg:grid-cols-4" };

/** Numbered steps as cards in a row, with an optional link below (the home page's approach). */
export function NumberedSteps({ steps, link }: { steps: readonly { title: string; text: string }[]; link?: { to: string; label: string } }) {
  return (
    <>
      <ol className={`mt-12 grid gap-6 ${columnClasses[steps.length] ?? "md:grid-cols-3"}`}>
        {steps.map((step, index) => (
          <li key={step.title} className={cardStyle}>
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-indigo-700 font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
      {link ? (
        <p className="mt-10 text-center">
          <ActionLink to={link.to} className={buttonStyles.secondary}>
            {link.label}
          </ActionLink>
        </p>
      ) : null}
    </>
  );
}
