export type Encoding = "br" | "gzip" | "identity";

/**
 * The best encoding of those on offer that the client accepts (`Accept-Encoding`, q-values
 * honoured, `*` understood): brotli, then gzip, then none.
 */
export function preferredEncoding(
  header: string | undefined,
  offered: { br: boolean; gzip: boolean },
): Encoding {
  if (!header) return "identity";
  // Clients send a handful of distinct headers: each is parsed once.
  const key = `${offered.br ? 1 : 0}${offered.gzip ? 1 : 0}${header}`;
  let known = parsed.get(key);
  if (known === undefined) {
    known = parse(header, offered);
    if (parsed.size >= 256) parsed.clear();
    parsed.set(key, known);
  }
  return known;
}

const parsed = new Map<string, Encoding>();

function parse(header: string, offered: { br: boolean; gzip: boolean }): Encoding {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get("*") ?? 0) > 0;
  if (offered.br && accepts("br")) return "br";
  if (offered.gzip && (accepts("gzip") || accepts("x-gzip"))) return "gzip";
  return "identity";
}
