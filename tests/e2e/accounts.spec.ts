import { expect, test } from "./fixtures";
import { closeContexts } from "./table-helpers";

test.afterEach(closeContexts);

// A name no earlier attempt has taken: a retry reuses the server and its data folder.
const name = `e2e_${Date.now().toString(36)}`;
const password = "correct horse battery";

test("a player signs up, signs out, signs in and opens their profile", async ({ page }) => {
  // Several bcrypt rounds and page renders: 15 s at load 8 on the 2-core CI machine.
  test.setTimeout(60_000);
  const nav = page.getByRole("navigation");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Machiavelli");

  await nav.getByRole("link", { name: "Sign up" }).click();
  await page.getByLabel("Name").fill("ab");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("A name has at least 3 characters.")).toBeVisible();
  await expect(page.getByText("A password has at least 8 characters.")).toBeVisible();

  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`/u/${name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Member since")).toBeVisible();

  await nav.getByRole("button", { name: "Sign out" }).click();
  await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/signup");
  await page.getByLabel("Name").fill(name.toUpperCase());
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("That name is taken.")).toBeVisible();

  await page.goto("/signin");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong name or password.");

  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(nav.getByRole("link", { name })).toBeVisible();

  await nav.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/u/${name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("No games yet.")).toBeVisible();
});

test("before the page's script has run, the sign-up form sends nothing and keeps what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Create account" })).toBeDisabled();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  // A native submission would be a GET carrying the password in the address.
  const submitted = page.waitForRequest(/\/signup\?/, { timeout: 1_000 }).then(
    () => true,
    () => false,
  );
  await page.getByLabel("Password").press("Enter");
  expect(await submitted).toBe(false);
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Password")).toHaveValue(password);
});
