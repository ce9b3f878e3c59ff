import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

const RATE_LIMITED = "Too many messages from your network. Please wait 10 minutes and try again.";

test("TRUST_PROXY=true stops the start with one line that says what to set instead", () => {
  const result = spawnSync("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "4398",
      TRUST_PROXY: "true",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfg-")),
    },
    encoding: "utf8",
    timeout: 15_000,
  });
  expect(result.status).toBe(1);
  const stderr = result.stderr.trim();
  expect(stderr.split("\n")).toHaveLength(1);
  expect(stderr).toMatch(/^Invalid configuration: TRUST_PROXY must not be "true"/);
  expect(stderr).toContain("set the number of proxies in front of the server (for example 1) or their addresses");
});

test("without JavaScript, a client whose allowance the API used up sees the limit on the page", async ({ browser, request }) => {
  const client = { "x-forwarded-for": "203.0.113.61" };
  for (let index = 0; index < 5; index += 1) {
    const sent = await request.post("/api/contact", {
      headers: client,
      data: { name: "Earlier", email: "earlier@example.com", message: `Earlier ${index}` },
    });
    expect(sent.status()).toBe(201);
  }
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: client });
  const page = await context.newPage();
  try {
    await page.goto("/contact");
    await page.getByLabel("Your name *").fill("Noscript Nadia");
    await page.getByLabel("Your email *").fill("nadia@example.com");
    await page.getByLabel("Message *").fill("Kept after the refusal.");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send message" }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole("alert")).toContainText("Error");
    await expect(page.getByText(RATE_LIMITED)).toBeVisible();
    await expect(page.getByLabel("Message *")).toHaveValue("Kept after the refusal.");
  } finally {
    await context.close();
  }
});

test("a form on another site posting to the contact page is refused with 403", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.62" } });
  const page = await context.newPage();
  try {
    // A page of evil.example whose form posts to this site, as a visitor's browser would send it.
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${baseURL}/contact"><input name="name" value="Mallory">
          <input name="email" value="victim@example.com"><input name="message" value="Mail bomb">
          <button>Go</button></form>`,
      }),
    );
    await page.goto("http://evil.example/");
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Go" }).click();
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      error: "Cross-site requests are not accepted. Submit the form from this site.",
    });
  } finally {
    await context.close();
  }
});
