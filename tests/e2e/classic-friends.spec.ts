// Classic Machiavelli with friends in three browsers (one a phone): a game made at /games/new,
// joined by its invitation link (the lobby counting its real seats), where each sees the
// others' moves live: a play, a rearrangement, a failed move and its penalty; the players
// leave and the bots standing in for them play on. A Tahiti game with a joker swap, and a
// Tahiti table's face-up cards, playable and put back by Reset turn. The deals are DEAL_SEED's
// (playwright.config.ts): the turns are found in them (tests/e2e/classic-plan.ts).

import { mkdirSync } from "node:fs";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { isJoker } from "@/engine/classic";
import { describeClassicPlan, friendsPlan, tahitiPlan } from "./classic-plan";
import {
  cardsIn,
  closeContexts,
  combinationOf,
  lay,
  moveCard,
  own,
  signUp,
  signedUpPlayer as player,
} from "./table-helpers";

test.afterEach(closeContexts);

const SCREENSHOTS = "artifacts/screenshots";
const SEED = Number(process.env.DEAL_SEED);
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

/** A friendly classic game made by the first page, joined by the others through its link, started. */
async function startFriendly(pages: Page[], choose: (page: Page) => Promise<void>) {
  const [host, ...friends] = pages as [Page, ...Page[]];
  await host.goto("/games/new");
  await host.getByRole("combobox", { name: /^Players/ }).selectOption(String(pages.length));
  await choose(host);
  await host.getByLabel("Time for a turn").selectOption({ label: "No limit" });
  await host.getByLabel("Play to").selectOption({ label: "A single round" });
  await host.getByRole("button", { name: "Create a classic game" }).click();
  await expect(host).toHaveURL(/\/games\/[^/]+$/);
  await expect(host.getByTestId("lobby-count")).toContainText(`1 of ${pages.length} in`);
  const link = (await host.getByTestId("invite-link").textContent())!.trim();
  for (const friend of friends) {
    await friend.goto(link);
    await expect(friend).toHaveURL(host.url());
  }
  await expect(host.getByTestId("lobby-count")).toContainText(
    `${pages.length} of ${pages.length} in`,
  );
  for (const page of pages) await page.getByRole("button", { name: "I'm ready" }).click();
  for (const page of pages) await expect(page).toHaveURL(/\/play\//, { timeout: 15_000 });
}

/** The pages in seat order: each finds its own seat, "You", among the players. */
async function bySeat(pages: Page[]): Promise<Page[]> {
  const seated: Page[] = [];
  for (const page of pages)
    for (let seat = 0; seat < pages.length; seat++) {
      const you = page.getByTestId(`seat-${seat}`).getByText("You", { exact: true });
      if ((await you.count()) > 0) seated[seat] = page;
    }
  expect(seated.filter(Boolean)).toHaveLength(pages.length);
  return seated;
}

/** Ends the mover's turn; each watcher reads what the mover did on its news line. */
async function endTurn(mover: Page, watchers: Page[] = [], news = "") {
  await mover.locator('[data-action="end"]').click();
  await expect(mover.getByTestId("turn")).not.toContainText("Your turn");
  for (const page of watchers) await expect(page.getByTestId("news")).toContainText(news);
}

test("a friendly classic game for three: invited by link, each sees the others' moves live, a rearrangement and a failed move with its penalty too; a bot plays on for each player who leaves", async ({
  browser,
}) => {
  // Three sign-ups and three live tables: under a minute on an idle machine, more on a loaded one.
  test.setTimeout(180_000);
  const plan = friendsPlan(SEED);
  expect(plan, `no scripted turns in the deal of seed ${SEED}`).not.toBeNull();
  const { lay: run, moved, joined, broken, stray } = plan!;
  test.info().annotations.push({ type: "plan", description: describeClassicPlan(plan!) });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const t = tag();
  const names = [`ada_${t}`, `bruno_${t}`, `chiara_${t}`];
  const pages = await Promise.all([
    player(browser, names[0]!),
    player(browser, names[1]!),
    phonePlayer(browser, names[2]!),
  ]);
  await startFriendly(pages, async () => undefined);
  for (const page of pages)
    await expect(page.getByRole("heading", { name: /Your hand \(13\)/ })).toBeVisible();
  const seats = await bySeat(pages);
  const [first, second, third] = seats as [Page, Page, Page];
  const nameAt = (seat: number) => names[pages.indexOf(seats[seat]!)]!;
  const others = (mover: Page) => pages.filter((page) => page !== mover);

  // Seat 0 lays a run of four; the others watch it grow card by card, then see the play told.
  await expect(first.getByTestId("turn")).toContainText("Your turn");
  const runId = await lay(first, run);
  for (const page of others(first)) await expect(cardsIn(page, runId)).toHaveCount(4);
  await endTurn(first, others(first), `${nameAt(0)} played 4 cards`);

  // Seat 1 rearranges: an end card of the run moves to a new space, and two of its own join it.
  await expect(second.getByTestId("turn")).toContainText("Your turn");
  await moveCard(second, `table:${moved}:${runId}`, "drop-new");
  const setId = await combinationOf(second, moved, runId);
  for (const page of others(second)) {
    await expect(page.getByTestId(`table:${moved}:${setId}`)).toBeVisible();
    await expect(cardsIn(page, runId)).toHaveCount(3);
  }
  for (const card of joined) await moveCard(second, `hand:${card}`, `drop-combination:${setId}`);
  for (const page of others(second)) await expect(cardsIn(page, setId)).toHaveCount(3);
  await endTurn(second, others(second), `${nameAt(1)} played 2 cards`);

  // Seat 2 breaks the run and ends the turn: the move fails for all to see, the table is put
  // back as it was, and seat 2 draws three penalty cards.
  await expect(third.getByTestId("turn")).toContainText("Your turn");
  await moveCard(third, `table:${broken}:${runId}`, "drop-new");
  const looseId = await combinationOf(third, broken, runId);
  await moveCard(third, `hand:${stray}`, `drop-combination:${looseId}`);
  for (const page of others(third))
    await expect(page.locator(`[data-reason="${runId}"]`)).toContainText("at least 3 cards");
  await third.locator('[data-action="end"]').click();
  // The notice and the mark stay a few seconds: looked at first, on every page.
  for (const page of pages) {
    const failed = page.getByTestId("failed-move");
    await expect(failed).toContainText("3 penalty cards");
    if (page !== third) await expect(failed).toContainText(`${nameAt(2)}'s move failed`);
    await expect(page.getByTestId("seat-2").getByTestId("penalty-mark")).toHaveText(/\+3/);
  }
  for (const page of pages) {
    await expect(cardsIn(page, runId)).toHaveCount(3);
    await expect(page.getByTestId(`drop-combination:${looseId}`)).toHaveCount(0);
    await expect(page.getByTestId("seat-2").getByLabel("16 cards")).toBeVisible();
  }
  await expect(third.getByRole("heading", { name: /Your hand \(16\)/ })).toBeVisible();
  await pages[2]!.screenshot({ path: `${SCREENSHOTS}/classic-friends-phone.png` });

  // Everyone leaves: a bot plays each seat from now on, and each page watches the bots play.
  for (const page of pages) {
    await page.getByTestId("leave-game").click();
    await page.getByRole("button", { name: "Yes, leave" }).click();
    await expect(page.getByTestId("left")).toBeVisible();
  }
  // Each page hears the others' bots: their moves on the news line, by name and level.
  for (const page of pages)
    await expect(page.getByTestId("news")).toContainText("(Medium)", { timeout: 30_000 });
  await pages[0]!.screenshot({ path: `${SCREENSHOTS}/classic-friends-bots.png` });
});

test("a Tahiti game for two: a joker laid by one is swapped by the other for the card it stands for, and joins a combination of its own", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const plan = tahitiPlan(SEED);
  expect(plan, `no joker swap in the Tahiti deal of seed ${SEED}`).not.toBeNull();
  const { layTurn, lay: laid, swapTurn, real, home } = plan!;
  test.info().annotations.push({ type: "plan", description: describeClassicPlan(plan!) });
  const t = tag();
  const names = [`ugo_${t}`, `vera_${t}`];
  const pages = await Promise.all(names.map((name) => player(browser, name)));
  await startFriendly(pages, (host) => host.getByLabel("Tahiti").check());
  const seats = await bySeat(pages);
  const joker = laid.find(isJoker)!;
  let jokerAt = 0;
  for (let turn = 0; turn <= swapTurn; turn++) {
    const mover = seats[turn % 2]!;
    const watcher = seats[1 - (turn % 2)]!;
    await expect(mover.getByTestId("turn")).toContainText("Your turn");
    if (turn === layTurn) {
      jokerAt = await lay(mover, laid);
      await endTurn(mover);
      await expect(watcher.getByTestId(`table:${joker}:${jokerAt}`)).toBeVisible();
    } else if (turn === swapTurn) {
      // The swap: the real card tapped onto the joker takes its place; the joker goes to a new
      // space, and two cards join it there.
      await mover.getByTestId(`hand:${real}`).click({ position: { x: 8, y: 12 } });
      await mover.getByTestId(`table:${joker}:${jokerAt}`).click({ position: { x: 8, y: 12 } });
      await expect(mover.getByTestId(`table:${real}:${jokerAt}`)).toBeVisible();
      const homeId = await combinationOf(mover, joker, jokerAt);
      // The other player watches the swap happen.
      await expect(watcher.getByTestId(`table:${real}:${jokerAt}`)).toBeVisible();
      await expect(watcher.getByTestId(`table:${joker}:${homeId}`)).toBeVisible();
      for (const card of home)
        await moveCard(mover, await own(mover, card), `drop-combination:${homeId}`);
      await expect(mover.locator("[data-reason]")).toHaveCount(0);
      await endTurn(mover, [watcher], `${names[pages.indexOf(mover)]} played 3 cards`);
      await expect(cardsIn(watcher, jokerAt)).toHaveCount(3);
      await expect(cardsIn(watcher, homeId)).toHaveCount(3);
      await expect(watcher.getByTestId("failed-move")).toHaveCount(0);
    } else {
      await mover.locator('[data-action="draw"]').click();
      await expect(mover.getByTestId("turn")).not.toContainText("Your turn");
    }
  }
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
