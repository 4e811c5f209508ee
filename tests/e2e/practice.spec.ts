import { mkdirSync } from "node:fs";
import { type Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { closeContexts, openMatch, signUp } from "./table-helpers";

test.afterEach(closeContexts);

// The e2e server runs its bots at a twentieth of their human pace (BOT_REACTION_SCALE in
// playwright.config.ts), the clocks of practice tables asking for it ten times faster
// (MATCH_CLOCK_SCALE), and deals every hand from DEAL_SEED.
const SCREENSHOTS = "artifacts/screenshots";
const tag = () => Date.now().toString(36);

async function player(browser: Browser, name: string) {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 900 } })
  ).newPage();
  await signUp(page, name);
  return page;
}

test("a practice table with two hard bots plays to the end of the hand after its player leaves", async ({
  page,
}) => {
  // The bots empty their stocks within seconds; a hand nobody goes out of ends in the final
  // silence, two minutes after the last play (§10.1), or a tie-break two minutes later (§10.2):
  // 12 s each on this table's fast clock.
  test.setTimeout(90_000);
  await signUp(page, `solo_${tag()}`);
  const response = await page.request.post("/api/trpc/practice.start", {
    data: { json: { level: "hard", fastClock: true } },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { json: { matchId: string } } } };
  await page.goto(`/play/${body.result.data.json.matchId}`);
  await expect(page.getByTestId("game-table")).toBeVisible();
  await page.getByRole("button", { name: /^Draw/ }).click();
  await page.getByRole("button", { name: "Leave", exact: true }).click();
  await page.getByRole("button", { name: "Yes, leave" }).click();
  const end = page.getByRole("dialog", { name: "End of the hand" });
  await expect(end).toBeVisible({ timeout: 75_000 });
  const result = end.getByTestId("hand-result");
  await expect(result).toContainText(/Bot [12] \(Hard\) wins the hand|A draw/);
  test.info().annotations.push({ type: "end", description: (await result.textContent()) ?? "" });
  // The player who left got the penalty for leaving (§11.2).
  await expect(end.getByTestId("score-0")).toContainText("−15");
});

test("the Hint at a friendly table shows the best placement of the hand and plays it step by step", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const id = tag();
  const [ada, bruno, chiara] = [
    await player(browser, `ada_${id}`),
    await player(browser, `bruno_${id}`),
    await player(browser, `chiara_${id}`),
  ];
  const matchId = await openMatch(ada);
  await ada.goto(`/play/${matchId}`);
  for (const page of [bruno, chiara]) {
    await page.goto(`/play/${matchId}`);
    await page.getByRole("button", { name: "Take a seat" }).click();
  }
  await expect(ada.getByTestId("game-table")).toBeVisible();
  // §1 the hand starts empty: nothing to place.
  await ada.getByTestId("hint-open").click();
  await expect(ada.getByTestId("hint-message")).toContainText("No placement found");
  await ada.getByRole("button", { name: "Hide the hint" }).click();

  // Fifteen cards of the seed's deal hold at least one meld.
  for (let drawn = 1; drawn <= 15; drawn++) {
    await ada.getByRole("button", { name: /^Draw/ }).click();
    await expect(ada.getByRole("button", { name: `Draw (${34 - drawn} left)` })).toBeVisible();
  }
  await ada.getByTestId("hint-open").click();
  const message = ada.getByTestId("hint-message");
  await expect(message).toContainText("can go onto the table");
  await expect(ada.getByTestId("drop-hand").locator("[data-card]")).toHaveCount(15);
  const next = ada.getByTestId("hint-next");
  await expect(next).toBeEnabled();
  const target = ada.getByTestId("hint-target");
  await expect(target.locator("[data-card]").first()).toBeVisible();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await ada.screenshot({ path: `${SCREENSHOTS}/table-hint.png`, fullPage: true });

  // The first step, through the ordinary commands: the step counter moves on.
  const total = Number(/of (\d+)/.exec((await next.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(1);
  await next.click();
  await expect(next).toHaveText(`Play step 2 of ${total}`);
  for (let step = 2; step <= total; step++) {
    await expect(next).toBeEnabled();
    await next.click();
  }
  await expect(message).toHaveText("Done: the hint's cards are on the table.");
  for (const page of [ada, bruno, chiara])
    await expect(page.getByTestId("drop-meld:1").locator("[data-card]").first()).toBeVisible();
});
