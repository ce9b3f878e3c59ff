export type SummaryItem = { fieldId: string; text: string };

/**
 * The list of a form's problems at its top, each a link to its field (the GOV.UK pattern). A
 * link moves focus to the field itself, not only the scroll position, and brings its label
 * into view above the sticky top bar.
 */
export function ErrorSummary({ title, items }: { title: string; items: readonly SummaryItem[] }) {
  function goTo(event: React.MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    field.focus({ preventScroll: true });
    const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`) ?? field;
    label.scrollIntoView({ block: "start" });
  }
  return (
    <div aria-labelledby="error-summary-title" role="region" className="rounded-2xl border-2 border-red-700 bg-white p-6">
      <h2 id="error-summary-title" className="text-lg font-semibold text-red-800">
        {title}
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-red-800 marker:text-red-700">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a
              href={`#${item.fieldId}`}
              onClick={(event) => goTo(event, item.fieldId)}
              className="inline-block py-0.5 font-medium underline underline-offset-2 hover:text-red-900"
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
