import type { IncomingMessage } from "node:http";
import net from "node:net";
import proxyAddr from "proxy-addr";
import type { Request, RequestHandler } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import type { Logger } from "../logger.server";
import type { TrustProxy } from "../config/trust-proxy.server";

/**
 * The key every limit counts a client by: the address Express derives under the TRUST_PROXY
 * rule (a hop count or the proxies' own addresses, never "trust everyone"), with IPv6 grouped
 * by /56 so one host cannot rotate through its own prefix. Every door passes this to the
 * services (docs/decisions/060-client-keys-and-limits.md).
 */
export function clientKey(req: Request): string {
  const address = clientAddressOf(req.ip, req);
  return net.isIP(address) ? ipKeyGenerator(address) : address;
}

/**
 * The client's address: the one derived from X-Forwarded-For when it is an IP address, else the
 * socket's own. With a hop count, proxy-addr takes the entry at that hop whatever it holds, so a
 * client that reaches the port with fewer proxies in front than counted writes it itself, and
 * "x1", "x2"… would each be a new client to every limit (docs/decisions/172).
 */
function clientAddressOf(derived: string | undefined, req: IncomingMessage): string {
  if (derived !== undefined && net.isIP(derived)) return derived;
  return req.socket.remoteAddress ?? "unknown";
}

/**
 * Says once per process, as a warning, that an X-Forwarded-For header came from an address
 * TRUST_PROXY does not trust. The header is then ignored (limits count the sender itself), but
 * it means one of two things an operator wants to know: the proxy in front is not the one
 * configured, or a client reaches the process around it (see HOST).
 */
export function warnOfUntrustedForwarding(logger: Logger): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      const trusted = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
      const peer = req.socket.remoteAddress ?? "unknown";
      if (!trusted(peer, 0)) {
        warned = true;
        logger.warn(
          { peer },
          "X-Forwarded-For came from an address TRUST_PROXY does not trust, so it was ignored; if a proxy is in front, set TRUST_PROXY to it, and let clients reach this process only through it (HOST=127.0.0.1)",
        );
      }
    }
    next();
  };
}

/**
 * The client's address under the TRUST_PROXY rule for a request Express has not seen (a page
 * answered before it, decision 140): the same proxy-addr walk Express makes with this setting.
 */
export function clientAddressReader(trust: TrustProxy | undefined): (req: IncomingMessage) => string {
  const trusted =
    typeof trust === "number" ? (_address: string, hop: number) => hop < trust : proxyAddr.compile(trust ?? []);
  return (req) => clientAddressOf(proxyAddr(req, trusted), req);
}
