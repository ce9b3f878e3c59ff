/**
 * The report page's title and button (specification, section 2), in a module of its own: every
 * page's metadata names it, and the rest of the form's copy stays out of their JavaScript.
 */
export const SUBMIT_REPORT = "Submit Vulnerability Report";
