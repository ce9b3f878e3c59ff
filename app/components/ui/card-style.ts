/**
 * The site's white card: a bordered, lightly shadowed box on the page's white or slate ground
 * (lists of steps, levels, use cases and features; the contact form's panel). Callers add layout
 * and padding. The report form writes the same classes out (report-form.tsx says why).
 */
export const cardStyle = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
