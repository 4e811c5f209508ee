import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures";
import { closeContexts, PASSWORD, signUp } from "./table-helpers";

test.afterEach(closeContexts);

/** Grants a role with the command-line tool, on the e2e server's database. */
function grant(name: string, role: string) {
  execFileSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "grant", name, role], {
    env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "" },
  });
}

test("/admin: a visitor is sent to sign in, a player refused; a moderator bans a player, who can no longer sign in", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/admin");
  await expect(visitor).toHaveURL(/\/signin\?callbackUrl=%2Fadmin/);

  const player = await (await browser.newContext()).newPage();
  const playerName = `rowdy_${tag}`;
  await signUp(player, playerName);
  await player.goto("/admin");
  await expect(player.getByRole("heading", { level: 1 })).toHaveText("403 — moderators only");

  const moderator = await (await browser.newContext()).newPage();
  const moderatorName = `mod_${tag}`;
  await signUp(moderator, moderatorName);
  grant(moderatorName, "moderator");
  await moderator.goto("/admin");
  await moderator.getByLabel("Search players").fill(playerName);
  const row = moderator.getByTestId(`user-${playerName}`);
  await row.getByLabel(`Reason to ban ${playerName}`).fill("insults at the table");
  await row.getByLabel("Duration").selectOption("1 day");
  await row.getByRole("button", { name: "Ban" }).click();
  await expect(row).toContainText("banned until");
  await moderator.screenshot({ path: "artifacts/screenshots/admin-users.png", fullPage: true });
  await moderator.getByRole("button", { name: "Audit log" }).click();
  await expect(moderator.getByText(`banned ${playerName}`)).toBeVisible();

  // The banned player's session no longer counts, and signing in again is refused with why.
  await player.goto("/games/new");
  await expect(player).toHaveURL(/\/signin/);
  await player.getByLabel("Name").fill(playerName);
  await player.getByLabel("Password").fill(PASSWORD);
  await player.getByRole("button", { name: "Sign in" }).click();
  await expect(player.getByRole("main").getByRole("alert")).toContainText(
    /Your account is banned until .* UTC: insults at the table/,
  );
});
