// Classic Machiavelli with friends in three browsers (one a phone): a game made at /games/new,
// joined by its invitation link (the lobby counting its real seats), where each sees the
// others' moves live; the players leave and the bots standing in for them play on. And a
// Tahiti table: its face-up cards playable, and put back by Reset turn.

import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { closeContexts, signUp, signedUpPlayer as player } from "./table-helpers";

test.afterEach(closeContexts);

const SCREENSHOTS = "artifacts/screenshots";
const tag = () => Date.now().toString(36);

async function phonePlayer(browser: Browser, name: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await signUp(page, name);
  return page;
}

/** The page whose turn it is now. */
async function mover(pages: Page[]): Promise<Page> {
  for (;;) {
    for (const page of pages)
      if ((await page.getByTestId("turn").textContent())?.includes("Your turn")) return page;
    await pages[0]!.waitForTimeout(100);
  }
}

test("a friendly classic game for three: invited by link, each sees the others' moves live; a bot plays on for each player who leaves", async ({
  browser,
}) => {
  // Three sign-ups and three live tables: under a minute on an idle machine, more on a loaded one.
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const t = tag();
  const names = [`ada_${t}`, `bruno_${t}`, `chiara_${t}`];
  const [ada, bruno, chiara] = await Promise.all([
    player(browser, names[0]!),
    player(browser, names[1]!),
    phonePlayer(browser, names[2]!),
  ]);
  const pages = [ada, bruno, chiara];

  // Guadalupe deals five cards: a round the bots finish in seconds.
  await ada.goto("/games/new");
  await ada.getByRole("combobox", { name: /^Players/ }).selectOption("3");
  await ada.getByLabel("Guadalupe").check();
  await ada.getByLabel("Time for a turn").selectOption({ label: "No limit" });
  await ada.getByLabel("Play to").selectOption({ label: "A single round" });
  await ada.getByRole("button", { name: "Create a classic game" }).click();
  await expect(ada).toHaveURL(/\/games\/[^/]+$/);
  await expect(ada.getByTestId("lobby-count")).toContainText("1 of 3 in");
  const link = (await ada.getByTestId("invite-link").textContent())!.trim();
  for (const friend of [bruno, chiara]) {
    await friend.goto(link);
    await expect(friend).toHaveURL(ada.url());
  }
  await expect(ada.getByTestId("lobby-count")).toContainText("3 of 3 in");
  for (const page of pages) await page.getByRole("button", { name: "I'm ready" }).click();
  for (const page of pages) {
    await expect(page).toHaveURL(/\/play\//, { timeout: 15_000 });
    await expect(page.getByRole("heading", { name: /Your hand \(5\)/ })).toBeVisible();
  }

  // Two turns: each mover draws (Guadalupe: two cards), and the others see it as it happens.
  for (let turn = 0; turn < 2; turn++) {
    const page = await mover(pages);
    const who = names[pages.indexOf(page)]!;
    await page.locator('[data-action="draw"]').click();
    for (const other of pages.filter((one) => one !== page))
      await expect(other.getByTestId("news")).toContainText(`${who} drew a card`);
    await expect(page.getByTestId("turn")).not.toContainText("Your turn");
  }
  await chiara.screenshot({ path: `${SCREENSHOTS}/classic-friends-phone.png` });

  // Everyone leaves: a bot plays each seat from now on, and each page watches the bots play.
  for (const page of pages) {
    await page.getByTestId("leave-game").click();
    await page.getByRole("button", { name: "Yes, leave" }).click();
    await expect(page.getByTestId("left")).toBeVisible();
  }
  // Each page hears the others' bots: their moves on the news line, by name and level.
  for (const page of pages)
    await expect(page.getByTestId("news")).toContainText("(Medium)", { timeout: 30_000 });
  await ada.screenshot({ path: `${SCREENSHOTS}/classic-friends-bots.png` });
});

test("a Tahiti table: five cards each, four face up that anyone may play, put back by Reset turn", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page, `tahiti_${tag()}`);
  await page.goto("/practice");
  await page.getByLabel("Tahiti").check();
  await page.getByRole("button", { name: "Start a classic game" }).click();
  await page.waitForURL(/\/play\//);
  await expect(page.getByTestId("turn")).toContainText("Your turn");
  await expect(page.getByRole("heading", { name: /Your hand \(5\)/ })).toBeVisible();
  const faceUp = page
    .getByRole("region", { name: "Face-up cards" })
    .locator('[data-testid^="faceUp:"]');
  await expect(faceUp).toHaveCount(4);
  const card = (await faceUp.first().getAttribute("data-testid"))!;
  await page.getByTestId(card).click({ position: { x: 8, y: 12 } });
  await page.getByTestId("drop-new").click({ position: { x: 4, y: 4 } });
  await expect(faceUp).toHaveCount(3);
  await expect(page.getByTestId("work")).toContainText("not valid yet");
  await page.locator('[data-action="reset"]').click();
  await expect(faceUp).toHaveCount(4);
  await expect(page.getByTestId("work")).toHaveCount(0);
});
