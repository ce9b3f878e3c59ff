import net from "node:net";

/** The names Express (proxy-addr) knows for groups of addresses. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** Express's `trust proxy` setting: how many proxies, or which ones, may name the client. */
export type TrustProxy = number | string[];

/**
 * Reads TRUST_PROXY: a hop count ("1") or a comma-separated list of proxy addresses, subnets
 * and Express's named ranges. `true` is refused: it trusts the left-most X-Forwarded-For, which
 * the client writes. Returns an error sentence instead of throwing, for the config schema.
 */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; error: string } {
  const value = raw.trim();
  if (/^\d+$/.test(value)) return { ok: true, value: Number(value) };
  if (value.toLowerCase() === "true") {
    return {
      ok: false,
      error:
        'must not be "true", which lets any client choose its own address: set the number of proxies in front of the server (for example 1) or their addresses (for example 10.0.0.0/8,loopback)',
    };
  }
  const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (entries.length === 0 || bad !== undefined) {
    return {
      ok: false,
      error: "must be a number of proxies (for example 1) or a comma-separated list of proxy addresses, subnets or loopback/linklocal/uniquelocal",
    };
  }
  return { ok: true, value: entries };
}

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return net.isIP(prefix) === 4 && version === 4;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
