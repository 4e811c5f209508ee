import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { closeContexts } from "./table-helpers";

test.afterEach(closeContexts);

const password = "correct horse battery";

async function signUp(page: Page): Promise<string> {
  const name = `sec_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto("/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`/u/${name}`);
  return name;
}

test("pages carry the security headers, cannot be framed, and still run under their policy", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  // The page's scripts run: a client-side form signs up and signs in.
  await signUp(page);
  await page.goto("/practice");
  await page.goto("/agora");
  expect(violations).toEqual([]);
});

test("a malformed cookie (foo=%) set by a same-site page breaks neither the pages nor the API", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = await signUp(page);
  await context.addCookies([{ name: "foo", value: "%", url: baseURL! }]);
  for (const path of ["/", "/practice", "/agora", "/leaderboard", `/u/${name}`]) {
    const response = await page.goto(path);
    expect([path, response!.status()]).toEqual([path, 200]);
  }
  await expect(page.getByRole("navigation").getByRole("link", { name })).toBeVisible();
  const me = await page.request.get("/api/trpc/account.me");
  expect(me.status()).toBe(200);
  expect(await me.text()).toContain(name);
});

test("after signing out, the old session cookie is refused by the API and the pages", async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = await signUp(page);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const replay = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie },
  });
  try {
    expect(await (await replay.get("/api/trpc/account.me")).text()).toContain(name);
    await page.getByRole("navigation").getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Sign in" })).toBeVisible();
    const after = await replay.get("/api/trpc/account.me");
    expect(after.status()).toBe(200);
    expect(await after.text()).not.toContain(name);
    const practice = await replay.get("/practice");
    expect(await practice.text()).not.toContain(name);
  } finally {
    await replay.dispose();
  }
});
