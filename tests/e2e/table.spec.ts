import { mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { CardId } from "@/engine/cards";
import { describePlan, tablePlan } from "./table-plan";
import {
  closeContexts,
  drag,
  keyboardMove,
  laggyStream,
  openMatch,
  signUp,
  tabTo,
  tapMove,
  touchDrag,
} from "./table-helpers";

test.afterEach(closeContexts);

// The e2e server deals every hand from DEAL_SEED (playwright.config.ts): the plan is found in
// that deal, so every gesture below plays real cards.
const plan = tablePlan(Number(process.env.DEAL_SEED));
const SCREENSHOTS = "artifacts/screenshots";

const hand = (card: CardId) => `hand:${card}`;
const staged = (card: CardId) => `staging:${card}`;
const onTable = (card: CardId, meld: number) => `table:${card}:${meld}`;
const meld = (id: number) => `drop-meld:${id}`;

async function player(browser: Browser, name: string, device: "desktop" | "phone") {
  const context = await browser.newContext(
    device === "phone"
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 860 } },
  );
  const page = await context.newPage();
  await signUp(page, name);
  return page;
}

const cardsOf = (page: Page, id: number) => page.getByTestId(meld(id)).locator("[data-card]");

test("three players at one table: every gesture, a refused hold, a chain undo, «Stop!», leaving and the end of the hand", async ({
  browser,
}) => {
  // 55 s at load 8 on the 2-core CI machine.
  test.setTimeout(180_000);
  expect(plan, `no scripted hand in the deal of seed ${process.env.DEAL_SEED}`).not.toBeNull();
  const p = plan!;
  test.info().annotations.push({ type: "plan", description: describePlan(p) });
  const tag = Date.now().toString(36);
  // Ada plays with the mouse on a desktop, Bruno with the keyboard only, Chiara by touch on a phone.
  const ada = await player(browser, `ada_${tag}`, "desktop");
  const bruno = await player(browser, `bruno_${tag}`, "desktop");
  const lag = await laggyStream(bruno);
  const chiara = await player(browser, `chiara_${tag}`, "phone");
  const everyone = [ada, bruno, chiara];

  const matchId = await openMatch(ada);
  await ada.goto(`/play/${matchId}`);
  for (const page of [bruno, chiara]) {
    await page.goto(`/play/${matchId}`);
    await page.getByRole("button", { name: "Take a seat" }).click();
  }
  for (const page of everyone) await expect(page.getByTestId("game-table")).toBeVisible();

  // §4 drawing: a click, the "d" key, a tap.
  for (let i = 0; i < p.draws; i++) {
    await ada.getByRole("button", { name: /^Draw/ }).click();
    await bruno.keyboard.press("d");
    await chiara.getByRole("button", { name: /^Draw/ }).tap();
  }
  for (const page of everyone)
    await expect(page.getByRole("button", { name: `Draw (${34 - p.draws} left)` })).toBeVisible();

  // §5.1 Ada drags three cards to her staging area and lays the meld.
  for (const card of p.lay) await drag(ada, hand(card), "drop-staging");
  await expect(ada.getByTestId("drop-staging").locator("[data-card]")).toHaveCount(3);
  await ada.getByRole("button", { name: "Lay the meld" }).click();
  for (const page of everyone) await expect(cardsOf(page, 1)).toHaveCount(3);

  // §5.2 Bruno adds a card to it, keyboard only.
  await keyboardMove(bruno, hand(p.add), meld(1));
  for (const page of everyone) await expect(cardsOf(page, 1)).toHaveCount(4);

  // §5.3 Bruno declares one card by keyboard, then walks to the table card he will reach for;
  // only then does Chiara declare two cards by touch, so the 40 s of her play and the 10 s of
  // her hold (§6) are not spent on his key presses, however slow the machine.
  await keyboardMove(bruno, hand(p.reachWith), "drop-staging");
  await expect(ada.getByLabel(/Staging area: bruno/).locator("[data-card]")).toHaveCount(1);
  await tabTo(bruno, onTable(p.move.card, 1));
  // One card dragged with a finger, one tapped and then its place tapped.
  await touchDrag(chiara, hand(p.move.declared[0]), "drop-staging");
  await tapMove(chiara, hand(p.move.declared[1]), "drop-staging");
  await expect(bruno.getByLabel(/Staging area: chiara/).locator("[data-card]")).toHaveCount(2);

  // §6 both reach for the same table card. Bruno's table lags behind, so he still sees it
  // free when Chiara already holds it: the server refuses him, first come first served.
  lag.pause();
  await chiara.getByTestId(onTable(p.move.card, 1)).tap({ position: { x: 8, y: 12 } });
  await expect(ada.getByTestId(onTable(p.move.card, 1))).toHaveAttribute(
    "aria-label",
    /held by chiara/,
  );
  await expect(bruno.getByTestId(onTable(p.move.card, 1))).toBeFocused();
  await bruno.keyboard.press("Enter");
  await expect(
    bruno.getByRole("alert").filter({ hasText: "Another player holds that card" }),
  ).toBeVisible();
  lag.resume();
  await expect(bruno.getByTestId(onTable(p.move.card, 1))).toHaveAttribute(
    "aria-label",
    /held by chiara/,
  );

  // Chiara moves it to a free space and places her two declared cards beside it.
  await chiara.getByTestId("drop-new").tap({ position: { x: 8, y: 8 } });
  for (const card of p.move.declared) await tapMove(chiara, staged(card), meld(2));
  for (const page of everyone) {
    await expect(cardsOf(page, 1)).toHaveCount(3);
    await expect(cardsOf(page, 2)).toHaveCount(3);
  }
  // Bruno takes his declared card back into his hand.
  await keyboardMove(bruno, staged(p.reachWith), "drop-hand");
  await expect(bruno.getByTestId(hand(p.reachWith))).toBeVisible();

  // §5.5 one player places a declared card; another builds on it; the first cancels.
  const { chain } = p;
  const placer = everyone[chain.placer]!;
  const follower = everyone[chain.follower]!;
  for (const card of [chain.first, chain.spare]) await drag(placer, hand(card), "drop-staging");
  await drag(placer, staged(chain.first), meld(chain.meld));
  await expect(follower.getByTestId(onTable(chain.first, chain.meld))).toBeVisible();
  await drag(follower, hand(chain.second), meld(chain.meld));
  for (const page of everyone) await expect(cardsOf(page, chain.meld)).toHaveCount(5);

  // The table mid-hand, as players see it on a desktop and on a phone.
  mkdirSync(SCREENSHOTS, { recursive: true });
  await ada.screenshot({ path: `${SCREENSHOTS}/table-desktop.png`, fullPage: true });
  await chiara.screenshot({ path: `${SCREENSHOTS}/table-phone.png`, fullPage: true });

  await placer.getByRole("button", { name: "Cancel the meld" }).click();
  await expect(follower.getByRole("alert").filter({ hasText: "Chain undo" })).toContainText(
    "cancelled their play",
  );
  await expect(follower.getByTestId(hand(chain.second))).toBeVisible();

  // Bruno's connection drops; his table reconnects and resumes from the last event it saw,
  // so it hears about what happened meanwhile.
  await lag.drop();
  await ada.getByRole("button", { name: /^Draw/ }).click();
  await expect(bruno.getByRole("region", { name: `ada_${tag}` })).toContainText(
    `stock ${33 - p.draws}`,
  );

  // §9 Bruno calls «Stop!»: the others are frozen; he gives up and is eliminated.
  // Both ask first, with "No" focused: Shift+Tab to the "Yes".
  await tabTo(bruno, "action-stop");
  await bruno.keyboard.press("Enter");
  await expect(bruno.getByRole("alertdialog")).toContainText("−15");
  await bruno.keyboard.press("Shift+Tab");
  await bruno.keyboard.press("Enter");
  for (const page of [ada, chiara]) {
    await expect(page.getByTestId("situation")).toContainText("called «Stop!»: you are frozen");
    await expect(page.getByRole("button", { name: /^Draw/ })).toBeDisabled();
  }
  await tabTo(bruno, "action-giveup");
  await bruno.keyboard.press("Enter");
  await expect(bruno.getByRole("alertdialog")).toContainText("−15");
  await bruno.keyboard.press("Shift+Tab");
  await bruno.keyboard.press("Enter");
  await expect(ada.getByRole("button", { name: /^Draw/ })).toBeEnabled();

  // §11.3 Ada leaves, after confirming: Chiara is the last one in play and wins (§9).
  await ada.getByRole("button", { name: "Leave", exact: true }).click();
  await ada.getByRole("button", { name: "Yes, leave" }).click();
  for (const page of everyone) {
    const end = page.getByRole("dialog", { name: "End of the hand" });
    await expect(end).toBeVisible();
    await expect(end.getByTestId("hand-result")).toContainText(`chiara_${tag} wins the hand`);
    await expect(end.getByTestId("score-1")).toContainText("−15");
  }
});

test("a practice table: one player against two bots that play at a human pace; a spectator; in Italian; the game page's first-load JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signUp(page, `solo_${Date.now().toString(36)}`);
  await page.goto("/");
  await page.getByRole("link", { name: "Practice against bots" }).click();
  await page.getByRole("button", { name: "Start a practice hand" }).click();
  await expect(page).toHaveURL(/\/play\//);
  await expect(page.getByTestId("game-table")).toBeVisible();

  // The first-load JavaScript of the game page, gzipped as it travels.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => url.endsWith(".js")),
  );
  let gzipped = 0;
  for (const url of scripts) gzipped += gzipSync(await (await page.request.get(url)).body()).length;
  const kb = Math.round(gzipped / 1024);
  test.info().annotations.push({ type: "first-load JS", description: `${kb} KB gzip` });
  console.log(`game page first-load JS: ${kb} KB gzip in ${scripts.length} files`);
  expect(kb).toBeLessThanOrEqual(250);

  // Both bots draw and play by themselves, through the same actions as a player.
  for (const bot of ["Bot 1", "Bot 2"])
    await expect(page.getByRole("region", { name: bot })).not.toContainText("stock 34", {
      timeout: 20_000,
    });

  // Anyone else who opens the table's address watches it: no hand, no buttons.
  const watcher = await (await browser.newContext()).newPage();
  await signUp(watcher, `watch_${Date.now().toString(36)}`);
  await watcher.goto(page.url());
  await expect(watcher.getByText("You are watching this hand.")).toBeVisible();
  await expect(watcher.getByRole("region", { name: "Bot 1" })).toBeVisible();
  await expect(watcher.getByRole("button", { name: /^Draw/ })).toHaveCount(0);
  await watcher.context().close();

  // The table in Italian, chosen in the table's settings (the site's header is under the
  // table's frame): the choice is remembered in a cookie.
  await page
    .getByTestId("game-table")
    .getByRole("combobox", { name: "Language" })
    .selectOption("it");
  await expect(page.getByRole("button", { name: "Cala la combinazione" })).toBeVisible();
  // The table's own link to the rules opens them beside the game; the rules page speaks Italian too.
  await expect(
    page.getByTestId("game-table").getByRole("link", { name: "Regole" }),
  ).toHaveAttribute("href", "/rules");
  await page.goto("/rules");
  // Both games' rules, one after the other.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([
    "Come si gioca a Machiavelox",
    "Machiavelli classico",
  ]);
  await page.getByRole("combobox", { name: "Lingua" }).selectOption("en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([
    "How Machiavelox is played",
    "Classic Machiavelli",
  ]);
});
