/**
 * How a report's choice whose stored value is not its words reads (the subcategory's "other"), on
 * the form, the case page and in emails. A module of its own: the public pages that show the
 * words load nothing else of the report's rules.
 */
export const OPTION_LABELS: Readonly<Record<string, string>> = { other: "Other" };

export function optionLabel(value: string): string {
  return OPTION_LABELS[value] ?? value;
}
