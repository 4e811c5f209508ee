import { expect, test } from "./fixtures";
import { linkToken, startSmtp } from "../db/smtp";
import { closeContexts, PASSWORD, signUp } from "./table-helpers";

// The account page and a password reset, with mail through the local SMTP server the e2e
// server is configured for (playwright.config.ts, E2E_SMTP_PORT).

// Started in the worker only: Playwright's runner loads this file too, to list its tests.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
test.beforeAll(async () => {
  smtp = await startSmtp(Number(process.env.E2E_SMTP_PORT));
});
test.afterAll(() => smtp.close());
test.afterEach(closeContexts);

test("a player adds an email address by its link, changes the password, and resets a forgotten one by mail", async ({
  page,
}) => {
  // Several bcrypt rounds and page renders on a loaded 2-core machine.
  test.setTimeout(120_000);
  const name = `acct_${Date.now().toString(36)}`;
  const email = `${name}@example.test`;
  await signUp(page, name);
  const nav = page.getByRole("navigation");
  await nav.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByTestId("email-status")).toHaveText(/No verified address/);

  const emailForm = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Email address" }) });
  await emailForm.getByLabel("Email address").fill("not an address");
  await emailForm.getByLabel("Password").fill(PASSWORD);
  await emailForm.getByRole("button", { name: "Send the link" }).click();
  await expect(emailForm.getByText("Enter an email address.")).toBeVisible();
  await emailForm.getByLabel("Email address").fill(email);
  await emailForm.getByRole("button", { name: "Send the link" }).click();
  await expect(emailForm.getByRole("status")).toHaveText(
    `Sent: follow the link in the mail to ${email}.`,
  );
  const verification = await smtp.next(email);
  await page.goto(`/account/verify?token=${linkToken(verification)}`);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    `Your address ${email} is verified.`,
  );
  await page.goto("/account");
  await expect(page.getByTestId("email-status")).toHaveText(`Verified: ${email}`);

  const passwordForm = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Change password" }) });
  await passwordForm.getByLabel("Current password").fill("not my password");
  await passwordForm.getByLabel("New password").fill("a second password");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("That is not your password.")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill(PASSWORD);
  await passwordForm.getByLabel("New password").fill("a second password");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByRole("status")).toHaveText(
    "Your password is changed and every session of yours is signed out: sign in with it.",
  );
  await page.reload();
  await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByText(/Without a verified address a reset is impossible/)).toBeVisible();
  await page.getByLabel("Name or email address").fill(name);
  await page.getByRole("button", { name: "Send a reset link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    /If that account has a verified email address/,
  );
  const reset = await smtp.next(email, 1);
  await page.goto(`/reset?token=${linkToken(reset)}`);
  await page.getByLabel("New password").fill("a third password");
  await page.getByRole("button", { name: "Set the password" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Your password is changed: sign in with it.",
  );

  await page.goto("/signin");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill("a second password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong name or password.");
  await page.getByLabel("Password").fill("a third password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(nav.getByRole("link", { name })).toBeVisible();

  // Deleting the account asks the password, signs out, and frees the name's page.
  await nav.getByRole("link", { name: "Account" }).click();
  const deleteForm = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Delete account" }) });
  await deleteForm.getByLabel("Password").fill("a third password");
  await deleteForm.getByRole("button", { name: "Delete my account" }).click();
  await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto(`/u/${name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nothing here");
});
