import { axeViolations } from "../helpers/axe";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { signIn } from "./admin-session";
import { expect, test as base } from "./fixtures";

// Issue 33: the home page is a page the marketing team edits (decision 199). On a server of its
// own: the shared server's / is read by the specification's tests while this one changes it.
const test = base.extend<{ server: BuiltServer }>({
  server: async ({ context }, provide) => {
    const server = await startBuiltServer();
    await provide(server);
    await context.close();
    await server.stop();
  },
});
test.describe.configure({ timeout: 120_000 });
test.use({ bypassCSP: true, reducedMotion: "reduce" });

const HERO_TITLE = "Turn your documents into conversations that teach";

test("a marketing manager edits the home hero in Pages: the preview follows her, / keeps its title until she publishes, then shows hers", async ({ page, server }) => {
  await signIn(page, { url: server.url, password: server.adminPassword });
  await page.goto(`${server.url}/admin/pages`);
  await expect(page.getByText("Loading pages...")).toBeHidden();
  await page.getByRole("table").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page.getByLabel("Page title (admin)")).toHaveValue("Home");

  const hero = page.getByRole("region", { name: "Block 1: Hero" });
  const title = hero.getByLabel("Title", { exact: true });
  await expect(title).toHaveValue(HERO_TITLE);
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  await expect(preview.getByRole("heading", { level: 1, name: HERO_TITLE })).toBeVisible();

  const edited = "Practice the conversations your documents describe";
  await title.fill(edited);
  await expect(preview.getByRole("heading", { level: 1, name: edited })).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved; the live page is unchanged")).toBeVisible();
  // The site still shows the published hero.
  const visitor = await page.context().newPage();
  await visitor.goto(`${server.url}/`);
  await expect(visitor.getByRole("heading", { level: 1, name: HERO_TITLE })).toBeVisible();
  expect(await axeViolations(page), "the home page's editor").toEqual([]);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();
  // Within a second of the publish (the page cache drops / on every process).
  await expect(async () => {
    await visitor.goto(`${server.url}/`);
    await expect(visitor.getByRole("heading", { level: 1, name: edited })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await expect(visitor.getByRole("heading", { level: 1, name: HERO_TITLE })).toHaveCount(0);
});
