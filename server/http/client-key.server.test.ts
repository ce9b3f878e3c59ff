import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { clientAddressReader, clientKey } from "./client-key.server";
import type { TrustProxy } from "../config/trust-proxy.server";

/**
 * clientKey on a real HTTP port behind Express's `trust proxy`, as server/index.ts sets it: what
 * a client reaching the port itself can make of X-Forwarded-For (decision 172).
 */
const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function keysBehind(trust: TrustProxy) {
  const app = express();
  app.set("trust proxy", trust);
  const readAddress = clientAddressReader(trust);
  app.get("/", (req, res) => res.json({ key: clientKey(req), address: readAddress(req) }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return async (forwardedFor?: string) => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor } });
    return (await response.json()) as { key: string; address: string };
  };
}

describe("clientKey", () => {
  test("with a hop count, a forwarded value that is not an IP address counts as the socket's address", async () => {
    const keyOf = await keysBehind(1);
    for (const junk of ["x1", "x2", "unknown", "203.0.113.7:443", "", "evil, ", "::ffff:zz"]) {
      expect(await keyOf(junk), junk).toEqual({ key: "127.0.0.1", address: "127.0.0.1" });
    }
    // Every made-up value is the same client: no limit can be dodged by rewriting the header.
    expect(new Set(await Promise.all(["a", "b", "c"].map(async (junk) => (await keyOf(junk)).key))).size).toBe(1);
  });

  test("a forwarded IP address from a trusted hop is the client, IPv6 grouped by /56", async () => {
    const keyOf = await keysBehind(1);
    expect(await keyOf("203.0.113.7")).toEqual({ key: "203.0.113.7", address: "203.0.113.7" });
    expect((await keyOf("2001:db8:1:2:3::1")).key).toBe((await keyOf("2001:db8:1:ff::9")).key);
    expect(await keyOf()).toEqual({ key: "127.0.0.1", address: "127.0.0.1" });
  });

  test("behind named proxies, an untrusted sender's header is ignored", async () => {
    const keyOf = await keysBehind(["10.0.0.0/8"]);
    expect(await keyOf("203.0.113.7")).toEqual({ key: "127.0.0.1", address: "127.0.0.1" });
  });
});
