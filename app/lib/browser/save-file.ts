/**
 * Saves bytes fetched with the admin's bearer token as a file: a plain link cannot send the
 * token, so the browser is handed an object URL and a download name instead.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: keep it a while.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
