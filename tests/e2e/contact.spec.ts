import type { Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { expect, test } from "./fixtures";

/**
 * Every test is its own client: the server trusts X-Forwarded-For from loopback (TRUST_PROXY in
 * playwright.config.ts, as behind a load balancer), so each test has its own contact rate limit
 * and no test uses up another's allowance.
 */
function asClient(address: string) {
  return { "x-forwarded-for": address };
}

/** Opens the contact page and waits until it is interactive (it then checks the fields itself). */
async function openContactForm(page: Page) {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await expect(page.locator("form[novalidate]")).toBeAttached();
}

async function fillForm(page: Page, values: { name: string; email: string; message: string }) {
  await page.getByLabel("Your name *").fill(values.name);
  await page.getByLabel("Your email *").fill(values.email);
  await page.getByLabel("Message *").fill(values.message);
}

test("the form has the specified labels, an email input and the contact details", async ({ page }) => {
  await openContactForm(page);
  await expect(page.getByLabel("Your name *")).toBeVisible();
  await expect(page.getByLabel("Your email *")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Message *")).toBeVisible();
  await expect(page.getByRole("link", { name: "support@dialogic.localhost" })).toHaveAttribute(
    "href",
    "mailto:support@dialogic.localhost",
  );
  await expect(page.getByRole("link", { name: "+1 (614) 555-0142" })).toHaveAttribute("href", "tel:+16145550142");
});

test("empty fields give the 'Missing fields' toast and send nothing", async ({ page }) => {
  await openContactForm(page);
  await page.getByLabel("Your name *").fill("Only a name");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Missing fields")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields.")).toBeVisible();
  await expect(page.getByLabel("Your name *")).toHaveValue("Only a name");
  await expect(page.getByLabel("Your email *")).toBeFocused();
});

test("a valid message shows 'Sending...', then 'Message sent!', and the form is cleared", async ({ page }) => {
  await page.setExtraHTTPHeaders(asClient("203.0.113.11"));
  await openContactForm(page);
  await fillForm(page, {
    name: "Ada Lovelace",
    email: "ada@example.com",
    message: "We would like to train 300 people on our new policies.",
  });
  // Hold the request on its way to the real server until the sending state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/contact", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send message" }).click();
  const sending = page.getByRole("button", { name: "Sending..." });
  await expect(sending).toBeDisabled();
  release();

  await expect(page.getByText("Message sent!")).toBeVisible();
  await expect(page.getByText("Thank you for your message. We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel("Your name *")).toHaveValue("");
  await expect(page.getByLabel("Your email *")).toHaveValue("");
  await expect(page.getByLabel("Message *")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
});

test.describe("when the server refuses the message", () => {
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test("the 'Error' toast appears and the text is kept", async ({ page, request }) => {
    const client = asClient("203.0.113.12");
    // This client has already sent as many messages as the limit allows in the window.
    let status = 0;
    for (let sent = 0; sent < 20 && status !== 429; sent += 1) {
      const response = await request.post("/api/contact", {
        headers: client,
        data: { name: "Earlier", email: "earlier@example.com", message: "An earlier message" },
      });
      status = response.status();
    }
    expect(status).toBe(429);
    await page.setExtraHTTPHeaders(client);
    await openContactForm(page);
    const values = { name: "Grace Hopper", email: "grace@example.com", message: "Text I do not want to type again." };
    await fillForm(page, values);
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Too many messages from your network. Please wait 10 minutes and try again."),
    ).toBeVisible();
    await expect(page.getByLabel("Your name *")).toHaveValue(values.name);
    await expect(page.getByLabel("Your email *")).toHaveValue(values.email);
    await expect(page.getByLabel("Message *")).toHaveValue(values.message);
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  });
});

test.describe("when the network fails", () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test("the 'Error' toast reads 'Failed to send message. Please try again.' and the text is kept", async ({ page }) => {
    await openContactForm(page);
    await page.route("**/api/contact", (route) => route.abort("failed"));
    await fillForm(page, { name: "Offline Olga", email: "olga@example.com", message: "Sent from a train." });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Message *")).toHaveValue("Sent from a train.");
  });
});

test("without JavaScript the form posts and answers with a page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: asClient("203.0.113.13") });
  const page = await context.newPage();
  try {
    await page.goto("/contact");
    // The server refuses an address the browser lets through, and keeps what was typed.
    await fillForm(page, { name: "Noscript Nadia", email: "nadia@localhost", message: "Plain HTML is enough." });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toContainText("Error");
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Your name *")).toHaveValue("Noscript Nadia");
    await expect(page.getByLabel("Message *")).toHaveValue("Plain HTML is enough.");

    await page.getByLabel("Your email *").fill("nadia@example.com");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("status")).toContainText("Message sent!");
    await expect(page.getByRole("status")).toContainText("Thank you for your message. We'll get back to you soon.");
    await expect(page.getByLabel("Your name *")).toHaveValue("");
  } finally {
    await context.close();
  }
});

test("the admin inbox shows a new message, which can be marked read", async ({ page, request }) => {
  const name = `Inbox Ida ${Date.now()}`;
  const sent = await request.post("/api/contact", {
    headers: asClient("203.0.113.14"),
    data: { name, email: "ida@example.com", message: "Please send me the pricing sheet." },
  });
  expect(sent.status()).toBe(201);

  const login = await request.post("/api/admin/login", { data: { password: process.env.E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [ADMIN_TOKEN_STORAGE_KEY, token] as const,
  );

  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin/blog");
  const message = page.getByRole("article", { name: `Message from ${name}` });
  await expect(message).toContainText("Please send me the pricing sheet.");
  await expect(message).toContainText("ida@example.com");
  await expect(message).toContainText("Unread");

  await message.getByRole("button", { name: "Mark as read" }).click();
  await expect(message.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expect(message).toContainText("Read");
  await page.reload();
  await expect(page.getByRole("article", { name: `Message from ${name}` }).getByRole("button", { name: "Mark as unread" })).toBeVisible();
});

test("the admin inbox sends a visitor without a session to the login", async ({ page }) => {
  await page.goto("/admin/messages");
  await expect(page).toHaveURL(/\/admin\/login$/);
});
