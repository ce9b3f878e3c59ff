/** RFC 3986 unreserved characters: encoded or not, they mean the same. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The path with its spelling normalised (RFC 3986 section 6.2.2): unreserved characters
 * decoded, other percent-encodings in upper case, `.` and `..` segments resolved, empty segments
 * (repeated or trailing slashes) dropped, anything outside printable ASCII encoded. A backslash
 * separates segments, as browsers and `new Request()` read it.
 */
export function normalisedPath(rawPath: string): string {
  const segments: string[] = [];
  for (const raw of rawPath.split(/[/\\]/)) {
    const segment = raw
      .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
        const character = String.fromCharCode(parseInt(hex, 16));
        return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
      })
      // Bytes sent unencoded (Node hands them over one character each): encoded, as a browser would.
      .replace(/[^\x21-\x7e]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}

/** Whether a path is already spelled as normalisedPath would write it (the common case, cheaply). */
export function isNormalisedPath(rawPath: string): boolean {
  if (rawPath === "/") return true;
  if (!rawPath.startsWith("/") || rawPath.endsWith("/") || rawPath.includes("//") || rawPath.includes("\\")) return false;
  if (/[%.]|[^\x21-\x7e]/.test(rawPath)) return normalisedPath(rawPath) === rawPath;
  return true;
}

/**
 * A request target in origin form (`/path?query`): an absolute-form target
 * (`GET http://host/path HTTP/1.1`, which HTTP/1.1 servers must accept) loses its scheme and host.
 */
export function originForm(target: string): string {
  if (target.startsWith("/")) return target;
  const rest = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * Any path segment long enough to be a secret (a preview or case token), out of a text bound for
 * the logs: an error's message or stack may quote the address it failed on, in any spelling.
 */
export function withoutTokens(text: string): string {
  return text.replace(/([/=])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g, "$1[redacted]");
}
