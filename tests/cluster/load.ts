import crypto from "node:crypto";
import { tinyPng, validReportFields } from "../helpers/sample-files";

export type Kind = "page" | "login" | "edit" | "contact" | "contact-form" | "report";

/** The mix, repeated: mostly reads, as on a marketing site, and every kind of write. */
const MIX: Kind[] = ["page", "page", "contact", "page", "report", "page", "edit", "login", "page", "contact-form", "page", "report"];
const PAGES = ["/", "/blog", "/security", "/contact", "/support"];

export type Acknowledged =
  | { kind: "contact"; marker: string; id?: string }
  | { kind: "report"; marker: string; reference: string; sha256: string };

export type Answer = { kind: Kind; status: number | "network error"; at: number; ms: number };

export type LoadResult = {
  answers: Answer[];
  acknowledged: Acknowledged[];
  /** When the load began (epoch ms); answers' `at` counts from here. */
  startedAt: number;
  seconds: number;
};

export type LoadOptions = {
  /** nginx in front of the processes. */
  base: string;
  /** A token of a logged-in admin and the password, for edits and logins. */
  token: string;
  password: string;
  /** Posts to edit and an article to read. */
  postIds: string[];
  slug: string;
  /** Requests in all, and the time limit (the load stops at whichever comes first). */
  total: number;
  maxSeconds: number;
  concurrency: number;
  /** Distinguishes the runs' client addresses and markers. */
  run: number;
  /** Called once when this many requests were answered (to kill a process or the database midway). */
  midway: { after: number; action: () => Promise<void> };
};

/** Runs the mixed load through nginx, bounded in count and time, loopback only. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const answers: Answer[] = [];
  const acknowledged: Acknowledged[] = [];
  const started = Date.now();
  let next = 0;
  let midwayDone: Promise<void> | undefined;
  let midwayError: Error | undefined;

  async function one(n: number): Promise<void> {
    const kind = MIX[n % MIX.length]!;
    // Every write comes from its own client address (nginx runs on loopback, which TRUST_PROXY
    // trusts), so per-client limits never refuse the load itself.
    const client = `10.${options.run}.${(n >> 8) & 255}.${n & 255}`;
    const marker = `cluster-${options.run}-${n}-${crypto.randomBytes(4).toString("hex")}`;
    const begin = Date.now();
    let status: Answer["status"] = "network error";
    try {
      status = await send(kind, n, client, marker);
    } catch {
      status = "network error";
    }
    answers.push({ kind, status, at: begin - started, ms: Date.now() - begin });
  }

  async function send(kind: Kind, n: number, client: string, marker: string): Promise<number> {
    const headers = { "X-Forwarded-For": client };
    const signal = AbortSignal.timeout(20_000);
    const url = (pathname: string) => `${options.base}${pathname}`;
    if (kind === "page") {
      const pathname = n % 7 === 0 ? `/blog/${options.slug}` : PAGES[n % PAGES.length]!;
      const response = await fetch(url(pathname), { headers, signal });
      await response.arrayBuffer();
      return response.status;
    }
    if (kind === "login") {
      const response = await fetch(url("/api/admin/login"), {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ password: options.password }),
        signal,
      });
      await response.arrayBuffer();
      return response.status;
    }
    if (kind === "edit") {
      const id = options.postIds[n % options.postIds.length]!;
      const response = await fetch(url(`/api/admin/posts/${id}`), {
        method: "PATCH",
        headers: { ...headers, "Content-Type": "application/json", Authorization: `Bearer ${options.token}` },
        body: JSON.stringify({ excerpt: `Edited under load, request ${n} of run ${options.run}.` }),
        signal,
      });
      await response.arrayBuffer();
      return response.status;
    }
    if (kind === "contact") {
      const response = await fetch(url("/api/contact"), {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Load Tester", email: "load@example.com", message: `Hello from the cluster test ${marker}` }),
        signal,
      });
      const body = (await response.json().catch(() => ({}))) as { id?: string };
      if (response.status === 201) acknowledged.push({ kind: "contact", marker, id: body.id });
      return response.status;
    }
    if (kind === "contact-form") {
      const response = await fetch(url("/contact"), {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Form Tester", email: "form@example.com", message: `Sent without JavaScript ${marker}` }),
        redirect: "manual",
        signal,
      });
      await response.arrayBuffer();
      if (response.status === 303 && response.headers.get("location") === "/contact?sent=1") {
        acknowledged.push({ kind: "contact", marker });
      }
      return response.status;
    }
    const image = withFiller(tinyPng(), 40_000 + (n % 7) * 5_000, marker);
    const form = new FormData();
    for (const [name, value] of Object.entries(validReportFields({ vulnerability_title: `Report ${marker}`, reporter_email: `reporter-${marker}@example.com` }))) form.append(name, value);
    form.append("attachment_0", new Blob([new Uint8Array(image)], { type: "image/png" }), "screenshot.png");
    const response = await fetch(url("/api/security/reports"), { method: "POST", headers, body: form, signal });
    const body = (await response.json().catch(() => ({}))) as { reference?: string };
    if (response.status === 201 && body.reference) {
      acknowledged.push({ kind: "report", marker, reference: body.reference, sha256: sha256(image) });
    }
    return response.status;
  }

  async function worker(): Promise<void> {
    while (next < options.total && Date.now() - started < options.maxSeconds * 1000) {
      const n = next;
      next += 1;
      await one(n);
      if (!midwayDone && answers.length >= options.midway.after) {
        // Its failure is reported once the load has ended, so the caller's clean-up still runs.
        midwayDone = options.midway.action().catch((error: unknown) => {
          midwayError = error instanceof Error ? error : new Error(String(error));
        });
      }
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  await midwayDone;
  if (midwayError) throw midwayError;
  return { answers, acknowledged, startedAt: started, seconds: (Date.now() - started) / 1000 };
}

/** A valid PNG followed by filler bytes unique to this request (PNG readers ignore trailing data). */
function withFiller(png: Buffer, size: number, marker: string): Buffer {
  const filler = crypto.createHash("sha512").update(marker).digest();
  const rest = Buffer.alloc(Math.max(size - png.length, 0));
  for (let offset = 0; offset < rest.length; offset += filler.length) filler.copy(rest, offset);
  return Buffer.concat([png, rest]);
}

export function sha256(bytes: Buffer | Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

/** Counts by a key, for the printed figures. */
export function tally<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Latency percentiles of the answered requests, in milliseconds. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
