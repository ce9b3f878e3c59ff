/** The page editor's media library: the "Choose image" dialog beside an image address field. */
export const mediaLibraryCopy = {
  choose: "Choose image",
  /** The button's accessible name: which field it fills. */
  chooseFor: (field: string) => `Choose image for ${field}`,
  heading: "Choose an image",
  lead: "Pick an uploaded image, or upload a new one. You write its alternative text after.",
  close: "Close",
  loading: "Loading images...",
  empty: "No images uploaded yet.",
  failed: "The images could not be loaded.",
  retry: "Try again",
  newer: "Newer images",
  older: "Older images",
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  current: "(in use here)",
  /** A thumbnail's accessible name: when it was uploaded, and its size. */
  imageName: (uploadedAt: string, width: number | null, height: number | null) =>
    `Uploaded ${uploadedAt}${width && height ? `, ${width} × ${height}` : ""}`,
} as const;

/** "27 Nov 2026, 19:20:05": the upload time, to the second, in her own time zone. */
export function formatUploadTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(new Date(iso));
}
