/** The two toast titles of the specification (section 8), defined once. */
export const toastTitles = {
  success: "Success",
  error: "Error",
} as const;
