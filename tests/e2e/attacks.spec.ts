// Attacks through the browser: where signing in leads, and players' text in /admin.

import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures";
import { closeContexts, PASSWORD, signUp } from "./table-helpers";

test.afterEach(closeContexts);

test("a sign-in link whose callbackUrl is this site's origin with a doubled-slash path stays on this site", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = `redir_${Date.now().toString(36)}`;
  const signedUp = await (await browser.newContext()).newPage();
  await signUp(signedUp, name);

  const page = await (await browser.newContext()).newPage();
  const lure = `${baseURL}//evil.example/steal`;
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(lure)}`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${baseURL}/evil.example/steal`, { timeout: 30_000 });
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
});

test("/admin: a ban reason typed with U+202E is stored without it and shown isolated, the line in its order", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const playerName = `bidi_${tag}`;
  await signUp(await (await browser.newContext()).newPage(), playerName);
  const moderator = await (await browser.newContext()).newPage();
  const moderatorName = `bidimod_${tag}`;
  await signUp(moderator, moderatorName);
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "grant", moderatorName, "moderator"],
    { env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "" } },
  );
  await moderator.goto("/admin");
  await moderator.getByLabel("Search players").fill(playerName);
  const row = moderator.getByTestId(`user-${playerName}`);
  await row.getByLabel(`Reason to ban ${playerName}`).fill("\u202Espam at the table");
  await row.getByRole("button", { name: "Ban" }).click();
  await expect(row).toContainText("spam at the table");
  expect(await row.textContent()).not.toMatch(/\u202E/);
  await expect(row.locator("bdi", { hasText: playerName })).toHaveCount(1);

  await moderator.getByRole("button", { name: "Audit log" }).click();
  const entry = moderator.locator("bdi", { hasText: `banned ${playerName}` });
  await expect(entry).toBeVisible();
  expect(await entry.textContent()).not.toMatch(/\u202E/);
});
