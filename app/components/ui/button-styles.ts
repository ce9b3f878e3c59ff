/** Class names for links and buttons that look like buttons, matching the top bar's style. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors";

export const buttonStyles = {
  primary: `${base} bg-indigo-700 text-white shadow-sm hover:bg-indigo-800`,
  secondary: `${base} border border-indigo-700 bg-white text-indigo-700 hover:bg-indigo-50`,
  /** On an indigo background. */
  inverse: `${base} bg-white text-indigo-700 shadow-sm hover:bg-indigo-50`,
  inverseOutline: `${base} border border-white text-white hover:bg-indigo-800`,
} as const;
