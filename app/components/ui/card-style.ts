/**
 * The site's white card: a bordered, lightly shadowed box on the page's white or slate ground
 * (lists of steps and use cases, the contact and report forms). Callers add layout and padding.
 */
export const cardStyle = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
